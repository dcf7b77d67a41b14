// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Settings mode choices and slider mapping")
struct SettingsModeChoicesTests {
  private func mode(_ format: PixelFormat, _ width: Int, _ height: Int, _ fps: Int) -> CaptureMode {
    CaptureMode(
      format: format, size: FrameSize(width: width, height: height),
      interval: FrameInterval(framesPerSecond: fps))
  }

  @Test func listsFormatsSizesAndRatesOfTheCurrentMode() throws {
    let choices = try #require(
      SettingsModeChoices(modes: CameraScene.modes, current: CameraScene.mode))
    #expect(choices.formats == [.mjpeg, .yuyv])
    #expect(choices.sizes.map(\.description) == ["640x480", "1280x720"])
    #expect(choices.intervals.map(\.framesPerSecond) == [30, 15])
  }

  @Test func selectorsWrapAndKeepWhatTheyCan() throws {
    let choices = try #require(
      SettingsModeChoices(modes: CameraScene.modes, current: CameraScene.mode))
    #expect(choices.nextSize == mode(.mjpeg, 640, 480, 30))
    #expect(choices.nextRate == mode(.mjpeg, 1280, 720, 15))
    #expect(choices.nextFormat == mode(.yuyv, 1280, 720, 10))
    let slow = try #require(
      SettingsModeChoices(modes: CameraScene.modes, current: mode(.mjpeg, 1280, 720, 15)))
    #expect(slow.nextRate == mode(.mjpeg, 1280, 720, 30))
  }

  @Test func singleChoicesOfferNothingToMoveTo() throws {
    let only = mode(.yuyv, 640, 480, 30)
    let choices = try #require(SettingsModeChoices(modes: [only], current: only))
    #expect(choices.nextFormat == nil && choices.nextSize == nil && choices.nextRate == nil)
    #expect(SettingsModeChoices(modes: [], current: nil) == nil)
  }

  @Test func sliderValuesStayInRangeOnStepAndGrowWithX() {
    var random = SplitMix64(seed: 0x5eed)
    for _ in 0..<300 {
      let minimum = Int64(random.next() % 200) - 100
      let step = Int64(random.next() % 7) + 1
      let maximum = minimum + Int64(random.next() % 500) + 1
      let control = CameraControl(
        id: .gain, name: "Gain", kind: .integer, minimum: minimum, maximum: maximum, step: step,
        defaultValue: minimum, value: minimum)
      let geometry = SliderGeometry(track: Rect(x: 40, y: 0, width: 200, height: 4))
      var previous = Int64.min
      for x in stride(from: 0.0, through: 280, by: 7) {
        let value = geometry.value(atX: x, of: control)
        #expect(value >= minimum && value <= maximum, "seed 0x5eed")
        #expect(value == maximum || (value - minimum) % step == 0, "seed 0x5eed")
        #expect(value >= previous, "seed 0x5eed")
        previous = value
      }
      #expect(geometry.value(atX: 0, of: control) == minimum)
      // The right end gives the last value on the step grid, as V4L2 requires.
      #expect(geometry.value(atX: 280, of: control) == control.clamped(maximum))
    }
  }

  @Test func wheelStepIsCoarseForWideRangesAndClamped() {
    let exposure = CameraScene.controls[3]
    // 3…2047 in steps of 1: a notch moves 63 (2044 / 32, rounded down).
    #expect(SliderGeometry.value(afterWheel: 1, of: exposure) == exposure.value + 63)
    #expect(SliderGeometry.value(afterWheel: -10, of: exposure) == exposure.minimum)
    let contrast = CameraScene.controls[1]
    // 0…95 in steps of 5: a thirty-second of the range is finer than a step, so one step.
    #expect(SliderGeometry.value(afterWheel: 1, of: contrast) == 35)
  }
}
