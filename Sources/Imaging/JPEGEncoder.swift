// SPDX-License-Identifier: MIT
import CLibYUV
import CTurboJPEG
import CameraModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes NV12 frames as baseline JFIF JPEG (photos, thumbnails, test fixtures).
///
/// turbojpeg 2.1 takes no NV12 input, so the interleaved chroma is split into Cb and Cr planes
/// first (and upsampled for 4:2:2 or 4:4:4 output). JFIF is full range: frames marked limited
/// range (raw camera YUV) are expanded to 0–255 on the way, so photos are not washed out. The
/// matrix is kept as it is; BT.709 frames are written as if BT.601, a shift too small to see in
/// a photo but worth knowing.
///
/// Owner's thread only (one encoder per photo writer).
public final class JPEGEncoder {
  private let handle = TurboJPEGHandle(.compress)
  private let expandedLuma = PlaneBuffer()
  private let cbPlane = PlaneBuffer()
  private let crPlane = PlaneBuffer()
  private let upsampledCb = PlaneBuffer()
  private let upsampledCr = PlaneBuffer()
  private let output = PlaneBuffer()

  /// Makes an encoder.
  public init() {}

  /// Encodes `frame` at `quality` (1–100) with `subsampling` (4:2:0, 4:2:2, 4:4:4 or grey).
  /// Throws `encodeFailed` for an empty frame, another subsampling, or a turbojpeg failure.
  public func encode(
    _ frame: NV12Frame, quality: Int = 92, subsampling: JPEGSubsampling = .yuv420
  ) throws(ImagingError) -> Data {
    let size = frame.size
    guard size.width > 0, size.height > 0 else { throw .encodeFailed }
    let expands = frame.metadata.colorimetry.range == .limited
    return try frame.withPlaneAddresses { (y, uv) throws(ImagingError) -> Data in
      let luma = lumaPlane(y, of: frame, expanding: expands)
      splitChroma(uv, of: frame, expanding: expands)
      let chroma: (cb: PlaneBuffer, cr: PlaneBuffer)
      switch subsampling {
      case .yuv420, .grey: chroma = (cbPlane, crPlane)
      case .yuv422: chroma = upsampleChroma(of: frame, to: (size.width + 1) / 2, size.height)
      case .yuv444: chroma = upsampleChroma(of: frame, to: size.width, size.height)
      case .yuv440, .yuv411: throw .encodeFailed
      }
      var planes: [UnsafePointer<UInt8>?] = [
        UnsafePointer(luma.pointer), UnsafePointer(chroma.cb.bytes), UnsafePointer(chroma.cr.bytes),
      ]
      var strides: [Int32] = [Int32(luma.stride), Int32(chroma.cb.stride), Int32(chroma.cr.stride)]
      return try compress(&planes, strides: &strides, size: size, subsampling, quality: quality)
    }
  }

  private func compress(
    _ planes: inout [UnsafePointer<UInt8>?], strides: inout [Int32], size: FrameSize,
    _ subsampling: JPEGSubsampling, quality: Int
  ) throws(ImagingError) -> Data {
    let subsamp = subsampling.turboJPEGValue
    let capacity = Int(tjBufSize(Int32(size.width), Int32(size.height), subsamp))
    output.reserve(width: capacity, height: 1)
    var jpegBuffer: UnsafeMutablePointer<UInt8>? = output.bytes
    var jpegSize = UInt(capacity)
    // NOREALLOC: the buffer is ours and already as large as turbojpeg's worst case. No
    // FASTDCT: photos are kept, so they get the accurate forward DCT.
    let status = tjCompressFromYUVPlanes(
      handle.raw, &planes, Int32(size.width), &strides, Int32(size.height), subsamp,
      &jpegBuffer, &jpegSize, Int32(min(max(quality, 1), 100)),
      TJFLAG_NOREALLOC)
    guard status == 0, let jpegBuffer else { throw .encodeFailed }
    return Data(bytes: jpegBuffer, count: Int(jpegSize))
  }

  /// The Y plane to encode: the frame's own (`source`, from its plane scope), or a
  /// range-expanded copy.
  private func lumaPlane(
    _ source: UnsafeMutablePointer<UInt8>, of frame: NV12Frame, expanding: Bool
  ) -> (pointer: UnsafeMutablePointer<UInt8>, stride: Int) {
    guard expanding else { return (source, frame.yStride) }
    expandedLuma.reserve(width: frame.size.width, height: frame.size.height)
    RangeExpansion.luma.apply(
      from: source, stride: frame.yStride, to: expandedLuma.bytes, stride: expandedLuma.stride,
      width: frame.size.width, height: frame.size.height)
    return (expandedLuma.bytes, expandedLuma.stride)
  }

  /// Splits the interleaved chroma into `cbPlane` and `crPlane` (4:2:0 size).
  private func splitChroma(
    _ uv: UnsafeMutablePointer<UInt8>, of frame: NV12Frame, expanding: Bool
  ) {
    let width = (frame.size.width + 1) / 2
    let height = frame.chromaHeight
    cbPlane.reserve(width: width, height: height)
    crPlane.reserve(width: width, height: height)
    SplitUVPlane(
      uv, Int32(frame.uvStride), cbPlane.bytes,
      Int32(cbPlane.stride), crPlane.bytes, Int32(crPlane.stride), Int32(width), Int32(height))
    guard expanding else { return }
    for plane in [cbPlane, crPlane] {
      RangeExpansion.chroma.apply(
        from: plane.bytes, stride: plane.stride, to: plane.bytes, stride: plane.stride,
        width: width, height: height)
    }
  }

  /// Bilinear upsampling of the 4:2:0 chroma planes to `width` × `height`.
  private func upsampleChroma(
    of frame: NV12Frame, to width: Int, _ height: Int
  ) -> (cb: PlaneBuffer, cr: PlaneBuffer) {
    let sourceWidth = Int32((frame.size.width + 1) / 2)
    let sourceHeight = Int32(frame.chromaHeight)
    for (source, target) in [(cbPlane, upsampledCb), (crPlane, upsampledCr)] {
      target.reserve(width: width, height: height)
      ScalePlane(
        source.bytes, Int32(source.stride), sourceWidth, sourceHeight, target.bytes,
        Int32(target.stride), Int32(width), Int32(height), kFilterBilinear)
    }
    return (upsampledCb, upsampledCr)
  }
}
