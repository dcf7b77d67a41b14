// SPDX-License-Identifier: MIT

/// Facts about one captured frame, kept beside its pixels.
public struct FrameMetadata: Hashable, Sendable {
  /// The driver's frame counter; a gap means frames were dropped before Pinhole saw them.
  public var sequence: UInt32
  /// When the sensor captured the frame (the kernel's buffer timestamp, CLOCK_MONOTONIC).
  public var captureTime: MonotonicTime
  /// When Pinhole had the frame converted and ready for display.
  public var readyTime: MonotonicTime
  /// How the Y'CbCr values are to be turned into RGB.
  public var colorimetry: Colorimetry
  /// The pixel format the device delivered before conversion.
  public var sourceFormat: PixelFormat
  /// Time spent converting or decoding the frame into NV12.
  public var conversionTime: Duration

  /// Makes metadata.
  public init(
    sequence: UInt32 = 0, captureTime: MonotonicTime = MonotonicTime(nanoseconds: 0),
    readyTime: MonotonicTime = MonotonicTime(nanoseconds: 0),
    colorimetry: Colorimetry = .bt601Limited, sourceFormat: PixelFormat = .nv12,
    conversionTime: Duration = .zero
  ) {
    self.sequence = sequence
    self.captureTime = captureTime
    self.readyTime = readyTime
    self.colorimetry = colorimetry
    self.sourceFormat = sourceFormat
    self.conversionTime = conversionTime
  }
}

/// An NV12 image in one allocation: a full-size Y plane followed by a half-size interleaved
/// CbCr plane. Odd sizes round the chroma plane up.
///
/// Ownership moves between threads through `FramePool` and `FrameMailbox`; exactly one thread
/// holds a frame at a time and the handoff's mutex orders the accesses, hence
/// `@unchecked Sendable`.
public final class NV12Frame: @unchecked Sendable {
  /// Frame size in pixels.
  public private(set) var size: FrameSize
  /// Bytes from one Y row to the next (≥ width).
  public private(set) var yStride: Int
  /// Bytes from one CbCr row to the next (≥ width rounded up to even).
  public private(set) var uvStride: Int
  /// Facts about the capture.
  public var metadata = FrameMetadata()
  /// The camera's own compressed bytes (a JPEG) when the source format is compressed, empty
  /// otherwise. Kept so a photo can be saved without re-encoding; its capacity is reused from
  /// frame to frame, so keeping it costs a copy of a few hundred kilobytes, not an allocation.
  public var compressedSource: [UInt8] = []

  private var storage: UnsafeMutableRawPointer
  private var capacity: Int

  /// Allocates a frame of `size`; strides are the even width rounded up to a multiple of 64, so
  /// SIMD conversions may run past the visible width.
  public init(size: FrameSize) {
    self.size = size
    yStride = NV12Frame.stride(forWidth: size.width)
    uvStride = yStride
    capacity = NV12Frame.byteCount(size: size, yStride: yStride, uvStride: uvStride)
    storage = UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1), alignment: 64)
  }

  deinit { storage.deallocate() }

  /// Rows of the chroma plane: height rounded up, halved.
  public var chromaHeight: Int { (size.height + 1) / 2 }

  /// The luma plane, `yStride * height` bytes.
  public var yPlane: UnsafeMutableRawPointer { storage }

  /// The interleaved CbCr plane, `uvStride * chromaHeight` bytes.
  public var uvPlane: UnsafeMutableRawPointer { storage + yStride * size.height }

  /// All bytes of both planes.
  public var bytes: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(
      start: storage,
      count: NV12Frame.byteCount(size: size, yStride: yStride, uvStride: uvStride))
  }

  /// Changes the frame's size, reallocating only when the new size needs more memory.
  /// Owner's thread only.
  public func resize(to newSize: FrameSize) {
    guard newSize != size else { return }
    let stride = NV12Frame.stride(forWidth: newSize.width)
    let needed = NV12Frame.byteCount(size: newSize, yStride: stride, uvStride: stride)
    if needed > capacity {
      storage.deallocate()
      storage = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 64)
      capacity = needed
    }
    size = newSize
    yStride = stride
    uvStride = stride
  }

  /// The luma value at (x, y). For tests and sampling; slow.
  public func luma(x: Int, y: Int) -> UInt8 {
    storage.load(fromByteOffset: y * yStride + x, as: UInt8.self)
  }

  /// The (Cb, Cr) pair covering pixel (x, y). For tests and sampling; slow.
  public func chroma(x: Int, y: Int) -> (cb: UInt8, cr: UInt8) {
    let offset = (y / 2) * uvStride + (x / 2) * 2
    return (
      uvPlane.load(fromByteOffset: offset, as: UInt8.self),
      uvPlane.load(fromByteOffset: offset + 1, as: UInt8.self)
    )
  }

  /// The width rounded up to even (for the CbCr pairs), then to a multiple of 64: rows start on
  /// cache-line boundaries, which SIMD conversions and turbojpeg's decoder write fastest to.
  private static func stride(forWidth width: Int) -> Int { ((width + 1) / 2 * 2 + 63) / 64 * 64 }

  private static func byteCount(size: FrameSize, yStride: Int, uvStride: Int) -> Int {
    yStride * size.height + uvStride * ((size.height + 1) / 2)
  }
}

/// A frame as the device delivered it: a borrowed view of a driver buffer, valid only inside
/// the call that hands it out.
public struct RawFrame {
  /// The buffer's used bytes (`bytesused`).
  public var bytes: UnsafeRawBufferPointer
  /// The negotiated pixel format.
  public var format: PixelFormat
  /// The negotiated size.
  public var size: FrameSize
  /// Bytes per row of the first plane (`bytesperline`); 0 for compressed formats.
  public var bytesPerLine: Int
  /// Colorimetry the driver reported for raw formats.
  public var colorimetry: Colorimetry
  /// Driver sequence number.
  public var sequence: UInt32
  /// Kernel capture timestamp.
  public var captureTime: MonotonicTime
  /// True when the driver flagged the buffer as corrupt (V4L2_BUF_FLAG_ERROR).
  public var hasErrorFlag: Bool

  /// Makes a raw frame view.
  public init(
    bytes: UnsafeRawBufferPointer, format: PixelFormat, size: FrameSize, bytesPerLine: Int,
    colorimetry: Colorimetry = .bt601Limited, sequence: UInt32 = 0,
    captureTime: MonotonicTime = .now(), hasErrorFlag: Bool = false
  ) {
    self.bytes = bytes
    self.format = format
    self.size = size
    self.bytesPerLine = bytesPerLine
    self.colorimetry = colorimetry
    self.sequence = sequence
    self.captureTime = captureTime
    self.hasErrorFlag = hasErrorFlag
  }
}
