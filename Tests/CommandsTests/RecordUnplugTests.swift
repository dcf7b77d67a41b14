import CameraModel
import CameraTestSupport
import Capture
import Foundation
import Testing

// SPDX-License-Identifier: MIT
@testable import AppCore
@testable import Commands

/// A webcam unplugged mid-recording: the recording ends with the file kept and a sentence that
/// names the camera, and the camera recorded is the one named on the command line even when a
/// twin of the same model (and serial number) is plugged in too.
@Suite("Unplug while recording", .serialized)
struct RecordUnplugTests {
  private final class Folder {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-unplug-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: url) }
  }

  /// The fake kernel crosses to the capture thread, which alone uses it once streaming.
  private final class KernelBox: @unchecked Sendable {
    let kernel: FakeKernel
    init(_ kernel: FakeKernel) { self.kernel = kernel }
  }

  private func webcam(_ path: String, bus: String) -> DeviceInfo {
    DeviceInfo(
      path: path, name: "UVC Camera", driver: "uvcvideo", busInfo: bus,
      identity: "usb:1d6b:0102:0001")
  }

  @Test func theNamedNodeWinsOverATwinWithTheSameIdentity() {
    let first = webcam("/dev/video1", bus: "usb-vhci_hcd.0-1")
    let second = webcam("/dev/video3", bus: "usb-vhci_hcd.0-2")
    #expect(CameraSource.currentPath(of: second, among: [first, second]) == "/dev/video3")
    #expect(CameraSource.currentPath(of: first, among: [first, second]) == "/dev/video1")
  }

  @Test func aCameraBackUnderAnotherNodeIsFoundByItsBusThenByIdentity() {
    let named = webcam("/dev/video3", bus: "usb-vhci_hcd.0-2")
    let twin = webcam("/dev/video1", bus: "usb-vhci_hcd.0-1")
    let back = webcam("/dev/video5", bus: "usb-vhci_hcd.0-2")
    #expect(CameraSource.currentPath(of: named, among: [twin, back]) == "/dev/video5")
    #expect(CameraSource.currentPath(of: named, among: [twin]) == "/dev/video1")
    #expect(CameraSource.currentPath(of: named, among: []) == "/dev/video3")
  }

  /// The driver fails the uvcvideo way after 600 frames (it serves them as fast as asked): poll answers POLLERR|POLLHUP, DQBUF,
  /// QBUF and STREAMOFF ENODEV, and the node is gone, so every reopen fails too.
  @Test func anUnplugEndsTheRecordingWithTheFileKeptAndStatusOne() throws {
    let folder = Folder()
    let kernel = FakeKernel()
    kernel.disconnectAfterFrames = 600
    kernel.scriptedErrors[.streamOff] = [ENODEV]
    let box = KernelBox(kernel)
    var source = CameraSource(.device(webcam("/dev/video0", bus: "usb-0000:00:14.0-1")))
    source.open = { () throws(CaptureError) -> any CaptureDevice in
      try V4L2Device(path: "/dev/video0", system: box.kernel, identity: "usb:1d6b:0102:0001")
    }
    let options = try Options(
      parsing: ["--record", folder.url.appendingPathComponent("unplug.mp4").path, "--no-audio"])
    var runner = RecordRunner(
      options: options,
      request: ModeRequest(format: .yuyv, size: FrameSize(width: 640, height: 480)),
      openMicrophone: nil)
    runner.duration = 30
    let outcome = runner.run(source: source)
    #expect(outcome.status == 1, "\(outcome.message)")
    let lines = outcome.message.split(separator: "\n").map(String.init)
    #expect(lines.first == folder.url.appendingPathComponent("unplug.mp4").path, "\(lines)")
    #expect(
      lines.last == "The camera /dev/video0 was disconnected; the recording stops there.",
      "\(lines)")
    #expect(lines.last?.localizedCaseInsensitiveContains("camera") == true)
    let file = folder.url.appendingPathComponent("unplug.mp4").path
    #expect(FileManager.default.fileExists(atPath: file))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(names == ["unplug.mp4"], "no part file left behind: \(names)")
  }
}
