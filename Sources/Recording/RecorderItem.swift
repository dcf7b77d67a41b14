// SPDX-License-Identifier: MIT
import CameraModel

/// What the capture and sound threads hand to the encoder thread.
enum RecorderItem: Sendable {
  /// A copied frame in one of the recorder's own slots.
  case video(VideoSlot)
  /// A run of sound samples.
  case audio(AudioChunk)
}

/// A frame buffer the recorder owns: NV12 planes of an `AVFrame` for H.264, a byte array for
/// MJPEG pass-through.
///
/// Exactly one thread holds a slot at a time: the free list's mutex hands it to the capture
/// thread, the inbox's mutex to the encoder thread, the free list's again back. Hence
/// `@unchecked Sendable`.
final class VideoSlot: @unchecked Sendable {
  /// The picture, for H.264; nil for MJPEG pass-through.
  let picture: OwnedFrame?
  /// The camera's JPEG, for MJPEG pass-through.
  var jpeg: [UInt8] = []
  /// When the frame was captured.
  var captureTime = MonotonicTime(nanoseconds: 0)

  init(picture: OwnedFrame?) { self.picture = picture }
}
