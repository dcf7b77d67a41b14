// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Testing
import ViewfinderAids

@Suite struct LumaHistogramTests {
  @Test func countsEverySampleAndTheClippedEnds() {
    let samples: [UInt8] = [0, 0, 5, 128, 128, 128, 250, 255, 255, 255]
    let histogram = LumaHistogram(
      LumaPlane(width: 5, height: 2, samples: samples), rowStep: 1, columnStep: 1)
    #expect(histogram.total == 10)
    #expect(histogram.counts[128] == 3)
    #expect(histogram.clippedShadows == 2)
    #expect(histogram.clippedHighlights == 3)
    #expect(histogram.marksShadows && histogram.marksHighlights)
  }

  @Test func limitedRangeClipsAtItsOwnBlackAndWhite() {
    let samples: [UInt8] = [16, 17, 100, 235, 240, 200]
    let histogram = LumaHistogram(
      LumaPlane(width: 3, height: 2, samples: samples, range: .limited), rowStep: 1, columnStep: 1)
    #expect(histogram.clippedShadows == 1)
    #expect(histogram.clippedHighlights == 2)
  }

  @Test func marksClippingOnlyWhenItIsMoreThanAGlint() {
    var samples = [UInt8](repeating: 128, count: 10_000)
    samples[0] = 255
    let histogram = LumaHistogram(
      LumaPlane(width: 100, height: 100, samples: samples), rowStep: 1, columnStep: 1)
    #expect(histogram.clippedHighlights == 1)
    #expect(!histogram.marksHighlights)
    var image = AidImage(width: 0, height: 0)
    histogram.draw(into: &image)
    #expect(image.pixel(x: 255, y: 0) != Color(red: 255, green: 50, blue: 40))
  }

  @Test func panelMarksClippedHighlightsInRed() {
    let samples = (0..<1000).map { $0 < 100 ? UInt8(255) : UInt8(1 + $0 % 200) }
    let histogram = LumaHistogram(LumaPlane(width: 100, height: 10, samples: samples))
    var image = AidImage(width: 0, height: 0)
    histogram.draw(into: &image, width: 256, height: 100)
    #expect(image.pixel(x: 255, y: 0) == Color(red: 255, green: 50, blue: 40))
    #expect(image.pixel(x: 0, y: 0) != Color(red: 60, green: 140, blue: 255))
  }

  /// Every second row and column gives each code's share of the whole picture closely: the
  /// cumulative shares of the still scene differ by less than half a percent anywhere.
  @Test func aQuarterOfTheSamplesGivesTheSameShares() {
    var luma = LumaPlane()
    luma.downsample(AidScene.frame(focus: 0.5), to: AidScene.shown)
    let every = LumaHistogram(luma, rowStep: 1, columnStep: 1)
    let quarter = LumaHistogram(luma)
    #expect(quarter.total == every.total / 4)
    var (sumEvery, sumQuarter, worst) = (0, 0, 0.0)
    for code in 0..<256 {
      sumEvery += every.counts[code]
      sumQuarter += quarter.counts[code]
      worst = max(
        worst,
        abs(Double(sumEvery) / Double(every.total) - Double(sumQuarter) / Double(quarter.total)))
    }
    #expect(worst < 0.005, "largest difference of cumulative shares \(worst)")
  }

  @Test func goldenOnTheStillScene() throws {
    var settings = ViewfinderAidSettings()
    settings.showsHistogram = true
    settings.showsWaveform = true
    let renderer = ViewfinderAidsRenderer()
    renderer.update(AidScene.frame(focus: 0.5), shown: AidScene.shown, settings: settings)
    try GoldenAssertion().verify(
      AidScene.panel(renderer.histogramPanel), named: "histogram-still-scene")
    try GoldenAssertion().verify(
      AidScene.panel(renderer.waveformPanel), named: "waveform-still-scene")
  }
}
