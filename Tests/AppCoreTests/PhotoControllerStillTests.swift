// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import PhotoPipeline
import Testing

@Suite("Photo controller: Quality shots in the largest mode")
struct PhotoControllerStillTests {
  static let preview = StillModeSwitchTests.mode(16, 8, .nv12)
  static let still = StillModeSwitchTests.mode(32, 16, .nv12)

  /// A Quality controller previewing 16x8 with a 32x16 mode, frames 1…3 presented.
  func qualityFixture() -> ControllerFixture {
    var settings = AppSettings()
    settings.photoQuality = .quality
    let fixture = ControllerFixture(settings: settings)
    fixture.controller.cameraModes(preview: Self.preview, modes: [Self.preview, Self.still])
    for sequence in UInt32(1)...3 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    return fixture
  }

  /// Hands the controller a frozen-preview frame of `size`; returns what came back.
  @discardableResult
  func arrive(_ fixture: ControllerFixture, _ size: FrameSize, _ sequence: UInt32) -> [UInt32] {
    let frame = NV12Frame(size: size)
    frame.metadata.sequence = sequence
    fixture.clock.advance(milliseconds: 33)
    return fixture.controller.stillFrameArrived(frame, at: fixture.clock.now).map(
      \.metadata.sequence)
  }

  /// The collection of the writer's job `index`, a still shot.
  func collection(_ fixture: ControllerFixture, _ index: Int) -> StillFrames? {
    guard fixture.writer.jobs.indices.contains(index),
      case .still(_, let frames, _) = fixture.writer.jobs[index].source
    else { return nil }
    return frames
  }

