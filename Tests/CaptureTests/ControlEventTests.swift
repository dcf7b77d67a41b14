// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

@Suite struct ControlEventTests {
  func device(_ kernel: FakeControlKernel) throws -> V4L2Device {
    try V4L2Device(path: "/dev/video0", system: kernel)
  }

  @Test func anotherProgramsChangeArrivesAsAnEvent() throws {
    let kernel = FakeControlKernel()
    let device = try device(kernel)
    let before = try device.controls()
    kernel.change(0x0098_0900, to: 77)
    let changes = device.controlEvents()
    #expect(changes.map(\.id) == [.brightness])
    #expect(changes.first?.value == 77)
    #expect(changes.first?.parts == .value)
    let after = ControlChange.apply(changes, to: before)
    #expect(after.first { $0.id == .brightness }?.value == 77)
    #expect(device.controlEvents().isEmpty, "each change is handed out once")
  }

  @Test func autofocusTurnedOnElsewhereMakesManualFocusInactive() throws {
    let kernel = FakeControlKernel()
    let device = try device(kernel)
    let other = try self.device(kernel)
    _ = try other.setControls([(.focusAuto, 0)])
    var controls = try device.controls()
    #expect(controls.first { $0.id == .focusAbsolute }?.flags.contains(.inactive) == false)
    kernel.change(0x009a_090c, to: 1)
    controls = ControlChange.apply(device.controlEvents(), to: controls)
    #expect(controls.first { $0.id == .focusAuto }?.value == 1)
    #expect(controls.first { $0.id == .focusAbsolute }?.flags.contains(.inactive) == true)
  }

  @Test func aDescriptorHearsNothingOfItsOwnChanges() throws {
    let kernel = FakeControlKernel()
    let device = try device(kernel)
    let other = try self.device(kernel)
    _ = try device.controls()
    _ = try other.controls()
    _ = try other.setControls([(.brightness, 3)])
    #expect(other.controlEvents().isEmpty)
    #expect(device.controlEvents().map(\.value) == [3])
  }

  @Test func eventsAreTakenWhenPollReportsThemWhileStreaming() throws {
    let kernel = FakeControlKernel()
    let device = try device(kernel)
    _ = try device.controls()
    _ = try device.configure(
      CaptureMode(
        format: .yuyv, size: FrameSize(width: 640, height: 480),
        interval: FrameInterval(framesPerSecond: 30)))
    try device.startStreaming()
    kernel.change(0x0098_0901, to: 90)
    #expect(try device.nextFrame(timeout: .milliseconds(10)) { _ in })
    #expect(kernel.pendingEvents(for: 3) == 0, "nextFrame dequeued the event")
    #expect(device.controlEvents().map(\.value) == [90])
    device.stopStreaming()
  }

  @Test func subscribesOnceToEveryControlButButtons() throws {
    let kernel = FakeControlKernel()
    let device = try device(kernel)
    _ = try device.controls()
    _ = try device.controls()
    #expect(kernel.calls.filter { $0 == "VIDIOC_SUBSCRIBE_EVENT" }.count == 12)
  }

  @Test func aDriverWithoutEventsStillListsControls() throws {
    let kernel = FakeControlKernel()
    kernel.supportsEvents = false
    let device = try device(kernel)
    #expect(try device.controls().count == 13)
    _ = try device.controls()
    #expect(kernel.calls.filter { $0 == "VIDIOC_SUBSCRIBE_EVENT" }.count == 1)
    kernel.change(0x0098_0900, to: 1)
    #expect(device.controlEvents().isEmpty)
    #expect(!kernel.calls.contains("VIDIOC_DQEVENT"))
  }

  @Test func rangeChangesUpdateTheListToo() {
    let control = CameraControl(
      id: .gain, name: "Gain", kind: .integer, minimum: 0, maximum: 10, step: 1,
      defaultValue: 5, value: 5)
    let change = ControlChange(
      id: .gain, parts: [.range, .flags], value: 99, flags: .inactive, minimum: 2, maximum: 20,
      step: 2, defaultValue: 4)
    let updated = change.applied(to: control)
    #expect(updated.value == 5, "the value part did not change")
    #expect(
      [updated.minimum, updated.maximum, updated.step, updated.defaultValue] == [2, 20, 2, 4])
    #expect(updated.flags == .inactive)
  }
}
