// SPDX-License-Identifier: MIT
import Testing

@testable import Hotplug

@Suite("Uevent to HotplugEvent")
struct UeventTranslationTests {
  private func kernelEvent(_ action: String, name: String = "video0") -> Uevent {
    Uevent(properties: [
      "ACTION": action, "DEVPATH": "/devices/platform/vivid.0/video4linux/\(name)",
      "SUBSYSTEM": "video4linux", "MAJOR": "81", "MINOR": "3", "DEVNAME": name, "SEQNUM": "1602",
    ])
  }

  @Test func kernelAddBecomesAddedWithPathUnderDev() {
    let node = VideoNode(
      path: "/dev/video0", sysname: "video0", deviceNumber: DeviceNumber(major: 81, minor: 3))
    #expect(HotplugEvent(uevent: kernelEvent("add")) == .added(node))
  }

  @Test func kernelRemoveBecomesRemoved() {
    let event = HotplugEvent(uevent: kernelEvent("remove", name: "video12"))
    #expect(event?.isAddition == false)
    #expect(event?.path == "/dev/video12")
    #expect(event?.node.sysname == "video12")
  }

  @Test func udevAbsoluteDeviceNameIsKept() {
    var uevent = kernelEvent("add")
    uevent.properties["DEVNAME"] = "/dev/video0"
    uevent.properties["ID_V4L_PRODUCT"] = "vivid"
    #expect(HotplugEvent(uevent: uevent)?.path == "/dev/video0")
  }

  @Test func relativeNameResolvesAgainstTheGivenDirectory() {
    #expect(
      HotplugEvent(uevent: kernelEvent("add"), deviceDirectory: "/tmp/dev/")?.path
        == "/tmp/dev/video0")
  }

  @Test func missingDeviceNameFallsBackToSysname() {
    var uevent = kernelEvent("add", name: "video7")
    uevent.properties["DEVNAME"] = nil
    #expect(HotplugEvent(uevent: uevent)?.path == "/dev/video7")
  }

  @Test func missingOrGarbledNumbersLeaveDeviceNumberUnknown() {
    var uevent = kernelEvent("add")
    uevent.properties["MINOR"] = "x"
    #expect(HotplugEvent(uevent: uevent)?.node.deviceNumber == nil)
    uevent.properties["MINOR"] = nil
    #expect(HotplugEvent(uevent: uevent)?.node.deviceNumber == nil)
  }

  @Test(arguments: ["change", "bind", "unbind", "move", "online", "offline", ""])
  func actionsOtherThanAddAndRemoveAreIgnored(action: String) {
    #expect(HotplugEvent(uevent: kernelEvent(action)) == nil)
  }

  @Test func eventWithoutActionIsIgnored() {
    var uevent = kernelEvent("add")
    uevent.properties["ACTION"] = nil
    #expect(HotplugEvent(uevent: uevent) == nil)
  }

  @Test(arguments: ["v4l-subdev0", "radio0", "vbi0", "swradio0", "v4l-touch0", "video", "videox"])
  func nonCaptureNodesOfTheSubsystemAreIgnored(name: String) {
    #expect(HotplugEvent(uevent: kernelEvent("add", name: name)) == nil)
  }

  @Test(arguments: ["media", "usb", "input", "sound"])
  func otherSubsystemsAreIgnored(subsystem: String) {
    var uevent = kernelEvent("add")
    uevent.properties["SUBSYSTEM"] = subsystem
    #expect(HotplugEvent(uevent: uevent) == nil)
  }

  @Test func sysnameComesFromTheLastPathComponent() {
    let uevent = Uevent(properties: ["DEVPATH": "/devices/pci0000:00/0000:00:14.0/usb1/video3"])
    #expect(uevent.sysname == "video3")
    #expect(Uevent(properties: ["DEVNAME": "/dev/video4"]).sysname == "video4")
    #expect(Uevent(properties: [:]).sysname == nil)
  }

  @Test(arguments: [
    ("video0", true), ("video63", true), ("video", false), ("video1a", false),
    ("video١", false), ("myvideo0", false), ("media0", false),
  ])
  func videoNamesAreVideoFollowedByDigits(name: String, isVideo: Bool) {
    #expect(VideoNode.isVideoName(name) == isVideo)
  }
}