  @Test("a press freezes the preview, takes 8 frames in the largest mode, and switches back")
  func stillShotSwitchesModesAndBack() throws {
    let fixture = qualityFixture()
    let controller = fixture.controller
    controller.handle(.shutter, readAt: fixture.clock.now)
    let job = try #require(fixture.writer.jobs.first)
    guard case .still(let proxy, let frames, .quality) = job.source else {
      Issue.record("not a still shot: \(job.source)")
      return
    }
    // The proxy is the frame on screen, a copy: the pool frame went back.
    #expect(proxy.metadata.sequence == 3)
    #expect(fixture.recycled.sequences == [3])
    #expect(controller.isPreviewFrozen)
    let effects = controller.drainEffects()
    #expect(
      effects.contains(
        .reconfigureCamera(ModeRequest(format: .nv12, size: Self.still.size, framesPerSecond: 30))))
    // Nothing shows the largest mode's frames: they are asked for undecoded.
    #expect(effects.contains(.deferDecoding(Self.still.size)))
    // A frame of the old mode still on its way, then the shot's 8.
    #expect(arrive(fixture, Self.preview.size, 4) == [4])
    for sequence in UInt32(5)...12 {
      #expect(arrive(fixture, Self.still.size, sequence) == [sequence])
    }
    #expect(frames.isFinished)
    #expect(frames.count == 0)
    #expect(
      controller.drainEffects().contains(
        .reconfigureCamera(ModeRequest(format: .nv12, size: Self.preview.size, framesPerSecond: 30))
      ))
    #expect(controller.isPreviewFrozen)
    arrive(fixture, Self.preview.size, 13)
    #expect(!controller.isPreviewFrozen)
    let backEffects = controller.drainEffects()
    #expect(backEffects.contains(.deferDecoding(nil)))
    let lines = backEffects.compactMap { effect -> String? in
      if case .log(let line) = effect { return line }
      return nil
    }
    #expect(lines.contains { $0.hasPrefix("pinhole: preview back in 16x8 after a gap of") })
  }

  @Test("a second press during the shot is taken at once and gets 8 frames of its own")
  func secondPressQueues() throws {
    let fixture = qualityFixture()
    let controller = fixture.controller
    controller.handle(.shutter, readAt: fixture.clock.now)
    arrive(fixture, Self.still.size, 4)
    #expect(controller.overlayState(time: 0).isWriterBusy == false)
    controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.jobs.count == 2)
    for sequence in UInt32(5)...18 { arrive(fixture, Self.still.size, sequence) }
    let first = try #require(collection(fixture, 0))
    let second = try #require(collection(fixture, 1))
    #expect(first.isFinished)
    #expect(!second.isFinished)
    arrive(fixture, Self.still.size, 19)
    #expect(second.isFinished)
  }

  @Test("a frame size change or a camera gone ends the shot: the proxy stays, and why is said")
  func interruptedShotsFail() throws {
    let fixture = qualityFixture()
    let controller = fixture.controller
    controller.handle(.shutter, readAt: fixture.clock.now)
    arrive(fixture, Self.still.size, 4)
    arrive(fixture, FrameSize(width: 24, height: 12), 5)
    #expect(!controller.isPreviewFrozen)
    let frames = try #require(collection(fixture, 0))
    guard case .failed(let message) = frames.wait(timeout: .zero) else {
      Issue.record("the shot did not fail")
      return
    }
    #expect(message == "The camera changed its picture size to 24x12 during the Quality shot.")
    #expect(
      controller.drainEffects().contains(
        .reconfigureCamera(ModeRequest(format: .nv12, size: Self.preview.size, framesPerSecond: 30))
      ))

    for sequence in UInt32(6)...8 {
      fixture.present(sequence, atMilliseconds: 300 + 33 * UInt64(sequence))
    }
    controller.handle(.shutter, readAt: fixture.clock.now)
    controller.stillShotInterrupted("The camera went away during the Quality shot.")
    #expect(!controller.isPreviewFrozen)
    let unplugged = try #require(collection(fixture, 1))
    guard case .failed(let reason) = unplugged.wait(timeout: .zero) else {
      Issue.record("the shot did not fail")
      return
    }
    #expect(reason == "The camera went away during the Quality shot.")
  }

  @Test("a press while the stream goes back to the preview asks for the largest mode again")
  func pressWhileReturningReopensTheStillMode() throws {
    let fixture = qualityFixture()
    let controller = fixture.controller
    controller.handle(.shutter, readAt: fixture.clock.now)
    for sequence in UInt32(4)...11 { arrive(fixture, Self.still.size, sequence) }
    _ = controller.drainEffects()
    // Every frame is taken and the preview mode was asked for; the next press comes now.
    controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.jobs.count == 2)
    let effects = controller.drainEffects()
    #expect(
      effects.contains(
        .reconfigureCamera(ModeRequest(format: .nv12, size: Self.still.size, framesPerSecond: 30))))
    #expect(effects.contains(.deferDecoding(Self.still.size)))
    // A preview frame on its way is skipped; the second press gets 8 frames of its own.
    arrive(fixture, Self.preview.size, 12)
    #expect(controller.isPreviewFrozen)
    for sequence in UInt32(13)...20 { arrive(fixture, Self.still.size, sequence) }
    let second = try #require(collection(fixture, 1))
    #expect(second.isFinished)
    arrive(fixture, Self.preview.size, 21)
    #expect(!controller.isPreviewFrozen)
  }

  @Test("the writer's word that a proxy stays is shown")
  func proxyKeptIsShown() {
    let fixture = qualityFixture()
    fixture.controller.update(
      photoEvents: [
        .proxyKept(
          id: 1, url: URL(fileURLWithPath: "/tmp/pinhole-none/IMG_1.jpg"),
          message: "The camera went away. The photo is the preview frame, not merged.")
      ], libraryEvents: [])
    #expect(
      fixture.controller.overlayState(time: 0).banner?.message
        == "The camera went away. The photo is the preview frame, not merged.")
  }

  @Test("the presentations after a press log when the shutter was ready and the proxy shown")
  func timingLines() {
    var settings = AppSettings()
    settings.photoQuality = .balanced
    let fixture = ControllerFixture(settings: settings)
    let controller = fixture.controller
    for sequence in UInt32(1)...5 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    controller.handle(.shutter, readAt: fixture.clock.at(milliseconds: 170))
    #expect(
      controller.drainEffects().contains(.log("pinhole: shutter pressed at 1170.0 ms (monotonic)")))
    let ready = controller.overlayPresented(at: fixture.clock.at(milliseconds: 182))
    #expect(ready == ["pinhole: shutter ready 12.0 ms after the press (at 1182.0 ms)"])
    controller.update(
      photoEvents: [.thumbnailReady(id: 1, thumbnail: fixture.thumbnail())], libraryEvents: [])
    let shown = controller.overlayPresented(at: fixture.clock.at(milliseconds: 215))
    #expect(shown == ["pinhole: proxy in the strip 45.0 ms after the press (at 1215.0 ms)"])
    #expect(controller.overlayPresented(at: fixture.clock.at(milliseconds: 250)).isEmpty)
  }
}
