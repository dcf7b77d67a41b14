// SPDX-License-Identifier: MIT
import CameraModel

/// Where the planes of an uncompressed single-planar V4L2 frame lie.
///
/// V4L2 states one `bytesperline` for the first plane. For the planar 4:2:0 formats (YU12,
/// YV12) each chroma plane's stride is half of it, rounded up; for NV12/NV21 the interleaved
/// chroma plane shares it
/// (https://www.kernel.org/doc/html/latest/userspace-api/media/v4l/pixfmt-yuv-planar.html).
/// A `bytesPerLine` smaller than a row needs (0 included) means "tightly packed". Odd widths and
/// heights round the chroma plane up, as `NV12Frame` does.
struct RawFrameLayout: Equatable {
  /// Bytes from one row of the first plane to the next.
  let lumaStride: Int
  /// Bytes from one row of a chroma plane to the next (0 for packed and grey formats).
  let chromaStride: Int
  /// Offset of the first chroma plane (Cb for YU12 and NV12, Cr for YV12 and NV21).
  let firstChromaOffset: Int
  /// Offset of the second chroma plane of the planar formats.
  let secondChromaOffset: Int
  /// The fewest bytes a complete frame occupies.
  let byteCount: Int

  /// Computes the layout; throws `unsupportedFormat` for compressed or unknown formats.
  init(format: PixelFormat, size: FrameSize, bytesPerLine: Int) throws(ImagingError) {
    let width = size.width
    let height = size.height
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    switch format {
    case .nv12, .nv21:
      lumaStride = max(bytesPerLine, width)
      chromaStride = max(lumaStride, chromaWidth * 2)
      firstChromaOffset = lumaStride * height
      secondChromaOffset = firstChromaOffset
      byteCount = firstChromaOffset + chromaStride * chromaHeight
    case .yu12, .yv12:
      lumaStride = max(bytesPerLine, width)
      chromaStride = max((lumaStride + 1) / 2, chromaWidth)
      firstChromaOffset = lumaStride * height
      secondChromaOffset = firstChromaOffset + chromaStride * chromaHeight
      byteCount = secondChromaOffset + chromaStride * chromaHeight
    case .yuyv, .uyvy:
      // Four bytes carry two pixels; an odd width still occupies the whole last pair.
      lumaStride = max(bytesPerLine, chromaWidth * 4)
      chromaStride = 0
      firstChromaOffset = 0
      secondChromaOffset = 0
      byteCount = lumaStride * height
    case .grey:
      lumaStride = max(bytesPerLine, width)
      chromaStride = 0
      firstChromaOffset = 0
      secondChromaOffset = 0
      byteCount = lumaStride * height
    default:
      throw .unsupportedFormat(format)
    }
  }
}
