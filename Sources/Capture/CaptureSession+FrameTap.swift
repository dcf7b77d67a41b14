// SPDX-License-Identifier: MIT
import CameraModel

extension CaptureSession {
  /// Sees every converted frame on the capture thread; the frame is valid only during the call.
  public typealias FrameTap = @Sendable (NV12Frame) -> Void

  /// Has `tap` called with every frame as it is converted, before it is posted to `mailbox`:
  /// the mailbox keeps only the newest frame, so a consumer that must see them all (the
  /// recorder) copies them here. The tap must not block: it runs between DQBUF and QBUF. Nil
  /// removes it. Any thread.
  public func setFrameTap(_ tap: FrameTap?) {
    frameTap.withLock { $0 = tap }
  }

  /// Takes each converted frame for good, on the capture thread; it gives the frame back with
  /// `recycle(_:)`, from any thread, when done with it. Must not block.
  public typealias FrameSink = @Sendable (sending NV12Frame) -> Void

  /// Has every full-size frame given to `sink` instead of the mailbox (and instead of the
  /// tap): for a consumer with no preview that would otherwise copy each frame (the headless
  /// recorder). The pool bounds how many frames the sink can hold at once; once it holds them
  /// all, capture drops new frames, which the sink sees as gaps in their sequence numbers.
  /// Frames of another size, and every frame while no sink is set, go to the mailbox. Nil
  /// removes it. Any thread.
  public func setFrameSink(_ sink: FrameSink?) {
    frameSink.withLock { $0 = sink }
  }

  /// Calls the tap, if any. Capture thread.
  func tap(_ frame: NV12Frame) {
    guard let tap = frameTap.withLock({ $0 }) else { return }
    tap(frame)
  }
}
