// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// The simplest `FrameConverter`: copies NV12 raw frames row by row into the pool frame and
/// rejects everything else, so capture tests run without the imaging module.
///
/// Capture thread only.
public final class CopyingConverter: FrameConverter {
  /// Why a frame was rejected.
  public enum Failure: Error, Hashable {
    /// The raw frame is not NV12.
    case unsupportedFormat(PixelFormat)
    /// The buffer holds fewer bytes than the size and stride need.
    case truncated(expected: Int, actual: Int)
  }

  /// Frames converted so far.
  public private(set) var convertedCount = 0

  /// Makes a converter.
  public init() {}

  /// True for NV12 only.
  public func canConvert(_ format: PixelFormat) -> Bool { format == .nv12 }

  /// Copies the Y and CbCr planes of an NV12 raw frame, honouring both strides.
  public func convert(_ raw: RawFrame, into frame: NV12Frame) throws {
    guard raw.format == .nv12 else { throw Failure.unsupportedFormat(raw.format) }
    let size = raw.size
    let stride = max(raw.bytesPerLine, size.width)
    let chromaRows = (size.height + 1) / 2
    let chromaWidth = (size.width + 1) / 2 * 2
    let expected = stride * (size.height + chromaRows)
    guard let source = raw.bytes.baseAddress, raw.bytes.count >= expected else {
      throw Failure.truncated(expected: expected, actual: raw.bytes.count)
    }
    frame.resize(to: size)
    frame.withPlaneAddresses { y, uv in
      for row in 0..<size.height {
        memcpy(y + row * frame.yStride, source + row * stride, size.width)
      }
      let chroma = source + stride * size.height
      for row in 0..<chromaRows {
        memcpy(uv + row * frame.uvStride, chroma + row * stride, chromaWidth)
      }
    }
    frame.metadata.colorimetry = raw.colorimetry
    frame.metadata.sourceFormat = raw.format
    convertedCount += 1
  }
}
