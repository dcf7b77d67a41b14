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
/// Pixels are reached through scoped access — `withPlanes { y, uv in … }`, `withYPlane`,
/// `withBytes` — whose buffers are valid only inside the closure: `resize` may free them.
///
/// Not `Sendable`: a frame is a pool-owned buffer that exactly one thread holds at a time.
/// It moves between threads only as a `sending` value, through `FramePool`, `FrameMailbox`,
/// `Inbox`, `Worker`, `NewestWinsStage`, `FrameDelivery`, `CaptureSession.recycle`,
/// `FrameConverter.converting`, the zero-shutter-lag `FrameRing`,
/// `PhotoJob`/`PhotoWriter.submit`, `PhotoController.framePresented`, the recorder and the
/// video player, so the compiler checks that no thread keeps a reference to a frame it handed
/// on. Where it cannot follow a frame out of a store, or through a call that only reads it,
/// one `nonisolated(unsafe)` binding says why, beside it.
public final class NV12Frame {
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

  /// Both planes in one allocation, bound to bytes once when allocated.
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int

  /// Allocates a frame of `size`; strides are the even width rounded up to a multiple of 64, so
  /// SIMD conversions may run past the visible width.
  public init(size: FrameSize) {
    self.size = size
    yStride = NV12Frame.stride(forWidth: size.width)
    uvStride = yStride
    capacity = NV12Frame.byteCount(size: size, yStride: yStride, uvStride: uvStride)
    storage = NV12Frame.allocate(byteCount: capacity)
  }

  deinit { storage.deallocate() }

  /// Rows of the chroma plane: height rounded up, halved.
  public var chromaHeight: Int { (size.height + 1) / 2 }

  /// Bytes in both planes.
  public var byteCount: Int {
    NV12Frame.byteCount(size: size, yStride: yStride, uvStride: uvStride)
  }

  /// Calls `body` with the luma plane (`yStride * height` bytes) and the interleaved CbCr
  /// plane (`uvStride * chromaHeight` bytes). The buffers are valid only inside `body`, which
  /// must not resize the frame. Owner's thread only.
  public func withPlanes<Result, Failure: Error>(
    _ body: (
      _ y: UnsafeMutableBufferPointer<UInt8>, _ uv: UnsafeMutableBufferPointer<UInt8>
    ) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let lumaCount = yStride * size.height
    return try body(
      UnsafeMutableBufferPointer(start: storage, count: lumaCount),
      UnsafeMutableBufferPointer(start: storage + lumaCount, count: uvStride * chromaHeight))
  }

  /// Calls `body` with the first byte of the luma plane and of the CbCr plane, for code that
  /// walks rows by stride (C conversions, row copies); see `withPlanes`.
  public func withPlaneAddresses<Result, Failure: Error>(
    _ body: (_ y: UnsafeMutablePointer<UInt8>, _ uv: UnsafeMutablePointer<UInt8>) throws(Failure)
      -> Result
  ) throws(Failure) -> Result {
    try body(storage, storage + yStride * size.height)
  }

  /// Calls `body` with the luma plane, `yStride * height` bytes; see `withPlanes`.
  public func withYPlane<Result, Failure: Error>(
    _ body: (UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeMutableBufferPointer(start: storage, count: yStride * size.height))
  }

  /// Calls `body` with both planes as one buffer, Y then CbCr; see `withPlanes`.
  public func withBytes<Result, Failure: Error>(
    _ body: (UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeMutableBufferPointer(start: storage, count: byteCount))
  }

  /// Copies every pixel of `source`, which must have this frame's size and strides.
  public func copyPixels(from source: NV12Frame) {
    precondition(
      source.size == size && source.yStride == yStride && source.uvStride == uvStride,
      "frames differ in size or stride")
    storage.update(from: source.storage, count: byteCount)
  }

  /// Changes the frame's size, reallocating only when the new size needs more memory.
  /// Owner's thread only.
  public func resize(to newSize: FrameSize) {
    guard newSize != size else { return }
    let stride = NV12Frame.stride(forWidth: newSize.width)
    let needed = NV12Frame.byteCount(size: newSize, yStride: stride, uvStride: stride)
    if needed > capacity {
      storage.deallocate()
      storage = NV12Frame.allocate(byteCount: needed)
      capacity = needed
    }
    size = newSize
    yStride = stride
    uvStride = stride
  }

  /// The luma value at (x, y). For tests and sampling; slow.
  public func luma(x: Int, y: Int) -> UInt8 { storage[y * yStride + x] }

  /// The (Cb, Cr) pair covering pixel (x, y). For tests and sampling; slow.
  public func chroma(x: Int, y: Int) -> (cb: UInt8, cr: UInt8) {
    let offset = yStride * size.height + (y / 2) * uvStride + (x / 2) * 2
    return (storage[offset], storage[offset + 1])
  }

  /// The width rounded up to even (for the CbCr pairs), then to a multiple of 64: rows start on
  /// cache-line boundaries, which SIMD conversions and turbojpeg's decoder write fastest to.
  private static func stride(forWidth width: Int) -> Int { ((width + 1) / 2 * 2 + 63) / 64 * 64 }

  /// At least one byte on a 64-byte boundary, bound to `UInt8` for its whole life.
  private static func allocate(byteCount: Int) -> UnsafeMutablePointer<UInt8> {
    let count = max(byteCount, 1)
    return UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
      .bindMemory(to: UInt8.self, capacity: count)
  }

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
