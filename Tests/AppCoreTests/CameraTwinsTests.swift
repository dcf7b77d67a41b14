// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Commands
import PipeWireCapture
import Testing

@Suite struct CameraTwinsTests {
  /// vivid as Pinhole's V4L2 scan sees it.
  let vivid = DeviceInfo(
    path: "/dev/video0", name: "vivid", driver: "vivid", busInfo: "platform:vivid-000")
  /// A USB webcam: identity from sysfs idVendor/idProduct/serial.
  let webcam = DeviceInfo(
    path: "/dev/video1", name: "UVC Fake Camera", driver: "uvcvideo", busInfo: "usb-vhci_hcd.0-1",
    identity: "usb:01d6:0010:0001")

  /// The properties PipeWire's V4L2 plugin (with WirePlumber 0.4) gives vivid's node.
  let vividNode: [String: String] = [
    "api.v4l2.cap.bus_info": "platform:vivid-000", "api.v4l2.cap.card": "vivid",
    "api.v4l2.cap.driver": "vivid", "api.v4l2.path": "/dev/video0", "device.api": "v4l2",
    "factory.name": "api.v4l2.source", "media.class": "Video/Source", "media.role": "Camera",
    "node.description": "vivid (V4L2)", "node.name": "v4l2_input.platform-vivid.0",
    "node.nick": "vivid", "object.path": "v4l2:/dev/video0",
  ]
  /// The USB webcam's node.
  let webcamNode: [String: String] = [
    "api.v4l2.cap.bus_info": "usb-vhci_hcd.0-1", "api.v4l2.path": "/dev/video1",
    "device.api": "v4l2", "device.product.id": "0x010", "device.vendor.id": "0x1d6",
    "media.class": "Video/Source", "node.description": "UVC Fake Camera (V4L2)",
    "node.name": "v4l2_input.platform-vhci_hcd.0-usb-0_1_1.0", "object.path": "v4l2:/dev/video1",
  ]
  /// What PipeWire's libcamera plugin publishes for a UVC webcam.
  let libcameraNode: [String: String] = [
    "api.libcamera.path": "\\_SB_.PCI0.XHC_.RHUB.HS05-5:1.0-01d6:0010",
    "device.api": "libcamera", "media.class": "Video/Source", "media.role": "Camera",
    "node.description": "Integrated Camera", "node.name": "libcamera_input.cam0",
    "object.path": "libcamera:\\_SB_.PCI0.XHC_.RHUB.HS05-5:1.0-01d6:0010",
  ]
  /// A libcamera sensor with no V4L2 capture node of its own (a phone or Raspberry Pi camera).
  let sensorNode: [String: String] = [
    "api.libcamera.path": "/base/soc/i2c0mux/i2c@1/imx219@10", "device.api": "libcamera",
    "media.class": "Video/Source", "node.name": "libcamera_input._base_soc_i2c0mux_i2c_1_imx219_10",
    "node.description": "imx219",
  ]

  func node(_ id: UInt32, _ properties: [String: String]) throws -> PipeWireCameraNode {
    try #require(PipeWireCameraNode(id: id, properties: properties))
  }

  @Test func aV4L2NodeIsTheSameCameraAsItsDevice() throws {
    let merged = CameraTwins.merge(
      v4l2: [vivid, webcam], pipewire: [try node(40, vividNode), try node(38, webcamNode)])
    #expect(merged.map(\.path) == ["/dev/video0", "/dev/video1"])
    #expect(merged[0].pipewireNode == "v4l2_input.platform-vivid.0")
    #expect(merged[1].pipewireNode == "v4l2_input.platform-vhci_hcd.0-usb-0_1_1.0")
  }

  @Test func theRegistrysObjectPathAloneIsEnough() {
    let global = vividNode.filter { ["object.path", "node.name", "media.class"].contains($0.key) }
    #expect(CameraTwins.twin(of: global, among: [webcam, vivid]) == 1)
  }

