// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation

/// `pinhole --check [--all-modes] [--controls] --report FILE.html`, and `--check --controls`:
/// streams the chosen mode (or every mode), keeping each frame's figures for the plots, runs
/// the control exerciser when asked, and assembles the report. Runs on the calling thread.
public struct ReportRun: Sendable {
  /// Seconds to stream each mode.
  public var seconds: Double
  /// Every mode rather than the chosen one.
  public var allModes: Bool
  /// The mode wishes (`--format`, `--size`, `--fps`).
  public var request: ModeRequest
  /// Stream modes at all (false for `--check --controls` without `--report`).
  public var measuresModes: Bool
  /// Run the control exerciser.
  public var exercisesControls: Bool
  /// The controls to exercise (v4l2-ctl names); empty for all.
  public var controlNames: [String] = []

  /// Makes a run.
  public init(
    seconds: Double, allModes: Bool, request: ModeRequest, measuresModes: Bool,
    exercisesControls: Bool
  ) {
    self.seconds = seconds
    self.allModes = allModes
    self.request = request
    self.measuresModes = measuresModes
    self.exercisesControls = exercisesControls
  }

  /// What the run found: the report, and whether everything passed.
  public struct Outcome: Sendable {
    /// The page's contents.
    public var report: HTMLReport
    /// True when every mode streamed and every control went back to its value.
    public var passed: Bool
  }

  /// Runs against `source`. `shouldStop` is polled between modes and frames (a signal came);
  /// `say` hears each line to print as it is known.
  public func run(
    source: CameraSource, shouldStop: () -> String?, say: (String) -> Void
  ) -> Outcome {
    var report = HTMLReport(
      camera: source.device, modes: [], controls: nil, date: Self.timestamp(Date()))
    var passed = true
    if measuresModes {
      let (runs, modesPassed, failure) = streamModes(source, shouldStop: shouldStop, say: say)
      report.modes = runs
      passed = modesPassed
      if let failure {
        report.notes.append(failure)
        passed = false
      }
    }
    if exercisesControls, shouldStop() == nil {
      let controls = exercise(source, shouldStop: shouldStop, say: say)
      report.controls = controls
      if !controls.leftovers.isEmpty || controls.interruption != nil { passed = false }
    }
    if let signal = shouldStop() {
      report.notes.append("The run was stopped early by \(signal).")
      passed = false
    }
    return Outcome(report: report, passed: passed)
  }

  private func streamModes(
    _ source: CameraSource, shouldStop: () -> String?, say: (String) -> Void
  ) -> ([HTMLReport.ModeRun], Bool, String?) {
    guard allModes else {
      let wishes = source.request(overriding: request)
      let (run, check) = stream(source, request: wishes, expected: nil)
      say(check.text)
      return ([run], check.passed, nil)
    }
    let modes: [CaptureMode]
    switch ModeSweep(secondsPerMode: seconds, filter: request).modes(of: source) {
    case .success(let found): modes = found
    case .failure(let error): return ([], false, error.userMessage)
    }
    say("\(source.device.name) (\(source.device.path))\n\(ModeSweep.header)")
    var runs: [HTMLReport.ModeRun] = []
    for mode in modes where shouldStop() == nil {
      let (run, _) = stream(source, request: ModeSweep.request(for: mode), expected: mode)
      say(ModeSweep.line(for: run.row))
      runs.append(run)
    }
    return (runs, !runs.isEmpty && runs.allSatisfy(\.row.passed), nil)
  }

  /// Streams one mode with every frame noted.
  private func stream(_ source: CameraSource, request: ModeRequest, expected: CaptureMode?)
    -> (HTMLReport.ModeRun, CheckReport)
  {
    let timeline = FrameTimeline()
    let interval = expected.map { $0.interval.framesPerSecond } ?? 30
    let check = CheckRunner(seconds: max(seconds, 2.5 / max(interval, 0.1)), request: request)
      .run(
        device: source.device, openDevice: TimelineDevice.opener(source.open, timeline: timeline),
        makeConverter: TimingConverter.factory(source.makeConverter, timeline: timeline))
    let mode =
      expected ?? check.negotiation?.value
      ?? CaptureMode(
        format: request.format ?? PixelFormat(FourCC(rawValue: 0)),
        size: request.size ?? FrameSize(width: 0, height: 0),
        interval: FrameInterval(numerator: 0, denominator: 1))
    let row = ModeSweep.row(for: mode, report: check)
    let run = HTMLReport.ModeRun(
      row: row, series: TimelineSeries(timeline.samples, conversions: timeline.conversions),
      isCompressed: mode.format.isCompressed)
    return (run, check)
  }

  private func exercise(
    _ source: CameraSource, shouldStop: () -> String?, say: (String) -> Void
  ) -> ControlExercise.Report {
    let probe: DeviceExerciseProbe
    do {
      probe = try DeviceExerciseProbe(source: source, request: source.request(overriding: request))
    } catch {
      var report = ControlExercise.Report()
      report.interruption = error.userMessage
      return report
    }
    say("Exercising the controls in \(probe.mode)")
    let report = ControlExerciser(names: controlNames).run(probe, shouldStop: shouldStop) {
      result in
      say("  \(result.control.commandLineName): \(result.verdict.rawValue)")
    }
    say(report.text)
    return report
  }

  /// "2026-12-04 21:30:05 UTC".
  static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
    return formatter.string(from: date)
  }
}
