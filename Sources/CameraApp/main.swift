// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import SDLPlatform

let options: Options
do {
  options = try Options(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error.userMessage, status: 2)
}

switch options.command {
case .help:
  print(usageText)
case .version:
  print("Pinhole \(pinholeVersion)")
case .list:
  print(ListReport.gather(cameras: CameraSource.discover()).text())
case .controls:
  switch ControlsCommand(settings: options.controlSettings).run(openDevice: chosenSource().open) {
  case .success(let text): print(text)
  case .failure(let error): fail(error.userMessage)
  }
case .check(let seconds, let allModes):
  let source = chosenSource()
  applyControlSettings(source)
  exit(allModes ? sweepModes(source, seconds: seconds) : check(source, seconds: seconds))
case .snapshot:
  let source = chosenSource()
  applyControlSettings(source)
  let outcome = SnapshotRunner(
    options: options, request: source.request(overriding: options.modeRequest)
  ).run(source: source)
  guard outcome.status == 0 else { fail(outcome.message, status: outcome.status) }
  print(outcome.message)
case .record:
  let source = chosenSource()
  applyControlSettings(source)
  let outcome = RecordRunner(
    options: options, request: source.request(overriding: options.modeRequest),
    openMicrophone: openMicrophone
  ).run(source: source)
  for notice in outcome.notices {
    FileHandle.standardError.write(Data("pinhole: \(notice)\n".utf8))
  }
  guard outcome.status == 0 else { fail(outcome.message, status: outcome.status) }
  print(outcome.message)
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

/// Prints `message` to standard error and exits.
func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("pinhole: \(message)\n".utf8))
  exit(status)
}

/// The camera the command line chose, or the first one, or the simulated camera.
func chosenSource() -> CameraSource {
  CameraSource(
    CameraSelection.choose(options.camera, among: CameraSource.discover()),
    stillScene: options.isSceneStill)
}

/// Applies `--set NAME=VALUE` settings; drivers keep them after the camera is closed.
func applyControlSettings(_ source: CameraSource) {
  if case .failure(let error) = ControlsCommand(settings: options.controlSettings).apply(
    openDevice: source.open)
  {
    fail(error.userMessage)
  }
}

/// `--check`: one mode, the report as text.
func check(_ source: CameraSource, seconds: Double) -> Int32 {
  let report = CheckRunner(
    seconds: seconds, request: source.request(overriding: options.modeRequest)
  ).run(device: source.device, openDevice: source.open, makeConverter: source.makeConverter)
  print(report.text)
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
    if options.wantsJSON { print(ModeSweep.json(rows)) }
    return rows.allSatisfy(\.passed) && !rows.isEmpty ? 0 : 1
  }
}
