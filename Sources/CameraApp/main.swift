// SPDX-License-Identifier: MIT
import AppCore
import Foundation

let options: Options
do {
  options = try Options(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data((error.userMessage + "\n").utf8))
  exit(2)
}

switch options.command {
case .help:
  print(usageText)
case .version:
  print("Pinhole \(pinholeVersion)")
case .list:
  print(ListReport.gather(cameras: CameraSource.discover()).text())
case .check(let seconds, let allModes):
  let source = CameraSource(CameraSelection.choose(options.camera, among: CameraSource.discover()))
  exit(allModes ? sweepModes(source, seconds: seconds) : check(source, seconds: seconds))
case .snapshot:
  let source = CameraSource(CameraSelection.choose(options.camera, among: CameraSource.discover()))
  let outcome = SnapshotRunner(
    options: options, request: source.request(overriding: options.modeRequest)
  )
  .run(source: source)
  if outcome.status == 0 {
    print(outcome.message)
  } else {
    FileHandle.standardError.write(Data("pinhole: \(outcome.message)\n".utf8))
  }
  exit(outcome.status)
case .controls:
  FileHandle.standardError.write(Data("pinhole: this command is not available yet.\n".utf8))
  exit(2)
case .preview:
  exit(PreviewApp.run(options: options))
}

/// `--check`: one mode, the report as text.
func check(_ source: CameraSource, seconds: Double) -> Int32 {
  let report = CheckRunner(
    seconds: seconds, request: source.request(overriding: options.modeRequest)
  )
  .run(device: source.device, openDevice: source.open, makeConverter: source.makeConverter)
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
    FileHandle.standardError.write(Data("pinhole: \(error.userMessage)\n".utf8))
    return 1
  case .success(let rows):
    if options.wantsJSON { print(ModeSweep.json(rows)) }
    return rows.allSatisfy(\.passed) && !rows.isEmpty ? 0 : 1
  }
}
