// SPDX-License-Identifier: MIT
import CLibYUV
import CTurboJPEG
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// The bare library calls Pinhole's conversions are built on, for benchmarks: they measure what
/// `PixelConverter` adds on top of libyuv and turbojpeg. Not for application code.
///
/// Owner's thread only.
public final class ReferenceKernels {
  private let handle = TurboJPEGHandle(.decompress)
  private let planes = [PlaneBuffer(), PlaneBuffer(), PlaneBuffer()]

  /// Makes the kernels, with their own turbojpeg handle and scratch planes.
  public init() {}

  /// Copies every byte of `source` into `target` with one `memcpy` (the two must be the same
  /// size): the floor any conversion is measured against.
  public func copyFrame(_ source: NV12Frame, to target: NV12Frame) {
    target.copyPixels(from: source)
  }

  /// Calls libyuv's `YUY2ToNV12` on a packed frame of `bytesPerLine` bytes a row, into
  /// `target`, which must already have the frame's size.
  public func yuy2ToNV12(_ yuyv: UnsafeRawBufferPointer, bytesPerLine: Int, into target: NV12Frame)
  {
    guard let base = yuyv.baseAddress else { return }
    target.withPlaneAddresses { y, uv in
      _ = YUY2ToNV12(
        base.assumingMemoryBound(to: UInt8.self), Int32(bytesPerLine), y, Int32(target.yStride),
        uv, Int32(target.uvStride), Int32(target.size.width), Int32(target.size.height))
    }
  }

  /// Calls turbojpeg's `tjDecompressToYUVPlanes` (with `TJFLAG_FASTDCT`) into scratch planes
  /// of the JPEG's own subsampling, reading the header first as any caller must. Returns false
  /// when turbojpeg fails.
  public func decompressToPlanes(_ jpeg: UnsafeRawBufferPointer) -> Bool {
    guard let base = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsamp: Int32 = 0
    var colorspace: Int32 = 0
    guard
      tjDecompressHeader3(
        handle.raw, base, UInt(jpeg.count), &width, &height, &subsamp, &colorspace) == 0
    else { return false }
    for (component, plane) in planes.enumerated() {
      plane.reserve(
        width: Int(tjPlaneWidth(Int32(component), width, subsamp)),
        height: Int(tjPlaneHeight(Int32(component), height, subsamp)))
    }
    var pointers: [UnsafeMutablePointer<UInt8>?] = planes.map { $0.bytes }
    var strides: [Int32] = planes.map { Int32($0.stride) }
    return tjDecompressToYUVPlanes(
      handle.raw, base, UInt(jpeg.count), &pointers, width, &strides, height, TJFLAG_FASTDCT)
      == 0
  }
}
