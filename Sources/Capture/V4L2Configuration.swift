// SPDX-License-Identifier: MIT
import CameraModel

/// The mode in force after `configure`, with the layout facts the driver reported.
struct V4L2Configuration: Hashable, Sendable {
  /// Format, size and interval the driver chose.
  var mode: CaptureMode
  /// Bytes per row of the first plane; 0 for compressed formats.
  var bytesPerLine: Int
  /// Bytes a full frame takes (`sizeimage`).
  var sizeImage: Int
  /// How the frame's Y'CbCr maps to RGB.
  var colorimetry: Colorimetry

  /// The colour facts of a V4L2 format answer, as Pinhole's `Colorimetry`.
  ///
  /// JPEG frames are always BT.601 full range (JFIF). For raw YUV an explicit Y'CbCr encoding
  /// wins; otherwise a REC709 colourspace, or an HD size with the default colourspace, means
  /// BT.709 (the kernel's default for HD in `V4L2_MAP_YCBCR_ENC_DEFAULT` is colourspace based,
  /// but UVC cameras report sRGB for every size while HD sensors encode with 709).
  /// Full range only when the driver says so.
  static func colorimetry(
    format: PixelFormat, size: FrameSize, colorspace: UInt32, encoding: UInt32,
    quantization: UInt32
  ) -> Colorimetry {
    if format.isCompressed { return .jpeg }
    // The JPEG colourspace implies full range unless the driver states a quantization.
    let isFull =
      quantization == fullRangeQuantization
      || (quantization == defaultQuantization && colorspace == jpegColorspace)
    let range: Colorimetry.Range = isFull ? .full : .limited
    let matrix: Colorimetry.Matrix
    if encoding == bt709Encoding {
      matrix = .bt709
    } else if encoding == bt601Encoding || sdColorspaces.contains(colorspace) {
      matrix = .bt601
    } else if colorspace == rec709Colorspace {
      matrix = .bt709
    } else {
      matrix = size.width >= 1280 && size.height >= 720 ? .bt709 : .bt601
    }
    return Colorimetry(matrix: matrix, range: range)
  }

  // Values of the kernel enums v4l2_colorspace, v4l2_ycbcr_encoding and v4l2_quantization
  // (linux/videodev2.h); kept as plain numbers so this function is testable without the C
  // module.
  /// V4L2_QUANTIZATION_DEFAULT.
  static let defaultQuantization: UInt32 = 0
  /// V4L2_QUANTIZATION_FULL_RANGE.
  static let fullRangeQuantization: UInt32 = 1
  /// V4L2_YCBCR_ENC_601.
  static let bt601Encoding: UInt32 = 1
  /// V4L2_YCBCR_ENC_709.
  static let bt709Encoding: UInt32 = 2
  /// V4L2_COLORSPACE_REC709.
  static let rec709Colorspace: UInt32 = 3
  /// V4L2_COLORSPACE_JPEG.
  static let jpegColorspace: UInt32 = 7
  /// V4L2_COLORSPACE_SMPTE170M (1), _470_SYSTEM_M (5), _470_SYSTEM_BG (6) and JPEG (7): all
  /// encode with BT.601.
  static let sdColorspaces: Set<UInt32> = [1, 5, 6, 7]
}
