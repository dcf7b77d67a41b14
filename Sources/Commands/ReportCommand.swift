// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import SystemCalls

/// `--check --report FILE.html` and `--check --controls`: refuses an existing file before the
/// run, streams, exercises the controls, writes the page. Ctrl+C or SIGTERM stops the run
/// early; the controls are put back and what was measured is still written. Runs on the
/// calling thread.
public enum ReportCommand {
  /// Runs it and returns the exit status.
  public static func run(
    _ source: CameraSource, options: Options, seconds: Double, allModes: Bool
  ) -> Int32 {
    let report = options.report
    if let path = report.path,
      let problem = ReportFile.problem(writing: path, force: report.replacesExisting)
    {
      complain(problem.userMessage)
      return 1
    }
    TerminationSignals.install()
    var run = ReportRun(
      seconds: seconds, allModes: allModes, request: options.modeRequest,
      measuresModes: report.path != nil, exercisesControls: report.exercisesControls)
    run.controlNames = report.controlNames
    let outcome = run.run(
      source: source,
      shouldStop: { TerminationSignals.pending.map(TerminationSignals.name(of:)) },
      say: { line in
        print(line)
        fflush(nil)
      })
    if let path = report.path {
      do {
        try ReportFile.write(outcome.report.html, to: path, force: report.replacesExisting)
        printReportPath(path)
      } catch {
        complain(error.userMessage)
        return 1
      }
    }
    if let signal = TerminationSignals.pending { return TerminationSignals.exitStatus(for: signal) }
    return outcome.passed ? 0 : 1
  }

  private static func complain(_ message: String) {
    FileHandle.standardError.write(Data(FileNameBytes.bytes("pinhole: \(message)\n")))
  }

  private static func printReportPath(_ path: String) {
    fflush(nil)
    FileHandle.standardOutput.write(Data(FileNameBytes.bytes("Report written to \(path)\n")))
  }
}
