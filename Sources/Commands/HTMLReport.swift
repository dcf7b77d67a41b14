// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation

/// The page `pinhole --check --report FILE.html` writes: one self-contained file (inline CSS
/// and SVG, no script, no address outside it) with the camera, each mode tried against its
/// nominal rate, per-mode plots of frame intervals, drops, corrupt frames, frame sizes,
/// conversion time and processor load, and the control exerciser's table. The markup is also
/// well-formed XML. Pure.
public struct HTMLReport: Sendable {
  /// One mode streamed, with its figures and its frames' series.
  public struct ModeRun: Sendable {
    /// The row `--check --all-modes` prints.
    public var row: ModeSweep.Row
    /// The frames' series.
    public var series: TimelineSeries
    /// True for a compressed format (MJPEG): frame sizes are worth a plot.
    public var isCompressed: Bool

    /// Makes a mode's entry.
    public init(row: ModeSweep.Row, series: TimelineSeries, isCompressed: Bool) {
      self.row = row
      self.series = series
      self.isCompressed = isCompressed
    }
  }

  /// The camera.
  public var camera: DeviceInfo
  /// The modes streamed, in order.
  public var modes: [ModeRun]
  /// The exerciser's findings, when `--controls` asked for them.
  public var controls: ControlExercise.Report?
  /// When the run happened, as printed.
  public var date: String
  /// Notes to show above everything (the run was interrupted, say).
  public var notes: [String] = []

  /// Makes a report.
  public init(
    camera: DeviceInfo, modes: [ModeRun], controls: ControlExercise.Report?, date: String
  ) {
    self.camera = camera
    self.modes = modes
    self.controls = controls
    self.date = date
  }

