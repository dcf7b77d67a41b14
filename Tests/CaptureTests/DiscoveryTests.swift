// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Foundation
import Glibc
import Testing

@testable import Capture

@Suite struct DiscoveryTests {
  /// A temporary /dev and /sys with the given video nodes, removed when the test ends.
  final class FakeRoots {
    let root: URL
    var dev: String { root.appendingPathComponent("dev").path }
    var sys: String { root.appendingPathComponent("sys").path }

    init(nodes: [String]) throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("pinhole-discovery-\(UUID().uuidString)")
      try FileManager.default.createDirectory(atPath: dev, withIntermediateDirectories: true)
      for node in nodes + ["media0", "null"] {
        FileManager.default.createFile(atPath: dev + "/" + node, contents: Data())
      }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Lays out sysfs as the kernel does for a USB camera: the node's `device` link points at
    /// the USB interface, whose parent holds the vendor, product and serial attributes.
    func addUSBCamera(node: String, vendor: String, product: String, serial: String?) throws {
      let usbDevice = sys + "/devices/pci0000:00/usb1/1-1"
      let interface = usbDevice + "/1-1:1.0"
      try FileManager.default.createDirectory(atPath: interface, withIntermediateDirectories: true)
      try write(vendor + "\n", to: usbDevice + "/idVendor")
      try write(product + "\n", to: usbDevice + "/idProduct")
      if let serial { try write(serial + "\n", to: usbDevice + "/serial") }
      let nodeFolder = sys + "/class/video4linux/" + node
      try FileManager.default.createDirectory(atPath: nodeFolder, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: nodeFolder + "/device", withDestinationPath: interface)
      try write("USB Camera\n", to: nodeFolder + "/name")
    }

    func addName(node: String, name: String) throws {
      let nodeFolder = sys + "/class/video4linux/" + node
      try FileManager.default.createDirectory(atPath: nodeFolder, withIntermediateDirectories: true)
      try write(name + "\n", to: nodeFolder + "/name")
    }

    private func write(_ text: String, to path: String) throws {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
  }

  func camera(card: String, caps: UInt32? = nil) -> FakeKernel.Camera {
    var camera = FakeKernel.Camera.webcam
    camera.card = card
    camera.busInfo = "bus-" + card
    if let caps { camera.deviceCaps = caps }
    return camera
  }

  @Test func listsCaptureNodesInNumericOrderAndSkipsOthers() throws {
    let roots = try FakeRoots(nodes: ["video0", "video1", "video2", "video10", "videoX"])
    let meta = UInt32(V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING)
    let kernel = FakeKernel(cameras: [
      roots.dev + "/video0": camera(card: "A"),
      roots.dev + "/video1": camera(card: "A-meta", caps: meta),
      roots.dev + "/video2": camera(card: "B"),
      roots.dev + "/video10": camera(card: "C"),
    ])
    let found = DeviceDiscovery(deviceRoot: roots.dev, sysfsRoot: roots.sys, system: kernel).scan()
    #expect(found.cameras.map(\.name) == ["A", "B", "C"])
    #expect(
      found.cameras.map(\.path) == ["video0", "video2", "video10"].map { roots.dev + "/" + $0 })
    #expect(found.cameras.map(\.identity) == ["bus-A", "bus-B", "bus-C"])
    #expect(found.permissionDenied.isEmpty)
    #expect(kernel.openDescriptorCount == 0)
  }

  @Test func takesAStableIdentityFromUSBSysfsAttributes() throws {
    let roots = try FakeRoots(nodes: ["video0"])
    try roots.addUSBCamera(node: "video0", vendor: "046d", product: "0825", serial: "8A1B2C3D")
    let kernel = FakeKernel(cameras: [roots.dev + "/video0": camera(card: "Webcam")])
    let found = DeviceDiscovery(deviceRoot: roots.dev, sysfsRoot: roots.sys, system: kernel).scan()
    #expect(found.cameras.map(\.identity) == ["usb:046d:0825:8A1B2C3D"])
  }

  @Test func usesTheBusPositionWhenTheCameraHasNoSerial() throws {
    let roots = try FakeRoots(nodes: ["video0"])
    try roots.addUSBCamera(node: "video0", vendor: "1d6b", product: "0104", serial: nil)
    let kernel = FakeKernel(cameras: [roots.dev + "/video0": camera(card: "Webcam")])
    let found = DeviceDiscovery(deviceRoot: roots.dev, sysfsRoot: roots.sys, system: kernel).scan()
    #expect(found.cameras.map(\.identity) == ["usb:1d6b:0104:bus-Webcam"])
  }

  @Test func reportsNodesThatRefusePermissionApart() throws {
    let roots = try FakeRoots(nodes: ["video0", "video1", "video2"])
    try roots.addName(node: "video1", name: "Integrated Camera")
    let kernel = FakeKernel(cameras: [
      roots.dev + "/video0": camera(card: "A"),
      roots.dev + "/video1": camera(card: "B"),
      roots.dev + "/video2": camera(card: "C"),
    ])
    kernel.openErrors[roots.dev + "/video1"] = EACCES
    kernel.openErrors[roots.dev + "/video2"] = EBUSY
    let found = DeviceDiscovery(deviceRoot: roots.dev, sysfsRoot: roots.sys, system: kernel).scan()
    #expect(found.cameras.map(\.name) == ["A"])
    #expect(found.permissionDenied.map(\.path) == [roots.dev + "/video1"])
    #expect(found.permissionDenied.map(\.name) == ["Integrated Camera"])
  }

  @Test func findsNothingWithoutVideoNodes() throws {
    let roots = try FakeRoots(nodes: [])
    let found = DeviceDiscovery(
      deviceRoot: roots.dev, sysfsRoot: roots.sys, system: FakeKernel()
    ).scan()
    #expect(found == DeviceDiscovery.Result(cameras: [], permissionDenied: []))
  }
}