  @Test func aNodeNamingADeviceNotListedIsItsOwnCamera() {
    var other = vividNode
    other["api.v4l2.path"] = "/dev/video7"
    other["object.path"] = "v4l2:/dev/video7"
    #expect(CameraTwins.twin(of: other, among: [vivid]) == nil)
  }

  @Test func busInfoOrUSBIdsMatchOnlyOneCamera() {
    let busOnly = ["api.v4l2.cap.bus_info": "usb-vhci_hcd.0-1", "media.class": "Video/Source"]
    #expect(CameraTwins.twin(of: busOnly, among: [vivid, webcam]) == 1)
    var infrared = webcam
    infrared.path = "/dev/video3"
    #expect(CameraTwins.twin(of: busOnly, among: [vivid, webcam, infrared]) == nil)
    let idsOnly = ["device.vendor.id": "0x1d6", "device.product.id": "0x10"]
    #expect(CameraTwins.twin(of: idsOnly, among: [vivid, webcam]) == 1)
    #expect(CameraTwins.twin(of: idsOnly, among: [webcam, infrared]) == nil)
  }

  @Test func aLibcameraWebcamIsTheUVCCameraWithItsIds() throws {
    #expect(CameraTwins.twin(of: libcameraNode, among: [vivid, webcam]) == 1)
    var infrared = webcam
    infrared.path = "/dev/video3"
    infrared.isInfraredOnly = true
    #expect(CameraTwins.twin(of: libcameraNode, among: [webcam, infrared]) == 0)
    let merged = CameraTwins.merge(v4l2: [webcam], pipewire: [try node(50, libcameraNode)])
    #expect(merged.count == 1)
    #expect(merged[0].pipewireNode == "libcamera_input.cam0")
  }

  @Test func nodesWithoutATwinAreEntriesOfTheirOwn() throws {
    let merged = CameraTwins.merge(
      v4l2: [vivid], pipewire: [try node(40, vividNode), try node(60, sensorNode)])
    #expect(merged.count == 2)
    #expect(merged[1].kind == .pipewire)
    #expect(merged[1].path == "pipewire:libcamera_input._base_soc_i2c0mux_i2c_1_imx219_10")
    #expect(merged[1].pipewireNode == nil)
  }

  @Test func oneDeviceTakesOneNode() throws {
    var second = vividNode
    second["node.name"] = "v4l2_input.platform-vivid.0.2"
    let merged = CameraTwins.merge(
      v4l2: [vivid], pipewire: [try node(40, vividNode), try node(41, second)])
    #expect(merged.map(\.path) == ["/dev/video0", "pipewire:v4l2_input.platform-vivid.0.2"])
  }

  @Test func aNodeWithoutANameOrOfAnotherClassIsNoCamera() {
    #expect(PipeWireCameraNode(id: 1, properties: ["media.class": "Video/Source"]) == nil)
    #expect(
      PipeWireCameraNode(id: 1, properties: ["media.class": "Audio/Source", "node.name": "mic"])
        == nil)
  }

  @Test func aTwinAskedForByNodeNameOpensThroughPipeWire() {
    var twin = vivid
    twin.pipewireNode = "v4l2_input.platform-vivid.0"
    let selection = CameraSelection.choose(
      .device("pipewire:v4l2_input.platform-vivid.0"), among: [twin])
    guard case .device(let info) = selection else {
      Issue.record("expected a device, got \(selection)")
      return
    }
    #expect(info.kind == .pipewire)
    #expect(info.name == "vivid")
  }

  @Test func theListingSaysBothWaysIn() {
    var twin = vivid
    twin.pipewireNode = "v4l2_input.platform-vivid.0"
    let report = ListReport(entries: [
      ListReport.Entry(device: twin, capabilities: .failure(.notFound(device: "/dev/video0")))
    ])
    #expect(report.text().contains("also through PipeWire: pipewire:v4l2_input.platform-vivid.0"))
  }
}
