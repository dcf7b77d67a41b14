// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import Scanning

/// Reads an image file's luma for `pinhole --scan FILE`: JPEG (through turbojpeg), PNG (through
/// libpng; what qrencode and screenshot tools write), and the Netpbm greyscale and colour forms
/// PGM (P5) and PPM (P6) with 8-bit samples.
public enum ScanImageFile {
  /// Why a file gave no image.
  public enum Failure: Error, Hashable, Sendable {
    /// The file could not be read.
    case unreadable(path: String)
    /// The file is not a JPEG, PNG, PGM or PPM image Pinhole can decode.
    case unsupported(path: String)

    /// One sentence for the terminal.
    public var userMessage: String {
      switch self {
      case .unreadable(let path): "Pinhole cannot read \(path)."
      case .unsupported(let path):
        "\(path) is not a JPEG, PNG, PGM or PPM image Pinhole can read; convert it first "
          + "(e.g. convert IN OUT.png)."
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
    } else if PNGCodec.isPNG(bytes) {
      image = pngLuma(bytes, region: region)
    } else {
      image = LumaImage(netpbm: bytes).flatMap { whole in
        let size = FrameSize(width: whole.width, height: whole.height)
        return whole.pixels.withUnsafeBytes {
          LumaImage(
            copying: $0, width: whole.width, height: whole.height, stride: whole.width,
            region: (region ?? .whole).rectangle(in: size))
        }
      }
    }
    guard let image else { throw .unsupported(path: path) }
    return image
  }

  /// The luma of a PNG (colour turned to grey by libpng), cut to `region`; nil when libpng
  /// refuses the file or it is larger than a scan takes (32767 pixels a side).
  public static func pngLuma(_ bytes: [UInt8], region: ScanRegion?) -> LumaImage? {
    guard let whole = try? PNGCodec.decode(bytes, as: .gray) else { return nil }
    let size = FrameSize(width: whole.width, height: whole.height)
    return whole.pixels.withUnsafeBytes {
      LumaImage(
        copying: $0, width: whole.width, height: whole.height, stride: whole.width,
        region: (region ?? .whole).rectangle(in: size))
    }
  }

  private static func jpegLuma(_ bytes: [UInt8], region: ScanRegion?) -> LumaImage? {
    guard let frame = try? JPEGDecoder().decode(bytes) else { return nil }
    return LumaImage(frame, region: (region ?? .whole).rectangle(in: frame.size))
  }
}
