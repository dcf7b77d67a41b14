// SPDX-License-Identifier: MIT
import AppCore
import Foundation

/// Small inline SVG charts for the `--check --report` page: lines or points over time,
/// histograms and paired bars, with axes and round-number ticks. Colours come from the page's
/// style sheet by class (`s0`, `s1`, ...), so a chart carries no styling of its own. Every text
/// passes through `HTMLText.escape`; values that are not finite are left out. Pure.
public struct SVGChart: Hashable, Sendable {
  /// How a series is drawn.
  public enum Style: Hashable, Sendable {
    /// A polyline through the points in time order.
    case line
    /// A dot per point.
    case points
    /// A thin bar from zero up to each point (events such as drops).
    case spikes
  }

  /// One series of a time chart.
  public struct Series: Hashable, Sendable {
    /// Its name in the legend.
    public var name: String
    /// Its points.
    public var points: [TimelineSeries.Point]
    /// How it is drawn.
    public var style: Style

    /// Makes a series.
    public init(name: String, points: [TimelineSeries.Point], style: Style) {
      self.name = name
      self.points = points
      self.style = style
    }
  }

  /// The chart's title, drawn above the plot.
  public var title: String
  /// The horizontal axis's label.
  public var xLabel: String
  /// The vertical axis's label.
  public var yLabel: String
  /// Width in CSS pixels: two charts side by side on a laptop screen.
  public var width = 560.0
  /// Height in CSS pixels.
  public var height = 210.0

