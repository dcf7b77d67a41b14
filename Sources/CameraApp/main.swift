// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Commands
import Foundation
import Hotplug
import Localization
import SDLPlatform
import SystemCalls

// Before any thread starts: large buffers freed later go back to the system (see HeapPolicy).
HeapPolicy.apply()
// The user's language for the window, --help and messages; numbers stay in the "C" form.
let localization = Localization.start()

let options: Options
do {
  // Each byte kept: a path that is not UTF-8 still names the file the user gave.
  options = applyingPortal(to: try Options(parsing: CommandLineBytes.arguments))
} catch {
  fail(error.userMessage, status: 2)
}

/// The first `--set` failure of the streaming session, if any. Declared before the command
/// runs: top-level values in main.swift are set in order.
let controlFailure = ControlFailureBox()

switch options.command {
case .help:
  print(usageText)
case .version:
  print(versionText)
case .list:
  print(
    ListReport.gather(
      cameras: CameraSource.discover(backend: options.backend), choice: options.camera,
      wishes: options.modeRequest
    ).text())
case .controls:
  switch ControlsCommand(settings: options.controlSettings).run(openDevice: chosenSource().open) {
  case .success(let text): print(text)
  case .failure(let error): fail(describe(error))
  }
case .check(let seconds, let allModes):
  let source = settingControls(chosenSource())
  if options.report.isRequested {
    let status = ReportCommand.run(
      source, options: options, seconds: seconds, allModes: allModes)
    if let error = controlFailure.error { fail(describe(error)) }
    exit(status)
  }
  let status = allModes ? sweepModes(source, seconds: seconds) : check(source, seconds: seconds)
  if let error = controlFailure.error { fail(describe(error)) }
  exit(status)
case .snapshot:
  let source = settingControls(chosenSource())
  // From here a Ctrl+C or SIGTERM ends the burst early: what was captured is still saved.
  TerminationSignals.install()
  let outcome = SnapshotRunner(
    options: options, request: source.request(overriding: options.modeRequest)
  ).run(source: source)
  for note in outcome.notes {
    FileHandle.standardError.write(Data(FileNameBytes.bytes("pinhole: \(note)\n")))
  }
  if let error = controlFailure.error { fail(describe(error)) }
  guard outcome.status == 0 else {
    if !outcome.savedPaths.isEmpty { printPaths(outcome.savedPaths.joined(separator: "\n")) }
    fflush(nil)
    var message = outcome.message
    if let error = outcome.cameraError, case .deviceBusy = error {
      message = message.replacingOccurrences(
        of: error.userMessage, with: DeviceHolders().describe(error))
    }
    fail(message, status: outcome.status)
  }
  printPaths(outcome.message)
case .record:
  let source = settingControls(chosenSource())
  let outcome = RecordRunner(
    options: options, request: source.request(overriding: options.modeRequest),
    openMicrophone: source.simulatedMicrophoneOpener ?? openMicrophone
  ).run(source: source)
  for notice in outcome.notices {
    FileHandle.standardError.write(Data("pinhole: \(notice)\n".utf8))
  }
  if let error = controlFailure.error { fail(describe(error)) }
  guard outcome.status == 0 else { fail(outcome.message, status: outcome.status) }
  printPaths(outcome.message)
case .scan(let files):
  exit(scan(files))
case .preview:
  exit(PreviewApp.run(options: options))
}

/// Opens the default microphone; the failure carries the sentence to print.
@Sendable func openMicrophone() throws -> any AudioInput {
  do {
    return try Microphone()
  } catch {
    throw AudioInputFailure(error.userMessage)
  }
}

/// The sentence for a `--set`/`--controls` failure, naming who holds a busy camera.
func describe(_ error: ControlSettingError) -> String {
  if case .camera(let cause) = error { return DeviceHolders().describe(cause) }
  return error.userMessage
}

/// Prints `message` to standard error and exits.
func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data(FileNameBytes.bytes("pinhole: \(message)\n")))
  exit(status)
}

/// Prints `text` (paths, one a line) to standard output with each byte of a file name as the
/// command line gave it (see `CommandLineBytes`), so a printed path names the file.
func printPaths(_ text: String) {
  fflush(nil)
  FileHandle.standardOutput.write(Data(FileNameBytes.bytes(text + "\n")))
}

/// The camera the command line chose, or the first one, or the simulated camera.
func chosenSource() -> CameraSource {
  CameraSource(
    CameraSelection.choose(options.camera, among: CameraSource.discover(backend: options.backend)),
    stillScene: options.isSceneStill, sceneCode: options.scan.sceneCode,
    syncBeacon: options.isMicrophoneSimulated)
}

/// `--scan [FILE…]`: the codes in the files, or each new one the camera shows.
func scan(_ files: [String]) -> Int32 {
  let runner = ScanRunner(options: options)
  let emit = { (line: String) in printPaths(line) }
  let complain = { (line: String) in
    FileHandle.standardError.write(Data(FileNameBytes.bytes("pinhole: \(line)\n")))
  }
  guard files.isEmpty else { return runner.scanFiles(files, emit: emit, complain: complain) }
  let source = settingControls(chosenSource())
  return runner.scanCamera(
    source, request: source.request(overriding: options.modeRequest), emit: emit,
    complain: complain)
}

/// `source` with `--set NAME=VALUE` applied on each open, to the device that then streams.
func settingControls(_ source: CameraSource) -> CameraSource {
  var source = source
  source.open = ControlsCommand(settings: options.controlSettings).applying(
    to: source.open, failure: controlFailure)
  return source
}

/// `--check`: one mode, the report as text.
func check(_ source: CameraSource, seconds: Double) -> Int32 {
  let report = CheckRunner(
    seconds: seconds, request: source.request(overriding: options.modeRequest)
  ).run(device: source.device, openDevice: source.open, makeConverter: source.makeConverter)
  if controlFailure.error != nil { return 1 }
  print(report.text)
  if let error = report.error, case .deviceBusy = error {
    FileHandle.standardError.write(Data("pinhole: \(DeviceHolders().describe(error))\n".utf8))
  }
  return report.passed ? 0 : 1
}

/// `--check --all-modes`: every mode, a table (or JSON) of nominal against measured figures.
func sweepModes(_ source: CameraSource, seconds: Double) -> Int32 {
  let sweep = ModeSweep(secondsPerMode: seconds, filter: options.modeRequest)
  if !options.wantsJSON {
    print("\(source.device.name) (\(source.device.path))\n\(ModeSweep.header)")
  }
  let result = sweep.run(source: source) { row in
    if !options.wantsJSON {
      print(ModeSweep.line(for: row))
      fflush(nil)
    }
  }
  switch result {
  case .failure(let error):
    fail(error.userMessage)
  case .success(let rows):
    if options.wantsJSON { print(ModeSweep.json(rows, device: source.device)) }
    return rows.allSatisfy(\.passed) && !rows.isEmpty ? 0 : 1
  }
}

/// Writes one line of the window app's log (launch figures, saved photos, scan cards) to
/// standard error, where diagnostics belong; standard output stays for what a command prints
/// as its result (`--list`, `--scan`, `--snapshot`).
func logLine(_ line: String) {
  FileHandle.standardError.write(Data("\(line)\n".utf8))
}
