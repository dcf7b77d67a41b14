// SPDX-License-Identifier: MIT
import CameraModel
import Dispatch
import Synchronization

/// What the capture and sound threads hand to the encoder thread.
enum RecorderItem: Sendable {
  /// A copied frame in one of the recorder's own slots.
  case video(VideoSlot)
  /// A run of sound samples.
  case audio(AudioChunk)
}

/// A bounded FIFO from any thread to the encoder thread, which blocks on it with a timeout.
///
/// Kept to this one small type so it can become the shared `Workers` inbox without touching
/// the recorder. Any thread.
final class RecorderInbox: Sendable {
  private let items = Mutex<[RecorderItem]>([])
  private let signal = DispatchSemaphore(value: 0)
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  /// Appends `item`; false when the inbox is full.
  func post(_ item: RecorderItem) -> Bool {
    let accepted = items.withLock { list in
      guard list.count < capacity else { return false }
      list.append(item)
      return true
    }
    if accepted { signal.signal() }
    return accepted
  }

  /// Wakes the encoder thread without an item (to notice a stop request).
  func wake() { signal.signal() }

  /// Waits up to `timeout` for something to arrive, then takes everything queued.
  func next(timeout: Duration) -> [RecorderItem] {
    let milliseconds =
      Int(timeout.components.seconds * 1000)
      + Int(timeout.components.attoseconds / 1_000_000_000_000_000)
    _ = signal.wait(timeout: .now() + .milliseconds(milliseconds))
    return items.withLock { list in
      defer { list = [] }
      return list
    }
  }
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
