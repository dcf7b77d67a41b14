// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Lighting
import Testing

@Suite("Finding a camera's flash")
struct FlashDiscoveryTests {
  /// A phone-like machine: camera video0 on "platform/isp" with media0, whose graph has a
  /// flash sub-device (81:5, the "i2c/3-0030" chip); a second camera video2 on a USB bridge
  /// with media1 and no flash; the flash chip also registered as an LED class LED; and an
  /// unrelated LED class flash.
  struct Machine {
    let tree: FakeSysfsTree
    let reader: ScriptedTopologyReader
    let kernel: FakeControlKernel
    let discovery: FlashDiscovery

    init(flashGraph: Bool = true, chipLED: Bool = true) throws {
      tree = try FakeSysfsTree()
      try tree.addVideoNode("video0", parent: "platform/isp", media: "media0")
      try tree.addSubdevice("v4l-subdev4", parent: "i2c/1-0010", major: 81, minor: 4)
      try tree.addSubdevice("v4l-subdev5", parent: "i2c/3-0030", major: 81, minor: 5)
      try tree.addVideoNode("video2", parent: "usb1/1-1/1-1:1.0", media: "media1")
      if chipLED {
        try tree.addLED(
          "white:flash", parent: "i2c/3-0030", maxBrightness: 255, canStrobe: true,
          timeoutMicroseconds: 300_000)
      }
      try tree.addLED("red:torch", maxBrightness: 1, canStrobe: false)
      reader = ScriptedTopologyReader([
        tree.devRoot + "/media0": FlashFixtures.graph(flash: flashGraph ? (81, 5) : nil),
        tree.devRoot + "/media1": FlashFixtures.graph(flash: nil),
      ])
      kernel = FlashFixtures.kernel(paths: [tree.devRoot + "/v4l-subdev5"])
      discovery = FlashDiscovery(
        sysfsRoot: tree.sysfsRoot, devRoot: tree.devRoot, topologyReader: reader,
        system: kernel)
    }
  }

  @Test func findsTheMediaDeviceBesideTheVideoNode() throws {
    let machine = try Machine()
    defer { machine.tree.remove() }
    let devRoot = machine.tree.devRoot
    #expect(machine.discovery.mediaDevices(ofVideoNode: "/dev/video0") == [devRoot + "/media0"])
    #expect(machine.discovery.mediaDevices(ofVideoNode: "video2") == [devRoot + "/media1"])
    #expect(machine.discovery.mediaDevices(ofVideoNode: "video9").isEmpty)
  }

  @Test func findsTheFlashSubdeviceThroughItsInterfaceLink() throws {
    let machine = try Machine()
    defer { machine.tree.remove() }
    let found = try machine.discovery.flashSubdevices(
      ofMediaDevice: machine.tree.devRoot + "/media0")
    #expect(found == [machine.tree.devRoot + "/v4l-subdev5"])
  }

  @Test func offersTheSubdeviceFirstAndDropsTheLEDOfTheSameChip() throws {
    let machine = try Machine()
    defer { machine.tree.remove() }
    let units = machine.discovery.units(forVideoNode: "/dev/video0")
    #expect(units.map(\.name) == [machine.tree.devRoot + "/v4l-subdev5", "red:torch"])
    let flash = try #require(units.first)
    #expect(flash.canStrobe && flash.canTorch && flash.flashAvailable)
    #expect(flash.flashDuration == .milliseconds(500))
    #expect(flash.torchIntensityRange == 2_500...25_000)
    #expect(!machine.kernel.base.calls.contains("VIDIOC_QUERYCAP"))
  }

  @Test func aMediaDeviceWithoutAFlashGivesOnlyLEDs() throws {
    let machine = try Machine(flashGraph: false)
    defer { machine.tree.remove() }
    let units = machine.discovery.units(forVideoNode: "/dev/video0")
    #expect(units.map(\.name) == ["red:torch", "white:flash"])
    #expect(machine.reader.asked == [machine.tree.devRoot + "/media0"])
    #expect(machine.kernel.base.calls.isEmpty)
  }

  @Test func aCameraOfAnotherMediaDeviceDoesNotPickUpTheSubdevice() throws {
    let machine = try Machine()
    defer { machine.tree.remove() }
    let units = machine.discovery.units(forVideoNode: "/dev/video2")
    #expect(machine.reader.asked == [machine.tree.devRoot + "/media1"])
    #expect(units.map(\.name) == ["red:torch", "white:flash"])
    #expect(machine.kernel.base.calls.isEmpty)
  }

  @Test func anUnreadableGraphLeavesTheLEDs() throws {
    let machine = try Machine(chipLED: false)
    defer { machine.tree.remove() }
    machine.reader.graphs = [:]
    let units = machine.discovery.units(forVideoNode: "/dev/video0")
    #expect(units.map(\.name) == ["red:torch"])
    #expect(throws: FlashError.self) {
      try machine.discovery.flashSubdevices(ofMediaDevice: machine.tree.devRoot + "/media0")
    }
  }

  @Test func aSubdeviceWithoutFlashControlsIsSkipped() throws {
    let machine = try Machine(chipLED: false)
    defer { machine.tree.remove() }
    machine.kernel.controls = FakeControl.webcam
    let units = machine.discovery.units(forVideoNode: "/dev/video0")
    #expect(units.map(\.name) == ["red:torch"])
    #expect(machine.kernel.base.openDescriptorCount == 0)
  }

  @Test func theCameraNodesOwnFlashControlsComeBeforeLEDs() throws {
    let machine = try Machine(chipLED: false)
    defer { machine.tree.remove() }
    let controls = [
      CameraControl(
        id: .flashLEDMode, name: "LED Mode", kind: .menu, minimum: 0, maximum: 2, step: 1,
        defaultValue: 0, value: 0, menu: [0: "Off", 2: "Torch"])
    ]
    let units = machine.discovery.units(forVideoNode: "video2", videoControls: controls)
    #expect(units.map(\.name) == ["camera flash control", "red:torch"])
    let own = try #require(units.first)
    #expect(own.canTorch && !own.canStrobe && !own.flashAvailable)
    #expect(throws: FlashError.drivenByCaptureSession) { try own.setTorch(strength: 1) }
  }

  @Test func theLEDClassFlashReportsItsTimeoutAndStrobes() throws {
    let machine = try Machine(flashGraph: false)
    defer { machine.tree.remove() }
    let units = machine.discovery.units(forVideoNode: "video0")
    let led = try #require(units.first { $0.name == "white:flash" })
    #expect(led.flashDuration == .milliseconds(300))
    #expect(led.torchIntensityRange == 1...255)
    let before = MonotonicTime.now()
    let firing = try led.strobe()
    #expect(firing.firedAt >= before && firing.firedAt <= MonotonicTime.now())
    #expect(firing.duration == .milliseconds(300))
    let path = "sys/devices/i2c/3-0030/leds/white:flash/flash_strobe"
    #expect(try machine.tree.contents(of: path) == "1")
    let torch = try #require(units.first { $0.name == "red:torch" })
    #expect(torch.flashDuration == FlashUnit.defaultFlashDuration)
    #expect(torch.torchIntensityRange == nil)
    #expect(throws: FlashError.strobeUnsupported) { try torch.strobe() }
  }
}
