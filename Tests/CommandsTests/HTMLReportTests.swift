// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import FoundationXML
import Testing

@testable import AppCore
@testable import Commands

/// Reads a page as XML and keeps what the tests look at: element names in order, attributes,
/// and all text.
final class PageReader: NSObject, XMLParserDelegate {
  private(set) var elements: [String] = []
  private(set) var attributes: [[String: String]] = []
  private(set) var text = ""
  private(set) var error: Error?

  /// Parses `page`; false when it is not well-formed.
  static func read(_ page: String) -> PageReader? {
    let reader = PageReader()
    let parser = XMLParser(data: Data(page.utf8))
    parser.delegate = reader
    guard parser.parse() else { return nil }
    return reader
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    elements.append(elementName)
    attributes.append(attributeDict)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func count(_ name: String) -> Int { elements.filter { $0 == name }.count }
}

@Suite struct HTMLReportTests {
  /// Two seconds at 30 fps with two frames missing, one corrupt frame and growing sizes.
  static func samples(compressed: Bool) -> [FrameTimeline.Sample] {
    var samples: [FrameTimeline.Sample] = []
    var sequence: UInt32 = 0
    for index in 0..<60 {
      if index == 20 { sequence += 2 }
      samples.append(
        .init(
          sequence: sequence, captureTime: MonotonicTime(nanoseconds: UInt64(index) * 33_333_333),
          bytes: compressed ? 40_000 + index * 100 : 614_400, isCorrupt: index == 40,
          processorSeconds: Double(index) * 0.01))
      sequence += 1
    }
    return samples
  }

  /// A conversion ending 2 ms after each of the samples' frames; the one of frame 50 failed.
  static let conversions = (0..<60).map { index in
    FrameTimeline.Conversion(
      finished: MonotonicTime(nanoseconds: UInt64(index) * 33_333_333 + 2_000_000),
      duration: .microseconds(1500 + index), failed: index == 50)
  }

  static func series(compressed: Bool) -> TimelineSeries {
    TimelineSeries(samples(compressed: compressed), conversions: conversions)
  }

  static func report(name: String = "Test Cam", controls: ControlExercise.Report? = nil)
    -> HTMLReport
  {
    let row = { (format: String, measured: Double) in
      ModeSweep.Row(
        format: format, size: "640x480", nominalFramesPerSecond: 30,
        measuredFramesPerSecond: measured, droppedByCamera: 2, corrupt: 1,
        convertMilliseconds: 1.5, failure: "")
    }
    return HTMLReport(
      camera: DeviceInfo(path: "/dev/video0", name: name, driver: "uvcvideo", busInfo: "usb-1"),
      modes: [
        .init(
          row: row("YUYV", 29.9), series: series(compressed: false),
          isCompressed: false),
        .init(
          row: row("MJPG", 30), series: series(compressed: true),
          isCompressed: true),
      ],
      controls: controls, date: "2026-12-04 12:00:00 UTC")
  }

  @Test func thePageIsWellFormedAndHoldsEveryPlot() throws {
    let page = Self.report().html
    let reader = try #require(PageReader.read(page))
    // Per mode: histogram, intervals over time, drops and corrupt, conversion, load; the MJPEG
    // mode adds frame sizes; the page adds the rate-per-mode chart.
    #expect(reader.count("svg") == 5 + 6 + 1)
    #expect(reader.count("polyline") >= 4)
    #expect(reader.text.contains("Frame-interval histogram"))
    #expect(reader.text.contains("Compressed frame size"))
    #expect(reader.text.contains("Drops and corrupt frames"))
    #expect(reader.count("script") == 0)
    // The nominal interval is marked on each mode's histogram and interval chart.
    #expect(reader.attributes.filter { $0["class"] == "reference" }.count >= 4)
  }

