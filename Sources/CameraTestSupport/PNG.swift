// SPDX-License-Identifier: MIT

import CPNG

/// Reads and writes 8-bit RGB PNG files through libpng's simplified API, so overlay goldens are
/// small enough to re-record freely and still open in any viewer.
public enum PNG {
  /// Why a PNG could not be written or read; `message` is libpng's own words.
  public struct CodingError: Error, CustomStringConvertible, Sendable {
    /// libpng's message, or ours when libpng gave none.
    public let message: String

    /// One sentence for the test report.
    public var description: String { "PNG: \(message)" }
  }

  /// The PNG encoding of `image` (RGB, 8 bits a channel, no alpha).
  public static func encode(_ image: PPM.Image) throws -> [UInt8] {
    var png = makeImage(width: image.width, height: image.height)
    var size = 0
    // The first call only measures; the second writes into a buffer of that size.
    guard png_image_write_to_memory(&png, nil, &size, 0, image.rgb, 0, nil) != 0, size > 0 else {
      throw failure(&png, "cannot measure the encoded size")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    let written = bytes.withUnsafeMutableBytes { buffer in
      png_image_write_to_memory(&png, buffer.baseAddress, &size, 0, image.rgb, 0, nil)
    }
    guard written != 0 else { throw failure(&png, "cannot encode") }
    return Array(bytes.prefix(size))
  }

  /// Decodes `bytes` into 8-bit RGB, whatever colour type the file has.
  public static func decode(_ bytes: [UInt8]) throws -> PPM.Image {
    var png = makeImage(width: 0, height: 0)
    let began = bytes.withUnsafeBytes { buffer in
      png_image_begin_read_from_memory(&png, buffer.baseAddress, buffer.count)
    }
    guard began != 0 else { throw failure(&png, "not a PNG file") }
    defer { png_image_free(&png) }
    png.format = CPNG_FORMAT_RGB
    let width = Int(png.width)
    let height = Int(png.height)
    // Goldens are window-sized; anything beyond 64 megapixels is a damaged file, not a golden.
    guard width > 0, height > 0, width <= 16384, height <= 16384, width * height <= 1 << 26 else {
      throw CodingError(message: "implausible size \(width)x\(height)")
    }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    let finished = rgb.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&png, nil, buffer.baseAddress, 0, nil)
    }
    guard finished != 0 else { throw failure(&png, "cannot decode") }
    return PPM.Image(width: width, height: height, rgb: rgb)
  }

  private static func makeImage(width: Int, height: Int) -> png_image {
    var png = png_image()
    png.version = CPNG_IMAGE_VERSION
    png.width = UInt32(width)
    png.height = UInt32(height)
    png.format = CPNG_FORMAT_RGB
    return png
  }

  private static func failure(_ png: inout png_image, _ fallback: String) -> CodingError {
    let message = withUnsafeBytes(of: png.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&png)
    return CodingError(message: message.isEmpty ? fallback : message)
  }
}
