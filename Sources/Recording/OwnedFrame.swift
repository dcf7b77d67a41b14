// SPDX-License-Identifier: MIT
import CFFmpeg
import CameraModel
import Imaging

/// An NV12 `AVFrame` with reference-counted buffers, so libavcodec takes a reference to it
/// instead of copying it. Its planes are either its own (`copy(from:)`) or a camera frame's,
/// lent without a copy (`lend(_:giveBack:)`). Owner's thread only.
final class OwnedFrame {
  let frame: UnsafeMutablePointer<AVFrame>
  let size: FrameSize

  /// Makes an NV12 frame of `size`; its buffers are allocated now, or with the first copy
  /// when `allocating` is false (a recorder that is lent its frames never needs them).
  init(size: FrameSize, allocating: Bool = true) throws(RecordingError) {
    guard let frame = av_frame_alloc() else {
      throw .library(call: "av_frame_alloc", reason: "out of memory")
    }
    self.frame = frame
    self.size = size
    if allocating { try FFmpegResult.check(allocateBuffers(), "av_frame_get_buffer") }
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&owned)
  }

  /// Copies `source`'s planes in, scaled down to the picture's size when `source` is larger
  /// (a recording kept smaller than the camera's picture). False when the encoder still holds
  /// the buffer (it should not: libx264 copies the picture while encoding) and a new one
  /// cannot be made.
  func copy(from source: NV12Frame) -> Bool {
    if isLent || frame.pointee.buf.0 == nil {
      guard allocateBuffers() >= 0 else { return false }
    } else {
      guard av_frame_make_writable(frame) >= 0 else { return false }
    }
    if source.size != size {
      guard let y = frame.pointee.data.0, let uv = frame.pointee.data.1 else { return false }
      source.scale(
        intoY: y, stride: Int(frame.pointee.linesize.0), uv: uv,
        stride: Int(frame.pointee.linesize.1), size: size, filter: .box)
      return true
    }
    let width = size.width
    source.withPlaneAddresses { y, uv in
      Self.copyPlane(
        from: y, stride: source.yStride, to: frame.pointee.data.0,
        stride: Int(frame.pointee.linesize.0), rowBytes: width, rows: size.height)
      Self.copyPlane(
        from: uv, stride: source.uvStride, to: frame.pointee.data.1,
        stride: Int(frame.pointee.linesize.1), rowBytes: (width + 1) / 2 * 2,
        rows: source.chromaHeight)
    }
    return true
  }

  /// Points the picture at `source`'s planes instead of copying them. `source` goes to
  /// `giveBack` once nothing refers to it any more: after `release()` and after libavcodec
  /// dropped whatever reference the encode took, on whichever thread drops the last one.
  /// False, with `source` already given back, when FFmpeg cannot make the reference.
  func lend(
    _ source: sending NV12Frame, giveBack: @escaping @Sendable (sending NV12Frame) -> Void
  ) -> Bool {
    release()
    let lent = LentPicture(source, giveBack: giveBack)
    let planes = lent.planes
    let loan = UnsafeMutableRawPointer(Unmanaged.passRetained(lent).toOpaque())
    guard
      let buffer = av_buffer_create(
        planes.luma, planes.byteCount, { loan, _ in LentPicture.end(loan) }, loan, 0)
    else {
      LentPicture.end(loan)
      return false
    }
    setGeometry()
    frame.pointee.buf.0 = buffer
    frame.pointee.data.0 = planes.luma
    frame.pointee.data.1 = planes.chroma
    frame.pointee.linesize.0 = Int32(clamping: planes.lumaStride)
    frame.pointee.linesize.1 = Int32(clamping: planes.chromaStride)
    isLent = true
    return true
  }

  /// Drops the frame's reference to its planes: a lent frame goes back once libavcodec holds
  /// none either. The next `copy(from:)` allocates planes again.
  func release() {
    av_frame_unref(frame)
    isLent = false
  }

  /// True while the planes are a lent camera frame's.
  private(set) var isLent = false

  private func setGeometry() {
    frame.pointee.width = Int32(size.width)
    frame.pointee.height = Int32(size.height)
    frame.pointee.format = AV_PIX_FMT_NV12.rawValue
  }

  private func allocateBuffers() -> Int32 {
    release()
    setGeometry()
    return av_frame_get_buffer(frame, 64)
  }

  private static func copyPlane(
    from source: UnsafeMutablePointer<UInt8>, stride sourceStride: Int,
    to destination: UnsafeMutablePointer<UInt8>?, stride destinationStride: Int,
    rowBytes: Int, rows: Int
  ) {
    guard let destination, rowBytes <= sourceStride, rowBytes <= destinationStride else { return }
    if sourceStride == destinationStride {
      destination.update(from: source, count: sourceStride * rows)
      return
    }
    for row in 0..<rows {
      (destination + row * destinationStride).update(
        from: source + row * sourceStride, count: rowBytes)
    }
  }
}

/// A camera frame lent to libavcodec, and where it goes when libavcodec is done with it.
///
/// Reached only through the opaque pointer of the `AVBufferRef` that lends it, which FFmpeg
/// frees exactly once, on whichever thread drops the last reference; hence the frame's
/// `nonisolated(unsafe)`: nothing else refers to the frame while it is lent.
private final class LentPicture {
  nonisolated(unsafe) private let frame: NV12Frame
  private let giveBack: @Sendable (sending NV12Frame) -> Void

  init(_ frame: sending NV12Frame, giveBack: @escaping @Sendable (sending NV12Frame) -> Void) {
    self.frame = frame
    self.giveBack = giveBack
  }

  /// Where the frame's planes are; they stay put while it is lent.
  var planes:
    (
      luma: UnsafeMutablePointer<UInt8>, chroma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
      chromaStride: Int, byteCount: Int
    )
  {
    let (luma, chroma) = frame.withPlaneAddresses { ($0, $1) }
    return (luma, chroma, frame.yStride, frame.uvStride, frame.byteCount)
  }

  /// Ends the loan at `opaque` (a retained `LentPicture`): the frame goes back.
  static func end(_ opaque: UnsafeMutableRawPointer?) {
    guard let opaque else { return }
    let loan = Unmanaged<LentPicture>.fromOpaque(opaque).takeRetainedValue()
    // Unchecked: the thread FFmpeg frees the last reference on owns the loan, and with it the
    // frame, which goes back from here.
    nonisolated(unsafe) let frame = loan.frame
    loan.giveBack(frame)
  }
}
