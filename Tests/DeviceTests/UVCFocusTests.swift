// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Foundation
import Imaging
import Testing

/// Click-to-focus on a USB webcam driven by the real uvcvideo driver (the VM's `--uvc-fake`
/// emulator): software contrast autofocus through `focus_absolute`, which uvcvideo only
/// accepts once continuous autofocus is off in the same request. The emulator blurs its frames
/// by the distance from its true focus (`--true-focus`, default 125 of 0…250), which the test
/// reads from `UVC_FAKE_TRUE_FOCUS` when the run changed it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["VIVID_VM_UVC"] != nil))
struct UVCFocusTests {
  @Test func contrastAutofocusConvergesNearTheTrueFocus() async throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try #require(environment["VIVID_VM_UVC"])
    let trueFocus = environment["UVC_FAKE_TRUE_FOCUS"].flatMap { Double($0) } ?? 125
    let session = CaptureSession(
      configuration: .init(
        request: ModeRequest(
          format: .mjpeg, size: FrameSize(width: 640, height: 480), framesPerSecond: 30)),
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        try V4L2Device(path: path)
      },
      makeConverter: { PixelConverter() })
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    defer { session.stop() }
    try #require(
      await recorder.wait(timeout: .seconds(60)) {
        $0.contains { if case .firstFrameDelivered = $0 { true } else { false } }
      })
    session.focus(at: .around(x: 0.5, y: 0.5, size: 0.4), meter: false)
    let ended = await recorder.wait(timeout: .seconds(120)) { events in
      events.contains {
        if case .focus(let report) = $0 { report.phase != .searching } else { false }
      }
    }
    try #require(ended)
    let reports = recorder.events.compactMap {
      if case .focus(let report) = $0 { report } else { nil }
    }
    let report = try #require(reports.last)
    #expect(report.strategy == .contrastDetect)
    #expect(report.phase == .locked, "\(report.summary)")
    let lists = recorder.events.compactMap {
      if case .controlsChanged(let list) = $0 { list } else { nil }
    }
    let focus = try #require(lists.last?.first { $0.id == .focusAbsolute }?.value)
    // Within 4 % of the range: two of the emulator's 5-unit steps on 0…250.
    #expect(abs(Double(focus) - trueFocus) <= 10, "locked at \(focus): \(report.summary)")
  }
}
