// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation

extension ExternalTool {
  /// A small baseline JPEG (with a JFIF APP0) made by cjpeg from a gradient PPM.
  static func makeJPEG(in folder: TemporaryFolder, width: Int = 16, height: Int = 8) throws -> Data
  {
    var ppm = Data("P6\n\(width) \(height)\n255\n".utf8)
    for y in 0..<height {
      for x in 0..<width { ppm += [UInt8(x * 15), UInt8(y * 30), 128] }
    }
    let input = folder.url.appendingPathComponent("in.ppm")
    let output = folder.url.appendingPathComponent("out.jpg")
    try ppm.write(to: input)
    let result = try run("cjpeg", ["-quality", "90", "-outfile", output.path, input.path])
    guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    return try Data(contentsOf: output)
  }
}
