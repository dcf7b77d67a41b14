// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Lighting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Driving a flash sub-device")
struct SubdeviceFlashTests {
  typealias Write = FakeControlKernel.ControlWrite

  static let path = "/dev/v4l-subdev5"
  static let ledMode: UInt32 = 0x009c_0901
  static let strobeSource: UInt32 = 0x009c_0902
  static let strobe: UInt32 = 0x009c_0903
  static let torchIntensity: UInt32 = 0x009c_0908

  @Test func strobeSetsFlashModeAndSoftwareSourceThenPressesTheStrobe() throws {
    let kernel = FlashFixtures.kernel(paths: [Self.path])
    let flash = try SubdeviceFlash(path: Self.path, system: kernel)
    let before = MonotonicTime.now()
    let firing = try flash.strobe()
    #expect(
      kernel.writes == [
        [Write(id: Self.ledMode, value: 1), Write(id: Self.strobeSource, value: 0)],
        [Write(id: Self.strobe, value: 1)],
      ])
    #expect(firing.firedAt >= before && firing.firedAt <= MonotonicTime.now())
    #expect(firing.duration == .milliseconds(500))
  }

  @Test func aFixedStrobeSourceIsLeftAlone() throws {
    let kernel = FlashFixtures.kernel(
      paths: [Self.path], controls: FlashFixtures.controls(strobeSourceReadOnly: true))
    let flash = try SubdeviceFlash(path: Self.path, system: kernel)
    _ = try flash.strobe()
    #expect(
      kernel.writes == [[Write(id: Self.ledMode, value: 1)], [Write(id: Self.strobe, value: 1)]])
  }

  @Test func torchWritesTheIntensityBeforeTheMode() throws {
    let kernel = FlashFixtures.kernel(paths: [Self.path])
    let flash = try SubdeviceFlash(path: Self.path, system: kernel)
    try flash.setTorch(strength: 1)
    try flash.setTorch(strength: 0.5)
    try flash.setTorch(strength: 0)
    #expect(
      kernel.writes == [
        [Write(id: Self.torchIntensity, value: 25_000), Write(id: Self.ledMode, value: 2)],
        [Write(id: Self.torchIntensity, value: 15_000), Write(id: Self.ledMode, value: 2)],
        [Write(id: Self.ledMode, value: 0)],
      ])
    #expect(kernel.value(of: Self.ledMode) == 0)
  }

  @Test func neverAsksForCapabilitiesAndKeepsTheNodeOpenUntilClosed() throws {
    let kernel = FlashFixtures.kernel(paths: [Self.path])
    let flash = try SubdeviceFlash(path: Self.path, system: kernel)
    try flash.setTorch(strength: 1)
    #expect(kernel.base.openDescriptorCount == 1)
    #expect(!kernel.base.calls.contains("VIDIOC_QUERYCAP"))
    #expect(kernel.calls.allSatisfy { $0.contains("EXT_CTRL") || $0 == "VIDIOC_QUERYMENU" })
    #expect(flash.controls.ledMode.menu == [0: "Off", 1: "Flash", 2: "Torch"])
    flash.close()
    #expect(kernel.base.openDescriptorCount == 0)
  }

  @Test func theTimeoutControlSetsTheFlashDuration() throws {
    let kernel = FlashFixtures.kernel(
      paths: [Self.path], controls: FlashFixtures.controls(timeout: 150_000))
    let flash = try SubdeviceFlash(path: Self.path, system: kernel)
    #expect(FlashUnit.subdevice(flash).flashDuration == .milliseconds(150))
  }

  @Test func withoutAStrobeButtonItIsATorchOnly() throws {
    let kernel = FlashFixtures.kernel(
      paths: [Self.path], controls: FlashFixtures.controls(hasStrobe: false))
    let unit = FlashUnit.subdevice(try SubdeviceFlash(path: Self.path, system: kernel))
    #expect(unit.canTorch && !unit.canStrobe && !unit.flashAvailable)
    #expect(throws: FlashError.strobeUnsupported) { try unit.strobe() }
    #expect(kernel.writes.isEmpty)
  }

  @Test func aChargingFlashIsNotAvailableUntilRefreshedReady() throws {
    let kernel = FlashFixtures.kernel(paths: [Self.path])
    kernel.change(0x009c_090c, to: 0)
    let flash = try SubdeviceFlash(path: Self.path, system: kernel)
    #expect(!FlashUnit.subdevice(flash).flashAvailable)
    kernel.change(0x009c_090c, to: 1)
    try flash.refresh()
    #expect(FlashUnit.subdevice(flash).flashAvailable)
  }

  @Test func aRefusedStrobeIsReportedAsAControlError() throws {
    let kernel = FlashFixtures.kernel(paths: [Self.path])
    let flash = try SubdeviceFlash(path: Self.path, system: kernel)
    kernel.scriptedErrors[.setExtendedControls] = [EBUSY]
    #expect(throws: FlashError.control(.system(call: "VIDIOC_S_EXT_CTRLS", errno: EBUSY))) {
      try flash.strobe()
    }
  }

  @Test func aNodeThatCannotBeOpenedIsAControlError() {
    let kernel = FlashFixtures.kernel(paths: [Self.path])
    kernel.base.openErrors[Self.path] = EACCES
    #expect(throws: FlashError.control(.permissionDenied(device: Self.path))) {
      try SubdeviceFlash(path: Self.path, system: kernel)
    }
  }

  @Test func aNodeWithoutFlashControlsIsRefused() {
    let kernel = FlashFixtures.kernel(paths: [Self.path], controls: FakeControl.webcam)
    #expect(throws: FlashError.noFlashControls(device: Self.path)) {
      try SubdeviceFlash(path: Self.path, system: kernel)
    }
    #expect(kernel.base.openDescriptorCount == 0)
  }
}
