// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Foundation
import Lighting
import Synchronization
import Testing

/// The lights live on their own thread: discovery, strobes and torch writes happen there, and
/// the render loop sees only events.
@Suite struct LightsWorkerTests {
  static func control(_ raw: UInt32, kind: CameraControl.Kind, menu: [Int64: String] = [:])
    -> CameraControl
  {
    CameraControl(
      id: ControlID(rawValue: raw), name: "", kind: kind, minimum: 0, maximum: 2, step: 1,
      defaultValue: 0, value: 0, menu: menu)
  }

  func drain(_ worker: LightsWorker) -> [LightsWorker.Event] {
    worker.waitUntilIdle()
    return worker.events.drain()
  }

  @Test func noLightsMeansTheScreenAndAFlashThatDoesNotFire() {
    let worker = LightsWorker(wake: {}, discover: { _, _ in [] })
    defer { worker.stop() }
    worker.send(.discover(videoNode: "/dev/video0", controls: []))
    worker.send(.strobe)
    #expect(
      drain(worker) == [
        .found(LightsWorker.Lights()), .fired(nil, problem: nil),
      ])
  }

  @Test func theCamerasOwnFlashControlsAreLeftToTheCaptureSession() throws {
    let controls = [
      Self.control(0x009c_0901, kind: .menu, menu: [0: "Off", 1: "Flash", 2: "Torch"]),
      Self.control(0x009c_0903, kind: .button),
    ]
    let flash = try #require(FlashControls(controls))
    let seen = Mutex<(node: String, count: Int)?>(nil)
    let worker = LightsWorker(
      wake: {},
      discover: { node, given in
        seen.withLock { $0 = (node, given.count) }
        return [.videoNode(flash)]
      })
    defer { worker.stop() }
    worker.send(.discover(videoNode: "/dev/video2", controls: controls))
    let events = drain(worker)
    guard case .found(let lights) = events.first else {
      Issue.record("no lights found: \(events)")
      return
    }
    let asked = seen.withLock { $0 }
    #expect(asked?.node == "/dev/video2" && asked?.count == 2)
    #expect(lights.canStrobe && lights.canTorch)
    #expect(lights.strobeControls == flash && lights.torchControls == flash)
  }

  @Test func anLEDClassLightIsStrobedAndLitOnTheWorkerThread() throws {
    let folder = try TemporaryFolder()
    let led = folder.url.appendingPathComponent("white:flash").path
    try FileManager.default.createDirectory(atPath: led, withIntermediateDirectories: true)
    for name in ["brightness", "flash_strobe"] {
      try Data("0\n".utf8).write(to: URL(fileURLWithPath: led + "/" + name))
    }
    let light = FlashLED(
      name: "white:flash", path: led, maxBrightness: 10, canStrobe: true,
      flashTimeout: .milliseconds(100))
    let worker = LightsWorker(wake: {}, discover: { _, _ in [.led(light)] })
    defer { worker.stop() }
    worker.send(.discover(videoNode: "/dev/video0", controls: []))
    worker.send(.setTorch(strength: 0.5))
    let before = MonotonicTime.now()
    worker.send(.strobe)
    let events = drain(worker)
    #expect(events.count == 2)
    guard case .found(let lights) = events.first, case .fired(let firing, nil) = events.last,
      let firing
    else {
      Issue.record("unexpected events: \(events)")
      return
    }
    #expect(lights.canStrobe && lights.strobeControls == nil)
    #expect(lights.flashDuration == .milliseconds(100))
    #expect(firing.firedAt >= before && firing.duration == .milliseconds(100))
    #expect(try String(contentsOfFile: led + "/brightness", encoding: .utf8).hasPrefix("5"))
    #expect(try String(contentsOfFile: led + "/flash_strobe", encoding: .utf8).hasPrefix("1"))
  }

  @Test func aTorchThatCannotBeWrittenSaysSo() {
    let light = FlashLED(
      name: "torch", path: "/nonexistent/torch", maxBrightness: 1, canStrobe: false)
    let worker = LightsWorker(wake: {}, discover: { _, _ in [.led(light)] })
    defer { worker.stop() }
    worker.send(.discover(videoNode: "/dev/video0", controls: []))
    worker.send(.setTorch(strength: 1))
    let events = drain(worker)
    #expect(events.count == 2)
    guard case .torchFailed(let message) = events.last else {
      Issue.record("no torch failure: \(events)")
      return
    }
    #expect(message.hasPrefix("Torch: "))
  }
}