  @Test func thePageNamesNothingOutsideItself() {
    let page = Self.report().html
    // The only URLs are the XML namespaces, which browsers never fetch.
    let addresses = page.components(separatedBy: "http").dropFirst()
    #expect(
      addresses.allSatisfy {
        $0.hasPrefix("://www.w3.org/2000/svg\"") || $0.hasPrefix("://www.w3.org/1999/xhtml\"")
      })
    #expect(!page.contains("<link"))
    #expect(!page.contains("src="))
  }

  @Test func markupInADeviceNameIsShownAsText() throws {
    let name = "Cam <b>\"&amp;\"</b> 'x'"
    let reader = try #require(PageReader.read(Self.report(name: name).html))
    #expect(reader.text.contains(name))
    #expect(reader.count("b") == 0)
  }

  @Test func oddBytesInDeviceStringsNeverBreakThePage() throws {
    var random = SplitMix64(seed: 0x5eed_0042)
    for round in 0..<200 {
      let bytes = (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next())
      }
      let name = String(decoding: bytes, as: UTF8.self)
      let control = CameraControl(
        id: .brightness, name: name, kind: .menu, minimum: 0, maximum: 1, step: 1,
        defaultValue: 0, value: 0, menu: [0: name, 1: String(name.reversed())])
      let result = ControlExercise.ControlResult(
        control: control, metric: .picture,
        steps: [.init(step: .init(label: name, value: 1), readBack: 1, outcome: .refused(name))],
        skipReason: nil)
      let page = Self.report(name: name, controls: ControlExercise.Report(controls: [result])).html
      let reader = try #require(PageReader.read(page), "seed round \(round): \(bytes)")
      let shown = String(
        String.UnicodeScalarView(
          name.unicodeScalars.map { HTMLText.isAllowed($0) ? $0 : "\u{FFFD}" }))
      #expect(shown.isEmpty || reader.text.contains(shown), "round \(round)")
    }
  }

  @Test func theControlsTableShowsVerdictsAndLeftovers() throws {
    let control = CameraControl(
      id: .brightness, name: "Brightness", kind: .integer, minimum: 0, maximum: 255, step: 1,
      defaultValue: 128, value: 100)
    let result = ControlExercise.ControlResult(
      control: control, metric: .meanLuma,
      steps: [
        .init(step: .init(label: "minimum", value: 0), readBack: 0, outcome: .changed(frames: 3))
      ],
      skipReason: nil)
    let report = ControlExercise.Report(
      controls: [result], leftovers: [.init(name: "brightness", original: 100, current: 0)])
    let reader = try #require(PageReader.read(Self.report(controls: report).html))
    #expect(reader.text.contains("changes the picture"))
    #expect(reader.text.contains("changed after 3 frames"))
    #expect(reader.text.contains("--set brightness=100 (now 0)"))
  }

  @Test func aModeWithoutFramesSaysSoInsteadOfPlotting() throws {
    var report = Self.report()
    report.modes = [
      .init(
        row: ModeSweep.Row(
          format: "YUYV", size: "1x1", nominalFramesPerSecond: 30, measuredFramesPerSecond: 0,
          droppedByCamera: 0, corrupt: 0, convertMilliseconds: .nan, failure: "no frame arrived"),
        series: TimelineSeries([]), isCompressed: false)
    ]
    let reader = try #require(PageReader.read(report.html))
    #expect(reader.count("svg") == 0)
    #expect(reader.text.contains("FAILED: no frame arrived"))
    #expect(reader.text.contains("Too few frames to plot."))
  }
}

@Suite struct TimelineSeriesTests {
  @Test func intervalsDropsCorruptFramesAndLoadComeFromTheSamples() {
    let series = HTMLReportTests.series(compressed: true)
    #expect(series.intervals.count == 59)
    #expect(series.frameCount == 60)
    #expect(series.intervals.allSatisfy { abs($0.value - 33.333) < 0.01 })
    #expect(series.drops.map(\.value) == [2])
    // Frame 40 flagged by the driver, frame 50 failed to convert.
    #expect(series.corrupt.map { ($0.time * 30).rounded() } == [40, 50])
    #expect(series.kilobytes.first?.value == 40)
    #expect(series.conversions.count == 59)
    #expect(series.conversions.first?.value == 1.5)
    // 0.01 s of processor time per 1/30 s frame: 30 % of a core.
    let load = series.meanLoad ?? 0
    #expect(abs(load - 30) < 1)
  }

