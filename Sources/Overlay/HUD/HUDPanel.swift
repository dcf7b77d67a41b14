// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// The test-bench panel: the negotiated mode and how the pipeline keeps up with it, with a
/// sparkline of recent frame intervals against the nominal one, and a button that measures
/// the camera's latency. Drawn at the top-left under the top bar; apart from its button it
/// takes no input, so taps fall through to the picture. Main thread only.
struct HUDPanel {
  /// The figures to show.
  let figures: HUDFigures
  /// The panel's rectangle.
  let frame: Rect
  /// Drawing helpers at the frame's scale.
  let painter: CameraPainter

  /// Panel width, in points.
  static let width = 260.0
  /// Text size, in points.
  static let textSize = 11.0
  /// Distance between text lines, in points.
  static let lineHeight = 16.0
  /// Sparkline height, in points.
  static let sparklineHeight = 36.0
  /// A frame this many times longer than nominal is late and drawn in the alert colour.
  static let lateFactor = 1.5
  /// Height of the latency button, in points.
  static let buttonHeight = 28.0
  /// The latency button's widget name.
  static let latencyButtonID = ControlID("hud-measure-latency")

  /// The latency button at the panel's foot.
  var latencyButton: Rect {
    let inset = painter.px(12)
    let height = painter.px(Self.buttonHeight)
    return Rect(
      x: frame.minX + inset, y: frame.maxY - inset - height, width: frame.width - 2 * inset,
      height: height)
  }

  /// Places the panel under `topBar` at the left edge.
  init(figures: HUDFigures, topBar: Rect, painter: CameraPainter) {
    self.figures = figures
    self.painter = painter
    let lines = Double(Self.lines(of: figures).count)
    let height =
      painter.px(12) * 2 + painter.px(Self.lineHeight) * lines + painter.px(8)
      + painter.px(Self.sparklineHeight) + painter.px(8) + painter.px(Self.buttonHeight)
    frame = Rect(
      x: painter.px(8), y: topBar.maxY + painter.px(8), width: painter.px(Self.width),
      height: height)
  }

  /// Label and value of each line.
  static func lines(of figures: HUDFigures) -> [(String, String)] {
    let fixed = CameraPainter.fixed
    let wayIn = figures.wayIn.isEmpty ? [] : [(tr("Way in"), figures.wayIn)]
    return wayIn + [
      (tr("Mode"), figures.modeDescription),
      (tr("Colour"), figures.colorspace),
      (
        tr("FPS"),
        tr("%1$s of %2$s nominal", fixed(figures.measuredFPS, 2), fixed(figures.nominalFPS, 2))
      ),
      (tr("Presents"), tr("%1$d per second", figures.presentsPerSecond)),
      (
        tr("Interval"),
        "p50 \(fixed(figures.intervalP50, 1)) · p95 \(fixed(figures.intervalP95, 1)) ms"
      ),
      (
        tr("Dropped"),
        tr("%1$d camera · %2$d Pinhole", figures.droppedByCamera, figures.droppedByPinhole)
      ),
      (tr("Corrupt"), "\(figures.corruptFrames)"),
      (tr("Convert"), tr("%1$s ms/frame", fixed(figures.convertMilliseconds, 2))),
      (tr("Latency"), tr("%1$s ms capture → screen", fixed(figures.latencyMilliseconds, 1))),
      (tr("CPU"), "\(fixed(figures.cpuPercent, 1)) %"),
    ]
  }

  /// Draws the panel, its lines, the sparkline and the latency button (`button` its response;
  /// `isMeasuring` while a measurement runs).
  func draw(
    into commands: inout [DrawCommand], button: ControlResponse = ControlResponse(),
    isMeasuring: Bool = false
  ) {
    commands.append(
      .fillRect(frame, color: OverlayTheme.cardColor, cornerRadius: painter.px(12)))
    let inset = painter.px(12)
    let size = painter.px(Self.textSize)
    let labelWidth = painter.px(62)
    let valueWidth = frame.width - 2 * inset - labelWidth
    var y = frame.minY + inset + painter.px(Self.lineHeight) / 2
    let isSlow = figures.nominalFPS > 0 && figures.measuredFPS < figures.nominalFPS * 0.9
    for (label, value) in Self.lines(of: figures) {
      painter.appendText(
        label, into: &commands, leading: frame.minX + inset, centerY: y, size: size,
        color: OverlayTheme.labelColor)
      let color = label == tr("FPS") && isSlow ? OverlayTheme.alertColor : CameraPainter.textColor
      painter.appendText(
        painter.text.truncated(value, pointSize: size, width: valueWidth), into: &commands,
        leading: frame.minX + inset + labelWidth, centerY: y, size: size, color: color)
      y += painter.px(Self.lineHeight)
    }
    let chart = Rect(
      x: frame.minX + inset,
      y: latencyButton.minY - painter.px(8) - painter.px(Self.sparklineHeight),
      width: frame.width - 2 * inset, height: painter.px(Self.sparklineHeight))
    drawSparkline(in: chart, into: &commands)
    let fill =
      button.isPressed
      ? OverlayTheme.controlPressColor
      : button.isHovered ? OverlayTheme.controlHoverColor : OverlayTheme.controlColor
    commands.append(
      .fillRect(latencyButton, color: fill, cornerRadius: latencyButton.height / 2))
    painter.appendCenteredText(
      isMeasuring ? tr("Stop measuring latency") : tr("Measure latency (screen → camera)"),
      into: &commands, center: latencyButton.center, size: size, color: CameraPainter.textColor)
  }

  /// One thin bar per recent interval, tallest bar at the chart's top when the slowest frame
  /// exceeds twice the nominal interval; the nominal interval is a faint line across.
  private func drawSparkline(in chart: Rect, into commands: inout [DrawCommand]) {
    commands.append(
      .fillRect(
        chart, color: OverlayTheme.chartColor, cornerRadius: painter.px(3)))
    let pitch = max(painter.px(2), 2)
    let capacity = max(Int(chart.width / pitch), 1)
    let samples = Array(figures.recentIntervals.suffix(capacity))
    let nominal = figures.nominalInterval
    let top = max((nominal ?? 0) * 2, samples.max() ?? 0, 1)
    let barWidth = max(pitch / 2, 1)
    // Newest at the right edge, so the chart scrolls left as frames arrive.
    var x = chart.maxX - Double(samples.count) * pitch
    for sample in samples {
      let height = max((min(sample / top, 1) * chart.height).rounded(), 1)
      let isLate = nominal.map { sample > $0 * Self.lateFactor } ?? false
      let color = isLate ? OverlayTheme.alertColor : CameraPainter.textColor.withOpacity(0.75)
      commands.append(
        .fillRect(
          Rect(x: x, y: chart.maxY - height, width: barWidth, height: height), color: color,
          cornerRadius: 0))
      x += pitch
    }
    if let nominal {
      let y = (chart.maxY - nominal / top * chart.height).rounded()
      commands.append(
        .fillRect(
          Rect(x: chart.minX, y: y, width: chart.width, height: max(painter.px(1), 1)),
          color: OverlayTheme.accentColor.withOpacity(0.45), cornerRadius: 0))
    }
  }
}
