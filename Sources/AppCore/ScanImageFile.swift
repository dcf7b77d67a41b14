// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import Localization
import PhotoPipeline
import Scanning

/// Reads an image file's luma for `pinhole --scan FILE`: JPEG (through turbojpeg), PNG (through
/// libpng; what qrencode and screenshot tools write), and the Netpbm greyscale and colour forms
/// PGM (P5) and PPM (P6) with 8-bit samples.
///
/// The file's size is checked on the open descriptor before a byte is read, and its pixel
/// count before a pixel is decoded, with the limits the photo strip uses: a 3 GB sparse
/// ".jpg", or a few hundred bytes claiming 16000x16000 pixels, is refused, not read.
public enum ScanImageFile {
  /// Why a file gave no image.
  public enum Failure: Error, Hashable, Sendable {
    /// The file could not be opened or read; `reason` is the system's words.
    case unreadable(path: String, reason: String)
    /// The path is a folder, FIFO, device or socket.
    case notAFile(path: String)
    /// The file is larger than `maximumBytes`.
    case tooLarge(path: String, bytes: Int)
    /// The file is not a JPEG, PNG, PGM or PPM image Pinhole can decode.
    case unsupported(path: String)
    /// The file starts as a JPEG but is damaged or cut short.
    case damaged(path: String)
    /// The image claims more pixels than `JPEGDecoder.pixelBudget`, the photo strip's limit.
    case tooManyPixels(path: String, size: FrameSize)

    /// One sentence for the terminal.
    public var userMessage: String {
      switch self {
      case .unreadable(let path, let reason): tr("Pinhole cannot read %1$s (%2$s).", path, reason)
      case .notAFile(let path):
        tr("%1$s is not a regular file, so Pinhole does not read it.", path)
      case .tooLarge(let path, let bytes):
        tr(
          "%1$s is too large to scan (%2$d MB; the limit is %3$d MB).", path, bytes / 1_000_000,
          ScanImageFile.maximumBytes / 1_000_000)
      case .unsupported(let path):
        tr(
          "%1$s is not a JPEG, PNG, PGM or PPM image Pinhole can read; convert it first (e.g. convert IN OUT.png).",
          path)
      case .damaged(let path): tr("%1$s is a damaged or truncated JPEG.", path)
      case .tooManyPixels(let path, let size):
        tr(
          "%1$s is too large to scan (%2$dx%3$d pixels; the limit is %4$d megapixels).", path,
          size.width, size.height, JPEGDecoder.pixelBudget / 1_000_000)
      }
    }
  }

  /// Largest file read: the photo strip's limit (`PhotoFileReader`), far beyond any photo.
  public static let maximumBytes = PhotoFileReader().largestFile

  /// The luma of the image at `path`, cut to `region` (the whole image when nil).
  public static func load(_ path: String, region: ScanRegion?) throws(Failure) -> LumaImage {
    let data: Data
    do {
      data = try PhotoFileReader().read(URL(fileURLWithPath: path))
    } catch {
      switch error {
      case .tooLarge(let bytes): throw .tooLarge(path: path, bytes: bytes)
      case .notAFile: throw .notAFile(path: path)
      case .unreadable: throw .unreadable(path: path, reason: error.reason)
      }
    }
    let bytes = [UInt8](data)
    let image: LumaImage?
    if bytes.starts(with: [0xFF, 0xD8]) {
      image = try jpegLuma(bytes, region: region, path: path)
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

  /// The luma of a file that starts as a JPEG; one that will not decode is damaged, or too
  /// large when its header claims more pixels than the budget.
  private static func jpegLuma(
    _ bytes: [UInt8], region: ScanRegion?, path: String
  ) throws(Failure) -> LumaImage? {
    let frame: NV12Frame
    do {
      frame = try JPEGDecoder().decode(bytes)
    } catch {
      if case .imageTooLarge(let size) = error { throw .tooManyPixels(path: path, size: size) }
      throw .damaged(path: path)
    }
    return LumaImage(frame, region: (region ?? .whole).rectangle(in: frame.size))
  }
}
