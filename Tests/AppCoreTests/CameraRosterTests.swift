// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Testing

@Suite struct CameraRosterTests {
  let left = DeviceInfo(
    path: "/dev/video0", name: "USB Camera", driver: "uvcvideo", busInfo: "usb-1",
    identity: "usb:046d:0825:A")
  let right = DeviceInfo(
    path: "/dev/video2", name: "USB Camera", driver: "uvcvideo", busInfo: "usb-2",
    identity: "usb:046d:0825:B")

  @Test func cyclesThroughRealCamerasThenTheSimulatedOne() {
    var roster = CameraRoster(cameras: [left, right], current: left)
    #expect(roster.next() == right)
    roster.select(right)
    #expect(roster.next() == CameraRoster.simulated)
    roster.select(CameraRoster.simulated)
    #expect(roster.next() == left)
  }

  @Test func disambiguatesCamerasWithTheSameName() {
    let roster = CameraRoster(cameras: [left, right])
    #expect(
      roster.displayNames == [
        "USB Camera (usb-1)", "USB Camera (usb-2)", "Pinhole Simulated Camera",
      ])
  }

  @Test func hotplugUpdatesReportNewcomersAndKeepTheCurrentCamera() {
    var roster = CameraRoster(cameras: [left], current: left)
    #expect(roster.update(with: [left, right]) == [right])
    #expect(roster.current == left)
    #expect(roster.update(with: [right]).isEmpty)
    #expect(roster.current == nil)
    #expect(roster.camera(withIdentity: "usb:046d:0825:B") == right)
  }

  @Test func labelsVirtualCameras() {
    let loopback = DeviceInfo(
      path: "/dev/video4", name: "OBS Virtual Camera", driver: "v4l2 loopback",
      busInfo: "platform:v4l2loopback-000")
    #expect(CameraRoster(cameras: [loopback]).displayNames.first == "OBS Virtual Camera — virtual")
  }
}
