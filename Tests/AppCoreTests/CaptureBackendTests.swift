// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import PipeWireCapture
import Testing

@Suite struct CaptureBackendTests {
  @Test func backendOptionNamesTheWayToCameras() throws {
    #expect(try Options(parsing: []).backend == .automatic)
    #expect(try Options(parsing: ["--backend", "pipewire"]).backend == .pipewire)
    #expect(try Options(parsing: ["--backend", "v4l2"]).backend == .v4l2)
    #expect(try Options(parsing: ["--backend", "auto"]).backend == .automatic)
    #expect(throws: OptionsError.self) { try Options(parsing: ["--backend", "gstreamer"]) }
  }

  @Test func automaticListsV4L2CamerasBeforePipeWireOnes() {
    let v4l2 = DeviceInfo(path: "/dev/video0", name: "Webcam", driver: "uvcvideo", busInfo: "usb")
    let node = PipeWireCameraNode(id: 7, name: "cam", description: "Camera", busInfo: "")
    let pipewire = node.deviceInfo
    #expect(
      CaptureBackend.automatic.cameras(v4l2: { [v4l2] }, pipewire: { [node] })
        == [v4l2, pipewire])
    #expect(CaptureBackend.v4l2.cameras(v4l2: { [v4l2] }, pipewire: { [node] }) == [v4l2])
    #expect(CaptureBackend.pipewire.cameras(v4l2: { [v4l2] }, pipewire: { [node] }) == [pipewire])
  }

  @Test func aPipeWirePathNotFoundIsStillOpenedThroughPipeWire() {
    let selection = CameraSelection.choose(.device("pipewire:gone"), among: [])
    guard case .device(let info) = selection else {
      Issue.record("expected a device, got \(selection)")
      return
    }
    #expect(info.kind == .pipewire)
    #expect(info.path == "pipewire:gone")
  }
}
