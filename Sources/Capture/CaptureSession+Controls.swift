// SPDX-License-Identifier: MIT
import CameraModel

/// Control commands in the words of their callers.
extension CaptureSession {
  /// Asks the capture thread to set `changes` together, in order (for example autofocus off,
  /// then a manual focus). The result arrives as `.controlsChanged` or `.controlRejected`.
  /// Any thread.
  public func setControls(_ changes: [(ControlID, Int64)]) {
    send(.setControls(changes.map { ControlAssignment($0.0, $0.1) }))
  }

  /// Sets one control. Any thread.
  public func setControl(_ id: ControlID, to value: Int64) {
    send(.setControls([ControlAssignment(id, value)]))
  }

  /// Asks for every control to be read again (`.controlsChanged` follows). Any thread.
  public func refreshControls() { send(.refreshControls) }
}
