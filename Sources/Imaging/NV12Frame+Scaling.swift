// SPDX-License-Identifier: MIT
import CLibYUV
import CameraModel

extension NV12Frame {
  /// How `scale(into:filter:)` samples the source.
  public enum ScaleFilter: Sendable {
    /// Each target pixel averages the source pixels it covers: for shrinking.
    case box
    /// Each target pixel interpolates its four nearest source pixels: for enlarging.
    case bilinear
  }

  /// Scales both planes of this frame to fill `target` at its size (libyuv's NV12Scale). The
  /// metadata is not copied. Sizes of zero leave `target` as it is.
  public func scale(into target: NV12Frame, filter: ScaleFilter) {
    guard size.width > 0, size.height > 0, target.size.width > 0, target.size.height > 0
    else { return }
    withPlaneAddresses { y, uv in
      target.withPlaneAddresses { targetY, targetUV in
        _ = NV12Scale(
          y, Int32(yStride), uv, Int32(uvStride), Int32(size.width), Int32(size.height),
          targetY, Int32(target.yStride), targetUV, Int32(target.uvStride),
          Int32(target.size.width), Int32(target.size.height),
          filter == .box ? kFilterBox : kFilterBilinear)
      }
    }
  }
}

extension NV12Frame {
  /// Scales both planes of this frame into NV12 planes of `targetSize`: luma at `targetY`
  /// with rows `targetYStride` bytes apart, chroma at `targetUV` with rows `targetUVStride`
  /// apart (an encoder's picture, say). Sizes of zero do nothing.
  public func scale(
    intoY targetY: UnsafeMutablePointer<UInt8>, stride targetYStride: Int,
    uv targetUV: UnsafeMutablePointer<UInt8>, stride targetUVStride: Int,
    size targetSize: FrameSize, filter: ScaleFilter
  ) {
    guard size.width > 0, size.height > 0, targetSize.width > 0, targetSize.height > 0
    else { return }
    withPlaneAddresses { y, uv in
      _ = NV12Scale(
        y, Int32(yStride), uv, Int32(uvStride), Int32(size.width), Int32(size.height), targetY,
        Int32(targetYStride), targetUV, Int32(targetUVStride), Int32(targetSize.width),
        Int32(targetSize.height), filter == .box ? kFilterBox : kFilterBilinear)
    }
  }
}

/// One 8-bit plane scaled into another (libyuv's ScalePlane): for masks and other planes kept
/// outside a frame. Sizes of zero do nothing.
public enum PlaneScaling {
  /// Scales `width` × `height` samples at `source` (rows `sourceStride` bytes apart) to
  /// `targetWidth` × `targetHeight` at `target`.
  public static func scale(
    _ source: UnsafePointer<UInt8>, stride sourceStride: Int, width: Int, height: Int,
    into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, width targetWidth: Int,
    height targetHeight: Int, filter: NV12Frame.ScaleFilter
  ) {
    guard width > 0, height > 0, targetWidth > 0, targetHeight > 0 else { return }
    ScalePlane(
      source, Int32(sourceStride), Int32(width), Int32(height), target, Int32(targetStride),
      Int32(targetWidth), Int32(targetHeight), filter == .box ? kFilterBox : kFilterBilinear)
  }

  /// Scales an interleaved two-channel plane (NV12's CbCr) the same way (libyuv's UVScale);
  /// sizes count sample pairs.
  public static func scalePairs(
    _ source: UnsafePointer<UInt8>, stride sourceStride: Int, width: Int, height: Int,
    into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, width targetWidth: Int,
    height targetHeight: Int, filter: NV12Frame.ScaleFilter
  ) {
    guard width > 0, height > 0, targetWidth > 0, targetHeight > 0 else { return }
    _ = UVScale(
      source, Int32(sourceStride), Int32(width), Int32(height), target, Int32(targetStride),
      Int32(targetWidth), Int32(targetHeight), filter == .box ? kFilterBox : kFilterBilinear)
  }
}
