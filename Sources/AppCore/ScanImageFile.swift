// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import Scanning

/// Reads an image file's luma for `pinhole --scan FILE`: JPEG (through turbojpeg), and the
/// Netpbm greyscale and colour forms PGM (P5) and PPM (P6) with 8-bit samples, which
/// ImageMagick writes losslessly (`convert in.png out.pgm`).
public enum ScanImageFile {
  /// Why a file gave no image.
  public enum Failure: Error, Hashable, Sendable {
    /// The file could not be read.
    case unreadable(path: String)
    /// The file is not a JPEG, PGM or PPM image Pinhole can decode.
    case unsupported(path: String)

    /// One sentence for the terminal.
    public var userMessage: String {
      switch self {
      case .unreadable(let path): "Pinhole cannot read \(path)."
      case .unsupported(let path):
        "\(path) is not a JPEG, PGM or PPM image; convert it first (e.g. convert IN OUT.pgm)."
      }
    }
  }

  /// Largest file read: 256 MB, far beyond any photo.
  static let maximumBytes = 256 << 20

  /// The luma of the image at `path`, cut to `region` (the whole image when nil).
  public static func load(_ path: String, region: ScanRegion?) throws(Failure) -> LumaImage {
    guard let data = FileManager.default.contents(atPath: path), data.count <= maximumBytes
    else { throw .unreadable(path: path) }
    let bytes = [UInt8](data)
    let image: LumaImage?
    if bytes.starts(with: [0xFF, 0xD8]) {
      image = jpegLuma(bytes, region: region)
    } else {
      image = NetpbmLuma(bytes).flatMap { netpbm in
        let size = FrameSize(width: netpbm.width, height: netpbm.height)
        return netpbm.luma.withUnsafeBytes {
          LumaImage(
            copying: $0, width: netpbm.width, height: netpbm.height, stride: netpbm.width,
            region: (region ?? .whole).rectangle(in: size))
        }
      }
    }
    guard let image else { throw .unsupported(path: path) }
    return image
  }

  private static func jpegLuma(_ bytes: [UInt8], region: ScanRegion?) -> LumaImage? {
    guard let frame = try? JPEGDecoder().decode(bytes) else { return nil }
    return LumaImage(frame, region: (region ?? .whole).rectangle(in: frame.size))
  }
}

/// The luma of a binary PGM or PPM with a maximum value of 255. Pure.
struct NetpbmLuma {
  var width: Int
  var height: Int
  var luma: [UInt8]

  /// Parses `bytes`; nil when they are not a P5/P6 image of at most 32767 pixels a side.
  init?(_ bytes: [UInt8]) {
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"),
      bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "6")
    else { return nil }
    let channels = bytes[1] == UInt8(ascii: "5") ? 1 : 3
    var index = 2
    var numbers: [Int] = []
    while numbers.count < 3 {
      while index < bytes.count, bytes[index] == UInt8(ascii: "#") || Self.isSpace(bytes[index]) {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        } else {
          index += 1
        }
      }
      var value = 0
      var digits = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
        value = value * 10 + Int(bytes[index] - 0x30)
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      numbers.append(value)
    }
    // Exactly one whitespace byte separates the header from the samples.
    guard index < bytes.count, Self.isSpace(bytes[index]) else { return nil }
    index += 1
    let (width, height, maximum) = (numbers[0], numbers[1], numbers[2])
    guard (1...32767).contains(width), (1...32767).contains(height), maximum == 255,
      bytes.count - index >= width * height * channels
    else { return nil }
    self.width = width
    self.height = height
    if channels == 1 {
      luma = Array(bytes[index..<(index + width * height)])
    } else {
      // BT.601 luma weights in fixed point (77, 150, 29 out of 256).
      luma = (0..<(width * height)).map { pixel in
        let base = index + 3 * pixel
        let sum = 77 * Int(bytes[base]) + 150 * Int(bytes[base + 1]) + 29 * Int(bytes[base + 2])
        return UInt8((sum + 128) >> 8)
      }
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
