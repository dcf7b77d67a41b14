// SPDX-License-Identifier: MIT

/// A V4L2 four-character code, stored as the kernel stores it (first character in the low byte).
public struct FourCC: Hashable, Sendable, CustomStringConvertible {
  /// The little-endian packed code, as in `v4l2_pix_format.pixelformat`.
  public let rawValue: UInt32

  /// Wraps a packed code as the kernel reports it.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Packs up to four ASCII characters; shorter strings are padded with spaces, as V4L2 does
  /// for codes like "Y16 ".
  public init(_ text: String) {
    var bytes = Array(text.utf8.prefix(4))
    while bytes.count < 4 { bytes.append(0x20) }
    rawValue = bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
  }

  /// The four characters, trailing spaces removed.
  public var description: String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32($0))) }
    let printable = bytes.map { (0x20...0x7e).contains($0) ? $0 : UInt8(ascii: "?") }
    return String(decoding: printable, as: UTF8.self).trimmingTrailingSpaces()
  }
}

/// A pixel format a camera can deliver, named by its four-character code.
public struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
  /// The V4L2 code.
  public let fourCC: FourCC

  /// Wraps a four-character code.
  public init(_ fourCC: FourCC) { self.fourCC = fourCC }

  /// Semi-planar 4:2:0, Y plane then interleaved CbCr. The texture format of the preview.
  public static let nv12 = PixelFormat(FourCC("NV12"))
  /// Semi-planar 4:2:0 with CrCb order.
  public static let nv21 = PixelFormat(FourCC("NV21"))
  /// Planar 4:2:0 (I420): Y, Cb, Cr.
  public static let yu12 = PixelFormat(FourCC("YU12"))
  /// Planar 4:2:0 with Cr before Cb.
  public static let yv12 = PixelFormat(FourCC("YV12"))
  /// Packed 4:2:2, Y0 Cb Y1 Cr. The raw format every UVC camera offers.
  public static let yuyv = PixelFormat(FourCC("YUYV"))
  /// Packed 4:2:2, Cb Y0 Cr Y1.
  public static let uyvy = PixelFormat(FourCC("UYVY"))
  /// Motion JPEG: one JPEG per frame, often without Huffman tables.
  public static let mjpeg = PixelFormat(FourCC("MJPG"))
  /// JPEG frames (some drivers use this code for the same thing as MJPG).
  public static let jpeg = PixelFormat(FourCC("JPEG"))
  /// 8-bit luma only (infrared cameras).
  public static let grey = PixelFormat(FourCC("GREY"))

  /// True for formats whose frames are compressed bitstreams rather than pixel arrays.
  public var isCompressed: Bool { self == .mjpeg || self == .jpeg }

  /// How expensive it is to turn this format into NV12 for display; lower is cheaper, `nil` when
  /// Pinhole cannot display it at all.
  public var displayCost: Int? {
    switch self {
    case .nv12: 0
    case .yu12, .nv21, .yv12: 1
    case .yuyv, .uyvy: 2
    case .grey: 3
    case .mjpeg, .jpeg: 4
    default: nil
    }
  }

  /// The four-character code, as users see it in `v4l2-ctl`.
  public var description: String { fourCC.description }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
