// SPDX-License-Identifier: MIT

import Imaging

/// Reads and writes the overlay goldens as 8-bit RGB PNG files (through Imaging's `PNGCodec`),
/// so they are small enough to re-record freely and still open in any viewer.
public enum PNG {
  /// Why a PNG could not be written or read; `message` is libpng's own words.
  public typealias CodingError = PNGCodec.CodingError

  /// The PNG encoding of `image` (RGB, 8 bits a channel, no alpha).
  public static func encode(_ image: PPM.Image) throws -> [UInt8] {
    try PNGCodec.encodeRGB(width: image.width, height: image.height, rgb: image.rgb)
  }

  /// Decodes `bytes` into 8-bit RGB, whatever colour type the file has.
  public static func decode(_ bytes: [UInt8]) throws -> PPM.Image {
    let image = try PNGCodec.decode(bytes, as: .rgb)
    return PPM.Image(width: image.width, height: image.height, rgb: image.pixels)
  }
}
