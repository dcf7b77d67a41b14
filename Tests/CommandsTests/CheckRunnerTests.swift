// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Commands
import Testing

@Suite struct CheckRunnerTests {
  @Test func measuresAStreamingCamera() {
    let camera = FakeCamera()
    let report = CheckRunner(seconds: 1).run(
      device: camera.info,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() },
      makeConverter: { CopyingConverter() })
    #expect(report.passed, "\(report.text)")
    #expect(report.negotiation?.value?.size == FrameSize(width: 640, height: 480))
    #expect(report.statistics.framesDelivered >= 10)
    #expect(report.streamedSeconds >= 0.75)
  }

  @Test func endsAtTheFirstFailureWithItsSentence() {
    var script = FakeCamera.Script()
    script.openFailures = [.deviceBusy(device: "/dev/video-fake")]
    let camera = FakeCamera(script: script)
    let report = CheckRunner(seconds: 1).run(
      device: camera.info,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() },
      makeConverter: { CopyingConverter() })
    #expect(!report.passed)
    #expect(report.error == .deviceBusy(device: "/dev/video-fake"))
  }

  @Test func reportsAMidStreamDisconnect() {
    var script = FakeCamera.Script()
    script.disconnectAfterFrames = 3
    let camera = FakeCamera(script: script)
    let report = CheckRunner(seconds: 5).run(
      device: camera.info,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() },
      makeConverter: { CopyingConverter() })
    #expect(report.error == .disconnected(device: camera.info.path))
  }
}

@Suite struct PreviewModelTests {
  @Test func webcamsStartMirroredAndOtherSourcesDoNot() {
    let webcam = DeviceInfo(path: "/dev/video0", name: "Cam", driver: "uvcvideo", busInfo: "usb")
    let vivid = DeviceInfo(path: "/dev/video0", name: "vivid", driver: "vivid", busInfo: "p")
    #expect(PreviewModel(device: webcam).isMirrored)
    #expect(!PreviewModel(device: vivid).isMirrored)
  }

  @Test func streamingStateSetsTheModeAndTitle() {
    let vivid = DeviceInfo(path: "/dev/video0", name: "vivid", driver: "vivid", busInfo: "p")
    var model = PreviewModel(device: vivid)
    let mode = CaptureMode(
      format: .nv12, size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(framesPerSecond: 25))
    model.apply(.stateChanged(.streaming(vivid, mode: mode)))
    #expect(model.mode == mode)
    #expect(model.windowTitle == "vivid — Pinhole")
    #expect(
      model.overlayState(videoRect: nil, isFullscreen: false).modeDescription
        == "NV12 640x480 @ 25 fps")
  }

  @Test func retriesOfABusyCameraKeepItsReasonOnScreen() {
    let vivid = DeviceInfo(path: "/dev/video0", name: "vivid", driver: "vivid", busInfo: "p")
    var model = PreviewModel(device: vivid)
    let busy = CaptureError.deviceBusy(device: "/dev/video0")
    model.apply(.stateChanged(.failed(vivid, busy)))
    model.heldBy = ["firefox"]
    model.apply(.stateChanged(.opening(vivid)))
    #expect(model.failure == busy)
    model.apply(.stateChanged(.failed(vivid, busy)))
    let state = model.overlayState(videoRect: nil, isFullscreen: false)
    #expect(state.notice == "In use by firefox")
    let mode = CaptureMode(
      format: .nv12, size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(framesPerSecond: 25))
    model.apply(.stateChanged(.streaming(vivid, mode: mode)))
    #expect(model.failure == nil)
    #expect(model.overlayState(videoRect: nil, isFullscreen: false).notice == nil)
  }
}
