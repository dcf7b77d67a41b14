// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Testing

@Suite("Quality shots in the largest mode: the mode switch")
struct StillModeSwitchTests {
  static func mode(_ width: Int, _ height: Int, _ format: PixelFormat = .mjpeg, fps: Int = 30)
    -> CaptureMode
  {
    CaptureMode(
      format: format, size: FrameSize(width: width, height: height),
      interval: FrameInterval(framesPerSecond: fps))
  }

  @Test("the still mode is the largest, in the preview's format, at its fastest rate")
  func stillModeIsTheLargest() {
    let preview = Self.mode(1280, 720)
    let modes = [
      preview, Self.mode(3840, 2160, fps: 15), Self.mode(3840, 2160, fps: 5),
      Self.mode(3840, 2160, .yuyv, fps: 30), Self.mode(640, 480),
    ]
    #expect(StillModeSwitch.stillMode(for: preview, among: modes) == Self.mode(3840, 2160, fps: 15))
    #expect(StillModeSwitch.stillMode(for: Self.mode(3840, 2160), among: modes) == nil)
    #expect(StillModeSwitch.stillMode(for: preview, among: [preview]) == nil)
  }

  @Test("old frames are skipped, the still frames taken, and the preview's return ends it")
  func framesInOrder() {
    let start = MonotonicTime(nanoseconds: 1_000_000_000)
    var modeSwitch = StillModeSwitch(
      preview: Self.mode(1280, 720), still: Self.mode(3840, 2160), frames: 2, frozenAt: start)
    let preview = FrameSize(width: 1280, height: 720)
    let still = FrameSize(width: 3840, height: 2160)
    #expect(modeSwitch.stillRequest.size == still)
    #expect(modeSwitch.previewRequest.size == preview)
    #expect(modeSwitch.frameArrived(size: preview, at: start) == .skip)
    #expect(modeSwitch.frameArrived(size: still, at: start) == .take)
    #expect(modeSwitch.acceptsMoreFrames)
    #expect(modeSwitch.frameArrived(size: still, at: start) == .take)
    #expect(modeSwitch.phase == .returning)
    #expect(!modeSwitch.acceptsMoreFrames)
    #expect(modeSwitch.frameArrived(size: still, at: start) == .skip)
    let back = MonotonicTime(nanoseconds: 1_600_000_000)
    #expect(
      modeSwitch.frameArrived(size: preview, at: back) == .previewBack(gap: .milliseconds(600)))
    #expect(modeSwitch.phase == .finished)
  }

  @Test("a frame of a third size ends the shot")
  func sizeChangeEndsTheShot() {
    var modeSwitch = StillModeSwitch(
      preview: Self.mode(1280, 720), still: Self.mode(3840, 2160), frames: 8,
      frozenAt: MonotonicTime(nanoseconds: 0))
    let time = MonotonicTime(nanoseconds: 5)
    #expect(modeSwitch.frameArrived(size: FrameSize(width: 3840, height: 2160), at: time) == .take)
    let odd = FrameSize(width: 1920, height: 1080)
    #expect(modeSwitch.frameArrived(size: odd, at: time) == .sizeChanged(odd))
    #expect(modeSwitch.phase == .returning)
  }

  @Test("a second press adds its frames while the first's are being taken")
  func secondPressAddsFrames() {
    var modeSwitch = StillModeSwitch(
      preview: Self.mode(640, 360), still: Self.mode(1280, 720), frames: 1,
      frozenAt: MonotonicTime(nanoseconds: 0))
    modeSwitch.addFrames(1)
    let still = FrameSize(width: 1280, height: 720)
    let time = MonotonicTime(nanoseconds: 5)
    #expect(modeSwitch.frameArrived(size: still, at: time) == .take)
    #expect(modeSwitch.frameArrived(size: still, at: time) == .take)
    #expect(modeSwitch.phase == .returning)
  }
}