  /// Makes a chart frame with its labels.
  public init(title: String, xLabel: String, yLabel: String) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
  }

  /// The most points drawn per series; longer series are thinned evenly (keeping the
  /// largest value of each stretch, so a spike stays visible).
  public static let maximumPoints = 900

  private let left = 60.0
  private let right = 14.0
  private let top = 30.0
  private let bottom = 40.0

  /// A chart of `series` against time, with a dashed horizontal line at `reference` (the
  /// nominal frame interval, say) when given.
  /// The time axis runs to `until` seconds at least, so the charts of one run line up.
  public func timeChart(
    _ series: [Series], minimumY: Double = 0, reference: Double? = nil, until: Double = 0
  ) -> String {
    let all = series.flatMap(\.points).filter { $0.time.isFinite && $0.value.isFinite }
    let xMax = max(all.map(\.time).max() ?? 1, until.isFinite ? until : 0, 0.001)
    let referenceValue = reference.flatMap { $0.isFinite ? $0 : nil }
    let yMax = max(all.map(\.value).max() ?? 1, referenceValue ?? 0, minimumY + 0.001)
    let xScale = Axis(low: 0, high: xMax)
    let yScale = Axis(low: minimumY, high: yMax)
    var body = frame(xScale, yScale)
    for (index, entry) in series.enumerated() {
      let points = Self.thinned(entry.points.filter { $0.time.isFinite && $0.value.isFinite })
      body += draw(points, style: entry.style, seriesClass: "s\(index % 6)", xScale, yScale)
    }
    if let referenceValue {
      let y = n(plotY(referenceValue, yScale))
      body +=
        "<line class=\"reference\" x1=\"\(n(left))\" y1=\"\(y)\" x2=\"\(n(width - right))\" "
        + "y2=\"\(y)\"><title>nominal: \(n(referenceValue))</title></line>\n"
    }
    body += legend(series.map(\.name), reference: referenceValue == nil ? nil : "nominal")
    return wrap(body)
  }

  /// A histogram of `values` in `binCount` bins between their smallest and largest value
  /// (widened evenly to `minimumSpan` at least, so steady intervals make one bar in the middle
  /// rather than two at the edges), with a dashed vertical line at `reference` when given.
  public func histogram(
    _ values: [Double], binCount: Int = 40, reference: Double? = nil, minimumSpan: Double = 1
  ) -> String {
    let finite = values.filter(\.isFinite)
    let referenceValue = reference.flatMap { $0.isFinite ? $0 : nil }
    var low = min(finite.min() ?? 0, referenceValue ?? .infinity)
    var high = max(finite.max() ?? 1, referenceValue ?? -.infinity)
    let span = max(minimumSpan.isFinite ? minimumSpan : 1, 1e-6)
    if high - low < span {
      let middle = (high + low) / 2
      low = max(0, middle - span / 2)
      high = low + span
    }
    let bins = max(1, min(binCount, 400))
    var counts = [Int](repeating: 0, count: bins)
    for value in finite {
      let index = Int((value - low) / (high - low) * Double(bins))
      counts[min(max(index, 0), bins - 1)] += 1
    }
    let xScale = Axis(low: low, high: high)
    let yScale = Axis(low: 0, high: Double(max(counts.max() ?? 1, 1)))
    var body = frame(xScale, yScale)
    let binWidth = (high - low) / Double(bins)
    for (index, count) in counts.enumerated() where count > 0 {
      let x0 = plotX(low + Double(index) * binWidth, xScale)
      let x1 = plotX(low + Double(index + 1) * binWidth, xScale)
      let y = plotY(Double(count), yScale)
      body +=
        "<rect class=\"bar s0\" x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0 - 1, 0.5)))\" "
        + "height=\"\(n(plotBottom - y))\"><title>\(n(low + Double(index) * binWidth))–"
        + "\(n(low + Double(index + 1) * binWidth)): \(count)</title></rect>\n"
    }
    if let referenceValue {
      let x = n(plotX(referenceValue, xScale))
      body +=
        "<line class=\"reference\" x1=\"\(x)\" y1=\"\(n(top))\" x2=\"\(x)\" "
        + "y2=\"\(n(plotBottom))\"><title>nominal: \(n(referenceValue))</title></line>\n"
      body += legend(["frames"], reference: "nominal")
    }
    return wrap(body)
  }

  /// Paired bars per category: `pairs[i]` is (first, second), named in the legend by `names`.
  public func pairedBars(categories: [String], pairs: [(Double, Double)], names: (String, String))
    -> String
  {
    let count = min(categories.count, pairs.count)
    let values = pairs.prefix(count).flatMap { [$0.0, $0.1] }.filter(\.isFinite)
    let yScale = Axis(low: 0, high: max(values.max() ?? 1, 0.001))
    var body = frame(nil, yScale)
    let slot = (width - left - right) / Double(max(count, 1))
    for index in 0..<count {
      let x = left + slot * Double(index)
      let barWidth = max(slot * 0.38, 1)
      for (offset, value) in [pairs[index].0, pairs[index].1].enumerated() where value.isFinite {
        let y = plotY(max(value, 0), yScale)
        body +=
          "<rect class=\"bar s\(offset)\" x=\"\(n(x + slot * 0.1 + Double(offset) * barWidth))\" "
          + "y=\"\(n(y))\" width=\"\(n(barWidth))\" height=\"\(n(plotBottom - y))\">"
          + "<title>\(HTMLText.escape(categories[index])): \(n(value))</title></rect>\n"
      }
      if count <= 24 {
        body +=
          "<text class=\"tick\" x=\"\(n(x + slot / 2))\" y=\"\(n(plotBottom + 13))\" "
          + "text-anchor=\"middle\">\(HTMLText.escape(Self.shortened(categories[index], slot)))"
          + "</text>\n"
      }
    }
    body += legend([names.0, names.1])
    return wrap(body)
  }

  // MARK: Drawing

  private struct Axis {
    var low: Double
    var high: Double
    var ticks: [Double] { SVGChart.ticks(from: low, to: high) }
    var top: Double { max(ticks.last ?? high, high) }
  }

  private var plotBottom: Double { height - bottom }

  private func plotX(_ value: Double, _ axis: Axis) -> Double {
    left + (value - axis.low) / max(axis.top - axis.low, 1e-12) * (width - left - right)
  }

  private func plotY(_ value: Double, _ axis: Axis) -> Double {
    plotBottom - (value - axis.low) / max(axis.top - axis.low, 1e-12) * (plotBottom - top)
  }

  private func frame(_ xAxis: Axis?, _ yAxis: Axis) -> String {
    var text = "<text class=\"title\" x=\"\(n(left))\" y=\"18\">\(HTMLText.escape(title))</text>\n"
    for tick in yAxis.ticks {
      let y = plotY(tick, yAxis)
      text +=
        "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(width - right))\" "
        + "y2=\"\(n(y))\"/>\n<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(y + 4))\" "
        + "text-anchor=\"end\">\(Self.label(tick))</text>\n"
    }
    if let xAxis {
      for tick in xAxis.ticks {
        let x = plotX(tick, xAxis)
        text +=
          "<line class=\"axis\" x1=\"\(n(x))\" y1=\"\(n(plotBottom))\" x2=\"\(n(x))\" "
          + "y2=\"\(n(plotBottom + 4))\"/>\n<text class=\"tick\" x=\"\(n(x))\" "
          + "y=\"\(n(plotBottom + 16))\" text-anchor=\"middle\">\(Self.label(tick))</text>\n"
      }
    }
    text +=
      "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(plotBottom))\" x2=\"\(n(width - right))\" "
      + "y2=\"\(n(plotBottom))\"/>\n<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(top))\" "
      + "x2=\"\(n(left))\" y2=\"\(n(plotBottom))\"/>\n"
      + "<text class=\"label\" x=\"\(n((left + width - right) / 2))\" y=\"\(n(height - 4))\" "
      + "text-anchor=\"middle\">\(HTMLText.escape(xLabel))</text>\n"
      + "<text class=\"label\" transform=\"translate(14 \(n((top + plotBottom) / 2))) "
      + "rotate(-90)\" text-anchor=\"middle\">\(HTMLText.escape(yLabel))</text>\n"
    return text
  }

  private func draw(
    _ points: [TimelineSeries.Point], style: Style, seriesClass: String, _ xAxis: Axis,
    _ yAxis: Axis
  ) -> String {
    guard !points.isEmpty else { return "" }
    switch style {
    case .line:
      let coordinates = points.map { "\(n(plotX($0.time, xAxis))),\(n(plotY($0.value, yAxis)))" }
      return
        "<polyline class=\"line \(seriesClass)\" points=\"\(coordinates.joined(separator: " "))\"/>\n"
    case .points:
      return points.map {
        "<circle class=\"dot \(seriesClass)\" cx=\"\(n(plotX($0.time, xAxis)))\" "
          + "cy=\"\(n(plotY($0.value, yAxis)))\" r=\"2\"/>\n"
      }.joined()
    case .spikes:
      return points.map {
        let x = n(plotX($0.time, xAxis))
        return "<line class=\"spike \(seriesClass)\" x1=\"\(x)\" y1=\"\(n(plotBottom))\" "
          + "x2=\"\(x)\" y2=\"\(n(plotY($0.value, yAxis)))\"/>\n"
      }.joined()
    }
  }

  /// The legend, right-aligned above the plot: a colour square per series, then a dashed
  /// line for the reference, if any.
  private func legend(_ names: [String], reference: String? = nil) -> String {
    var x = width - right
    var text = ""
    func entry(_ name: String, swatch: (Double) -> String) {
      x -= Double(name.count) * 6.5 + 18
      text +=
        swatch(x) + "<text class=\"tick\" x=\"\(n(x + 14))\" y=\"18\">"
        + "\(HTMLText.escape(name))</text>\n"
    }
    if let reference {
      entry(reference) {
        "<line class=\"reference\" x1=\"\(n($0))\" y1=\"14\" x2=\"\(n($0 + 10))\" y2=\"14\"/>"
      }
    }
    for (index, name) in names.enumerated().reversed() {
      entry(name) {
        "<rect class=\"bar s\(index % 6)\" x=\"\(n($0))\" y=\"9\" width=\"10\" height=\"10\"/>"
      }
    }
    return text
  }

  private func wrap(_ body: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"\(n(width))\" "
      + "height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\">\n"
      + "<title>\(HTMLText.escape(title))</title>\n" + body + "</svg>\n"
  }

  // MARK: Numbers

  /// Round-number ticks covering `low`…`high`: steps of 1, 2 or 5 times a power of ten, about
  /// five of them.
  static func ticks(from low: Double, to high: Double) -> [Double] {
    guard low.isFinite, high.isFinite, high > low else { return [low.isFinite ? low : 0] }
    let rough = (high - low) / 5
    let power = pow(10, floor(log10(rough)))
    let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
    var ticks: [Double] = []
    var value = (low / step).rounded(.down) * step
    while value < high + step * 0.999, ticks.count < 50 {
      if value >= low - step * 1e-9 { ticks.append(value) }
      value += step
    }
    return ticks
  }

  /// A tick label: no needless decimals.
  static func label(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(format: "%.3g", value)
  }

  /// Evenly thinned `points` (at most `maximumPoints`), each stretch represented by its
  /// largest value.
  static func thinned(_ points: [TimelineSeries.Point]) -> [TimelineSeries.Point] {
    guard points.count > maximumPoints else { return points }
    let stretch = (points.count + maximumPoints - 1) / maximumPoints
    return stride(from: 0, to: points.count, by: stretch).compactMap { start in
      points[start..<min(start + stretch, points.count)].max { $0.value < $1.value }
    }
  }

  private static func shortened(_ text: String, _ room: Double) -> String {
    let fits = max(Int(room / 6), 3)
    return text.count <= fits ? text : String(text.prefix(fits - 1)) + "…"
  }

  /// A coordinate with at most one decimal.
  private func n(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 10).rounded() / 10
    guard abs(rounded) < 1e12 else { return String(format: "%.6g", rounded) }
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
  }
}
