// SPDX-License-Identifier: MIT
import CFFmpeg
import CameraModel

/// An NV12 `AVFrame` with its own reference-counted buffers, so libavcodec takes a reference
/// to it instead of copying it. Owner's thread only.
final class OwnedFrame {
  let frame: UnsafeMutablePointer<AVFrame>
  let size: FrameSize

  /// Allocates an NV12 frame of `size`.
  init(size: FrameSize) throws(RecordingError) {
    guard let frame = av_frame_alloc() else {
      throw .library(call: "av_frame_alloc", reason: "out of memory")
    }
    self.frame = frame
    self.size = size
    frame.pointee.width = Int32(size.width)
    frame.pointee.height = Int32(size.height)
    frame.pointee.format = AV_PIX_FMT_NV12.rawValue
    try FFmpegResult.check(av_frame_get_buffer(frame, 64), "av_frame_get_buffer")
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&owned)
  }

  /// Copies `source`'s planes in. False when the encoder still holds the buffer (it should
  /// not: libx264 copies the picture while encoding) and a new one cannot be made.
  func copy(from source: NV12Frame) -> Bool {
    guard av_frame_make_writable(frame) >= 0 else { return false }
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
