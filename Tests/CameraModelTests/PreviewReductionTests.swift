// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@Suite("PreviewReduction")
struct PreviewReductionTests {
  let uhd = FrameSize(width: 3840, height: 2160)

  @Test func aFrameShownAtMoreThanHalfSizeDecodesFull() {
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 2560, shownHeight: 1440) == 1)
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 1921, shownHeight: 1080) == 1)
  }

  @Test func aFrameShownAtHalfSizeOrLessDecodesAtHalf() {
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 1920, shownHeight: 1080) == 2)
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 1280, shownHeight: 720) == 2)
  }

  @Test func aFrameShownAtAQuarterOrLessDecodesAtAQuarter() {
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 960, shownHeight: 540) == 4)
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 320, shownHeight: 180) == 4)
  }

  @Test func bothDirectionsMustFit() {
    // A tall window showing the frame narrow but high keeps the height's needs.
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 900, shownHeight: 1100) == 1)
  }

  @Test func oddSidesRoundUpLikeTurbojpeg() {
    let odd = FrameSize(width: 1281, height: 721)
    #expect(PreviewReduction.denominator(frame: odd, shownWidth: 641, shownHeight: 361) == 2)
  }

  @Test func emptyOrInvalidSizesDecodeFull() {
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: 0, shownHeight: 0) == 1)
    #expect(PreviewReduction.denominator(frame: uhd, shownWidth: -5, shownHeight: 100) == 1)
    let empty = FrameSize(width: 0, height: 0)
    #expect(PreviewReduction.denominator(frame: empty, shownWidth: 100, shownHeight: 100) == 1)
  }
}
