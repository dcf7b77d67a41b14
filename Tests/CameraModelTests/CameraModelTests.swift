// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@Suite struct CameraModelTests {
  @Test func fourCCRoundTripsThroughText() {
    #expect(FourCC("YUYV").rawValue == 0x5659_5559)
    #expect(FourCC("YUYV").description == "YUYV")
    #expect(FourCC("Y16").description == "Y16")
  }

  @Test func parsesFrameSizes() {
    #expect(FrameSize(parsing: "1280x720") == FrameSize(width: 1280, height: 720))
    #expect(FrameSize(parsing: "1280") == nil)
    #expect(FrameSize(parsing: "0x10") == nil)
  }

  @Test func ordersIntervalsByLength() {
    #expect(FrameInterval(framesPerSecond: 30) < FrameInterval(framesPerSecond: 15))
    #expect(FrameInterval(numerator: 2, denominator: 25).description == "12.5 fps")
  }

  @Test func nv12FrameRoundsChromaUpForOddSizes() {
    let frame = NV12Frame(size: FrameSize(width: 5, height: 3))
    #expect(frame.chromaHeight == 2)
    #expect(frame.yStride >= 6)
    #expect(frame.byteCount == frame.yStride * 3 + frame.uvStride * 2)
  }
}

@Suite struct CameraControlTests {
  let focus = CameraControl(
    id: .focusAbsolute, name: "Focus, Absolute", kind: .integer, minimum: 0, maximum: 250,
    step: 5, defaultValue: 0, value: 125)

  @Test func spellsNamesAsV4L2CtlDoes() {
    #expect(focus.commandLineName == "focus_absolute")
    var auto = focus
    auto.name = "Focus, Automatic Continuous"
    #expect(auto.commandLineName == "focus_automatic_continuous")
  }

  @Test func clampsIntoRangeAndSnapsToSteps() {
    #expect(focus.clamped(-10) == 0)
    #expect(focus.clamped(300) == 250)
    #expect(focus.clamped(123) == 125)
    #expect(focus.clamped(122) == 120)
  }

  @Test func inactiveControlsAreNotEditable() {
    var control = focus
    #expect(control.isEditable)
    control.flags = [.inactive]
    #expect(!control.isEditable)
  }

  @Test func controlClassComesFromTheUpperBits() {
    #expect(ControlID.focusAbsolute.controlClass == 0x009a_0000)
    #expect(ControlID.brightness.description == "0x00980900")
  }
}
