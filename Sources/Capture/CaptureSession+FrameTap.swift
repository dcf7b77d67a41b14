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

  /// Calls the tap, if any. Capture thread.
  func tap(_ frame: NV12Frame) {
    guard let tap = frameTap.withLock({ $0 }) else { return }
    tap(frame)
  }
}
