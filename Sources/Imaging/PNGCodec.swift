// SPDX-License-Identifier: MIT
import CPNG

/// Reads and writes 8-bit PNG files through libpng's simplified API (`png_image_*`): the
/// images `pinhole --scan FILE` is given (qrencode and screenshot tools write PNG) and the
/// overlay goldens of the tests. Pure; any thread.
public enum PNGCodec {
  /// Why a PNG could not be written or read; `message` is libpng's own words.
  public struct CodingError: Error, CustomStringConvertible, Sendable {
    /// libpng's message, or ours when libpng gave none.
    public let message: String

    /// One sentence for the report.
    public var description: String { "PNG: \(message)" }
  }

  /// The samples a decoded image holds per pixel.
  public enum Layout: Sendable {
    /// One luma byte a pixel (libpng turns colour into grey with the sRGB weights).
    case gray
    /// Red, green and blue bytes a pixel.
    case rgb

    var format: UInt32 { self == .gray ? CPNG_FORMAT_GRAY : CPNG_FORMAT_RGB }
    var channels: Int { self == .gray ? 1 : 3 }
  }

  /// A decoded image: `width * height * layout channels` bytes, row after row.
  public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The samples, rows packed tightly.
    public var pixels: [UInt8]
  }

  /// Largest side decoded: 16384 pixels, and at most 64 megapixels in all. A PNG header can
  /// claim up to 2^31 pixels a side; anything past these is a damaged or hostile file, refused
  /// before a byte of it is allocated.
  public static let maximumSide = 16384
  /// Largest pixel count decoded (see `maximumSide`).
  public static let maximumPixels = 1 << 26

  /// True when `bytes` start with the PNG signature.
  public static func isPNG(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  /// The PNG encoding of an RGB image (8 bits a channel, no alpha).
  public static func encodeRGB(width: Int, height: Int, rgb: [UInt8]) throws(CodingError)
    -> [UInt8]
  {
    guard width > 0, height > 0, width <= maximumSide, height <= maximumSide,
      rgb.count == width * height * 3
    else { throw CodingError(message: "cannot encode \(width)x\(height) from \(rgb.count) bytes") }
    var png = makeImage(width: width, height: height, layout: .rgb)
    var size = 0
    // The first call only measures; the second writes into a buffer of that size.
    guard png_image_write_to_memory(&png, nil, &size, 0, rgb, 0, nil) != 0, size > 0 else {
      throw failure(&png, "cannot measure the encoded size")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    let written = bytes.withUnsafeMutableBytes { buffer in
      png_image_write_to_memory(&png, buffer.baseAddress, &size, 0, rgb, 0, nil)
    }
    guard written != 0 else { throw failure(&png, "cannot encode") }
    return Array(bytes.prefix(size))
  }

  /// Decodes `bytes` into `layout`, whatever colour type, bit depth or transparency the file
  /// has (transparent pixels are composed over black by libpng).
  public static func decode(_ bytes: [UInt8], as layout: Layout) throws(CodingError) -> Image {
    var png = makeImage(width: 0, height: 0, layout: layout)
    let began = bytes.withUnsafeBytes { buffer in
      png_image_begin_read_from_memory(&png, buffer.baseAddress, buffer.count)
    }
    guard began != 0 else { throw failure(&png, "not a PNG file") }
    png.format = layout.format
    let width = Int(png.width)
    let height = Int(png.height)
    guard width > 0, height > 0, width <= maximumSide, height <= maximumSide,
      width * height <= maximumPixels
    else {
      png_image_free(&png)
      throw CodingError(message: "implausible size \(width)x\(height)")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * layout.channels)
    let finished = pixels.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&png, nil, buffer.baseAddress, 0, nil)
    }
    guard finished != 0 else { throw failure(&png, "cannot decode") }
    png_image_free(&png)
    return Image(width: width, height: height, pixels: pixels)
  }

  private static func makeImage(width: Int, height: Int, layout: Layout) -> png_image {
    var png = png_image()
    png.version = CPNG_IMAGE_VERSION
    png.width = UInt32(width)
    png.height = UInt32(height)
    png.format = layout.format
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
