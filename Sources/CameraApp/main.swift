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
case .check(let seconds, _):
  let source = CameraSource(CameraSelection.choose(options.camera, among: CameraSource.discover()))
  let report = CheckRunner(
    seconds: seconds, request: source.request(overriding: options.modeRequest)
  ).run(
    device: source.device, openDevice: source.open, makeConverter: source.makeConverter)
  print(report.text)
  exit(report.passed ? 0 : 1)
case .snapshot, .controls:
  FileHandle.standardError.write(Data("pinhole: this command is not available yet.\n".utf8))
  exit(2)
case .preview:
  exit(PreviewApp.run(options: options))
}