  /// The whole page.
  public var html: String {
    var page = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>Camera report: \(e(camera.name))</title>
      <style>
      \(Self.styleSheet)
      </style>
      </head>
      <body>
      <header>
      <h1>\(e(camera.name))</h1>
      <p class="sub">Camera report by Pinhole \(e(pinholeVersion)) · \(e(date))</p>
      </header>

      """
    for note in notes { page += "<p class=\"note\">\(e(note))</p>\n" }
    page += cameraSection + modesSection
    for (index, run) in modes.enumerated() { page += modeSection(run, index: index) }
    if let controls { page += controlsSection(controls) }
    page += "<footer>Pinhole \(e(pinholeVersion))</footer>\n</body>\n</html>\n"
    return page
  }

  private var cameraSection: String {
    let rows = [
      ("Name", camera.name), ("Device", camera.path),
      ("Driver", camera.driver.isEmpty ? "—" : camera.driver),
      ("Bus", camera.busInfo.isEmpty ? "—" : camera.busInfo),
    ]
    return "<section class=\"card\">\n<h2>Camera</h2>\n<table class=\"facts\">\n"
      + rows.map { "<tr><th>\(e($0.0))</th><td>\(e($0.1))</td></tr>\n" }.joined()
      + "</table>\n</section>\n"
  }

  private var modesSection: String {
    var text = "<section class=\"card\">\n<h2>Modes</h2>\n"
    guard !modes.isEmpty else { return text + "<p>No mode was streamed.</p>\n</section>\n" }
    text +=
      "<table class=\"grid\">\n<thead><tr><th>Format</th><th>Size</th><th>Nominal fps</th>"
      + "<th>Measured fps</th><th>Jitter</th><th>Dropped</th><th>Corrupt</th>"
      + "<th>Convert</th><th>CPU</th><th>Result</th></tr></thead>\n<tbody>\n"
    for (index, run) in modes.enumerated() {
      let row = run.row
      let result =
        row.passed
        ? "<td class=\"ok\">ok</td>" : "<td class=\"bad\">FAILED: \(e(row.failure))</td>"
      let load = run.series.meanLoad.map { format($0, 0) + " %" } ?? "—"
      text +=
        "<tr><td><a href=\"#mode\(index)\">\(e(row.format))</a></td><td>\(e(row.size))</td>"
        + "<td class=\"num\">\(format(row.nominalFramesPerSecond, 2))</td>"
        + "<td class=\"num\">\(format(row.measuredFramesPerSecond, 2))</td>"
        + "<td class=\"num\">\(format(row.jitterMilliseconds, 2)) ms</td>"
        + "<td class=\"num\">\(row.droppedByCamera)</td><td class=\"num\">\(row.corrupt)</td>"
        + "<td class=\"num\">\(format(row.convertMilliseconds, 2)) ms</td>"
        + "<td class=\"num\">\(load)</td>\(result)</tr>\n"
    }
    text += "</tbody>\n</table>\n"
    if modes.count > 1 {
      var chart = SVGChart(
        title: "Frame rate per mode", xLabel: "mode", yLabel: "frames per second")
      chart.width = 960
      text += chart.pairedBars(
        categories: modes.map { "\($0.row.format) \($0.row.size)" },
        pairs: modes.map { ($0.row.nominalFramesPerSecond, $0.row.measuredFramesPerSecond) },
        names: ("nominal", "measured"))
    }
    return text + "</section>\n"
  }

  private func modeSection(_ run: ModeRun, index: Int) -> String {
    let row = run.row
    let series = run.series
    var text =
      "<section class=\"card\" id=\"mode\(index)\">\n<h2>\(e(row.format)) \(e(row.size)) at "
      + "\(format(row.nominalFramesPerSecond, 2)) fps</h2>\n"
      + "<p class=\"sub\">\(format(row.measuredFramesPerSecond, 2)) fps measured over "
      + "\(format(series.duration, 1)) s, \(series.frameCount) frames"
      + ", \(series.drops.reduce(0) { $0 + Int($1.value) }) dropped, "
      + "\(series.corrupt.count) corrupt</p>\n"
    guard !series.intervals.isEmpty else {
      return text + "<p>Too few frames to plot.</p>\n</section>\n"
    }
    let nominal = row.nominalFramesPerSecond > 0 ? 1000 / row.nominalFramesPerSecond : nil
    text += "<div class=\"plots\">\n"
    text += SVGChart(title: "Frame-interval histogram", xLabel: "interval (ms)", yLabel: "frames")
      .histogram(
        series.intervals.map(\.value), reference: nominal, minimumSpan: (nominal ?? 10) * 0.4)
    text += SVGChart(title: "Frame interval over time", xLabel: "seconds", yLabel: "ms")
      .timeChart(
        [.init(name: "interval", points: series.intervals, style: .line)], reference: nominal,
        until: series.duration)
    text += SVGChart(title: "Drops and corrupt frames", xLabel: "seconds", yLabel: "frames")
      .timeChart(
        [
          .init(name: "dropped", points: series.drops, style: .spikes),
          .init(name: "corrupt", points: series.corrupt, style: .spikes),
        ], until: series.duration)
    if run.isCompressed {
      text += SVGChart(title: "Compressed frame size", xLabel: "seconds", yLabel: "kB")
        .timeChart(
          [.init(name: "frame size", points: series.kilobytes, style: .points)],
          until: series.duration)
    }
    if !series.conversions.isEmpty {
      text += SVGChart(title: "Conversion time", xLabel: "seconds", yLabel: "ms")
        .timeChart(
          [.init(name: "convert", points: series.conversions, style: .points)],
          until: series.duration)
    }
    if !series.load.isEmpty {
      text += SVGChart(
        title: "Processor load (whole process)", xLabel: "seconds", yLabel: "% of one core"
      ).timeChart([.init(name: "CPU", points: series.load, style: .line)], until: series.duration)
    }
    return text + "</div>\n</section>\n"
  }

  private func controlsSection(_ report: ControlExercise.Report) -> String {
    var text =
      "<section class=\"card\" id=\"controls\">\n<h2>Controls</h2>\n"
      + "<p class=\"sub\">Each control set to its minimum, maximum and default (each menu "
      + "entry), read back, and watched for up to \(report.framesWatched) frames.</p>\n"
    if let interruption = report.interruption {
      text += "<p class=\"note\">Stopped early: \(e(interruption))</p>\n"
    }
    text +=
      "<table class=\"grid\">\n<thead><tr><th>Control</th><th>ID</th><th>Type</th>"
      + "<th>Range</th><th>Default</th><th>Before</th><th>Verdict</th><th>Settings</th>"
      + "</tr></thead>\n<tbody>\n"
    for result in report.controls {
      let control = result.control
      let verdictClass: String
      switch result.verdict {
      case .changesPicture: verdictClass = "ok"
      case .refused, .stopsFrames: verdictClass = "bad"
      case .ignored: verdictClass = "warn"
      case .skipped, .untested, .unfinished: verdictClass = "dim"
      }
      var detail = result.skipReason.map(e) ?? ""
      if result.skipReason == nil {
        detail = result.steps.map(stepText).joined(separator: "<br/>")
        if let metric = result.metric {
          detail += "<br/><span class=\"dim\">by \(metric.rawValue)</span>"
        }
      }
      text +=
        "<tr><td>\(e(control.commandLineName))<br/><span class=\"dim\">\(e(control.name))"
        + "</span></td><td class=\"mono\">\(control.id)</td>"
        + "<td>\(ControlListing.typeName(control.kind))</td>"
        + "<td class=\"num\">\(control.minimum)…\(control.maximum)</td>"
        + "<td class=\"num\">\(control.defaultValue)</td><td class=\"num\">\(control.value)</td>"
        + "<td class=\"\(verdictClass)\">\(e(result.verdict.rawValue))</td>"
        + "<td class=\"steps\">\(detail)</td></tr>\n"
    }
    text += "</tbody>\n</table>\n"
    if report.leftovers.isEmpty {
      text += "<p class=\"ok\">Every control is back at its value from before.</p>\n"
    } else {
      text += "<p class=\"bad\">Not restored (set them back by hand):</p>\n<ul>\n"
      for leftover in report.leftovers {
        let now = leftover.current.map { " (now \($0))" } ?? ""
        text += "<li class=\"mono\">--set \(e(leftover.name))=\(leftover.original)\(now)</li>\n"
      }
      text += "</ul>\n"
    }
    return text + "</section>\n"
  }

  private func stepText(_ result: ControlExercise.StepResult) -> String {
    let step = result.step
    var text = "\(e(step.label)) \(step.value)"
    if result.isClamped, let readBack = result.readBack {
      text += " <span class=\"warn\">read back \(readBack)</span>"
    }
    switch result.outcome {
    case .changed(let frames):
      text += ": <span class=\"ok\">changed after \(frames) frame\(frames == 1 ? "" : "s")</span>"
    case .unchanged(let frames):
      text += ": <span class=\"warn\">no change in \(frames) frames</span>"
    case .alreadySet: text += ": already set"
    case .refused(let reason): text += ": <span class=\"bad\">refused: \(e(reason))</span>"
    case .noFrames: text += ": <span class=\"bad\">no frames</span>"
    case .interrupted(let frames): text += ": stopped after \(frames) frames"
    }
    return text
  }

  private func e(_ text: String) -> String { HTMLText.escape(text) }

  private func format(_ value: Double, _ decimals: Int) -> String {
    value.isFinite ? String(format: "%.\(decimals)f", value) : "—"
  }

  /// Inline styles: a light page of cards; chart series colours by class.
  static let styleSheet = """
    :root { color-scheme: light; }
    body { font-family: system-ui, "DejaVu Sans", sans-serif; margin: 0; background: #eef1f5;
      color: #1d2430; }
    header { background: #1d2430; color: #fff; padding: 20px 32px; }
    header h1 { margin: 0 0 4px; font-size: 24px; }
    header .sub { color: #b9c3d3; margin: 0; }
    .card { background: #fff; margin: 18px 32px; padding: 14px 20px 18px; border-radius: 8px;
      box-shadow: 0 1px 3px rgba(0,0,0,0.12); }
    h2 { font-size: 18px; margin: 4px 0 10px; }
    .sub { color: #5b6678; margin: 0 0 10px; }
    .note { background: #fff4d6; border-left: 4px solid #e0a800; padding: 8px 12px;
      margin: 18px 32px; }
    table { border-collapse: collapse; font-size: 14px; }
    table.facts th { text-align: left; padding: 3px 18px 3px 0; color: #5b6678;
      font-weight: 600; }
    table.grid { width: 100%; }
    table.grid th { text-align: left; border-bottom: 2px solid #d5dbe4; padding: 6px 8px;
      background: #f6f8fb; }
    table.grid td { border-bottom: 1px solid #e6eaf0; padding: 5px 8px; vertical-align: top; }
    td.num { text-align: right; font-variant-numeric: tabular-nums; }
    .mono { font-family: "DejaVu Sans Mono", monospace; font-size: 13px; }
    .steps { font-size: 13px; }
    .ok { color: #1a7f37; } .bad { color: #c62828; font-weight: 600; }
    .warn { color: #9a6700; } .dim { color: #7a8494; }
    a { color: #1f5fbf; }
    .plots { display: flex; flex-wrap: wrap; gap: 10px; }
    svg.chart { background: #fbfcfe; border: 1px solid #e1e6ee; border-radius: 6px;
      max-width: 100%; height: auto; }
    svg .title { font-size: 13px; font-weight: 600; fill: #1d2430; }
    svg .tick { font-size: 11px; fill: #5b6678; }
    svg .label { font-size: 11px; fill: #5b6678; }
    svg .grid { stroke: #e6eaf0; stroke-width: 1; }
    svg .axis { stroke: #8a94a6; stroke-width: 1; }
    svg .line { fill: none; stroke-width: 1.5; }
    svg .spike { stroke-width: 2; }
    svg .reference { stroke: #1d2430; stroke-width: 1.2; stroke-dasharray: 5 4; }
    svg .s0 { fill: #2f6fde; stroke: #2f6fde; } svg .s1 { fill: #e8590c; stroke: #e8590c; }
    svg .s2 { fill: #2b8a3e; stroke: #2b8a3e; } svg .s3 { fill: #9c36b5; stroke: #9c36b5; }
    svg .s4 { fill: #c92a2a; stroke: #c92a2a; } svg .s5 { fill: #5c7cfa; stroke: #5c7cfa; }
    svg polyline.line { fill: none; }
    footer { color: #7a8494; font-size: 12px; margin: 12px 32px 24px; }
    """
}