  @Test func aRestartedOrBackwardSequenceIsNoDrop() {
    let samples = [5, 6, 2, 3].enumerated().map { index, sequence in
      FrameTimeline.Sample(
        sequence: UInt32(sequence),
        captureTime: MonotonicTime(nanoseconds: UInt64(index + 1) * 1_000_000), bytes: 1)
    }
    #expect(TimelineSeries(samples).drops.isEmpty)
  }
}

@Suite struct SVGChartTests {
  @Test func ticksAreRoundNumbersCoveringTheRange() {
    #expect(SVGChart.ticks(from: 0, to: 33.4) == [0, 10, 20, 30, 40])
    #expect(SVGChart.ticks(from: 0, to: 1) == [0, 0.2, 0.4, 0.6000000000000001, 0.8, 1])
    #expect(SVGChart.ticks(from: 5, to: 5) == [5])
    #expect(SVGChart.ticks(from: 0, to: .infinity) == [0])
  }

  @Test func numbersThatAreNotFiniteAreLeftOut() throws {
    let chart = SVGChart(title: "t", xLabel: "x", yLabel: "y").timeChart([
      .init(
        name: "a",
        points: [
          .init(time: 0, value: 1), .init(time: .nan, value: 2), .init(time: 1, value: .infinity),
        ],
        style: .points)
    ])
    let reader = try #require(PageReader.read(chart))
    #expect(reader.count("circle") == 1)
    #expect(!chart.contains("nan") && !chart.contains("inf"))
  }

  @Test func steadyIntervalsStandInTheMiddleOfARoundAxis() throws {
    let chart = SVGChart(title: "t", xLabel: "x", yLabel: "y")
      .histogram([33.33, 33.334, 33.336], reference: 33.333, minimumSpan: 13)
    let reader = try #require(PageReader.read(chart))
    let bars = reader.attributes.filter { $0["class"] == "bar s0" && $0["height"] != "10" }
    // One bar, or two neighbours when the values straddle a bin's edge.
    #expect((1...2).contains(bars.count))
    let xs = bars.compactMap { Double($0["x"] ?? "") }
    #expect(xs.count == bars.count && xs.allSatisfy { $0 > 200 && $0 < 360 })
    #expect(reader.text.contains("30") && reader.text.contains("35"))
  }

  @Test func longSeriesAreThinnedKeepingTheirPeaks() {
    var points = (0..<10_000).map { TimelineSeries.Point(time: Double($0), value: 1) }
    points[5_555].value = 99
    let thinned = SVGChart.thinned(points)
    #expect(thinned.count <= SVGChart.maximumPoints)
    #expect(thinned.contains { $0.value == 99 })
  }
}

@Suite struct FrameTimelineTests {
  @Test func conversionsAreKeptEvenWhenTheFrameCarriesNoSequenceNumber() throws {
    // A decode thread's frame description has no sequence number or capture time: its
    // conversion must still be noted, and a failed one counted as corrupt.
    let timeline = FrameTimeline()
    let converter = TimingConverter(CopyingConverter(), timeline: timeline)
    let size = FrameSize(width: 4, height: 2)
    let bytes = [UInt8](repeating: 90, count: 12)
    try bytes.withUnsafeBytes { pointer in
      let raw = RawFrame(bytes: pointer, format: .nv12, size: size, bytesPerLine: 4)
      try converter.convert(raw, into: NV12Frame(size: size), reducedBy: 2)
      try converter.convert(raw, into: NV12Frame(size: size))
      var wrong = raw
      wrong.format = .yuyv
      #expect(throws: (any Error).self) {
        try converter.convert(wrong, into: NV12Frame(size: size))
      }
    }
    #expect(timeline.conversions.map(\.failed) == [false, false, true])
  }
}
