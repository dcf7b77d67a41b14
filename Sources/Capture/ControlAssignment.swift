// SPDX-License-Identifier: MIT
import CameraModel

/// A value to give one control: what `CaptureCommand.setControls` carries to the capture
/// thread.
public struct ControlAssignment: Hashable, Sendable {
  /// The control.
  public var id: ControlID
  /// The wanted value; the device clamps it into the control's range and step.
  public var value: Int64

  /// Makes an assignment.
  public init(_ id: ControlID, _ value: Int64) {
    self.id = id
    self.value = value
  }
}
