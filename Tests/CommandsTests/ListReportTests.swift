// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Commands
import Testing

@Suite struct ListReportTests {
  @Test func simulatedCameraDefaultIsNotCalledARequest() {
    let text = ListReport.gather(cameras: [], choice: .simulated).text()
    #expect(text.contains("1280x720, this camera's default"))
    #expect(!text.contains("as requested"))
  }

  @Test func sizeAskedForOnTheCommandLineIsCalledARequest() {
    let wishes = ModeRequest(size: FrameSize(width: 640, height: 360))
    let text = ListReport.gather(cameras: [], choice: .simulated, wishes: wishes).text()
    #expect(text.contains("640x360 as requested"))
  }

  @Test func deviceOptionListsOnlyThatCamera() {
    let other = DeviceInfo(
      path: "/dev/pinhole-test-absent-1", name: "Other", driver: "uvcvideo", busInfo: "usb-1")
    let asked = DeviceInfo(
      path: "/dev/pinhole-test-absent-2", name: "Asked", driver: "uvcvideo", busInfo: "usb-2")
    let report = ListReport.gather(
      cameras: [other, asked], choice: .device("/dev/pinhole-test-absent-2"))
    #expect(report.entries.map(\.device.path) == ["/dev/pinhole-test-absent-2"])
    #expect(report.text().contains("cannot be opened"))
  }

  @Test func automaticChoiceListsEveryCameraAndTheSimulatedOne() {
    let camera = DeviceInfo(
      path: "/dev/pinhole-test-absent-1", name: "Webcam", driver: "uvcvideo", busInfo: "usb-1")
    let report = ListReport.gather(cameras: [camera])
    #expect(report.entries.map(\.device.kind) == [.v4l2, .simulated])
  }
}
