// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Testing

@Suite struct CameraSelectionTests {
  let webcam = DeviceInfo(
    path: "/dev/video0", name: "Webcam", driver: "uvcvideo", busInfo: "usb-1")
  let capture = DeviceInfo(
    path: "/dev/video2", name: "Capture card", driver: "em28xx", busInfo: "usb-2")

  @Test func fallsBackToTheSimulatedCameraWithANotice() {
    #expect(
      CameraSelection.choose(.automatic, among: [])
        == .simulated(notice: CameraSelection.noCameraNotice))
  }

  @Test func opensTheFirstCameraByDefault() {
    #expect(CameraSelection.choose(.automatic, among: [webcam, capture]) == .device(webcam))
  }

  @Test func findsADeviceByIndexOrPath() {
    #expect(CameraSelection.choose(.device("2"), among: [webcam, capture]) == .device(capture))
    #expect(
      CameraSelection.choose(.device("/dev/video0"), among: [webcam, capture]) == .device(webcam))
  }

  @Test func opensAnUnlistedDeviceAsGivenSoTheRealErrorShows() {
    guard case .device(let info) = CameraSelection.choose(.device("/dev/video9"), among: []) else {
      Issue.record("expected a device")
      return
    }
    #expect(info.path == "/dev/video9")
  }

  @Test func simulatedWhenAskedHasNoNotice() {
    #expect(CameraSelection.choose(.simulated, among: [webcam]) == .simulated(notice: nil))
  }
}

@Suite struct InfraredCameraTests {
  @Test func automaticChoiceSkipsAnInfraredOnlyCamera() {
    var infrared = DeviceInfo(
      path: "/dev/video0", name: "Integrated IR Camera", driver: "uvcvideo", busInfo: "usb-1")
    infrared.isInfraredOnly = true
    let webcam = DeviceInfo(
      path: "/dev/video2", name: "Integrated Camera", driver: "uvcvideo", busInfo: "usb-1")
    #expect(CameraSelection.choose(.automatic, among: [infrared, webcam]) == .device(webcam))
    #expect(CameraSelection.choose(.automatic, among: [infrared]) == .device(infrared))
    #expect(
      CameraRoster(cameras: [infrared, webcam]).displayNames.first
        == "Integrated IR Camera — infrared")
  }
}
