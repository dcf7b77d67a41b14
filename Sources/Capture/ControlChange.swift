// SPDX-License-Identifier: MIT
import CameraModel

/// A change to one control that the driver announced: a new value, new flags (a manual control
/// turning inactive when its automatic mode goes on) or a new range. It arrives as a V4L2
/// control event (`V4L2_EVENT_CTRL`) when another program, or the driver itself, changed it.
public struct ControlChange: Hashable, Sendable {
  /// What changed, as `V4L2_EVENT_CTRL_CH_*` bits.
  public struct Parts: OptionSet, Hashable, Sendable {
    /// The raw `V4L2_EVENT_CTRL_CH_*` bits.
    public var rawValue: UInt32
    /// Makes parts from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `V4L2_EVENT_CTRL_CH_VALUE`.
    public static let value = Parts(rawValue: 0x1)
    /// `V4L2_EVENT_CTRL_CH_FLAGS`.
    public static let flags = Parts(rawValue: 0x2)
    /// `V4L2_EVENT_CTRL_CH_RANGE`: minimum, maximum, step and default.
    public static let range = Parts(rawValue: 0x4)
  }

  /// The control that changed.
  public var id: ControlID
  /// Which of the fields below carry news; the event fills them all either way.
  public var parts: Parts
  /// The current value.
  public var value: Int64
  /// The current flags.
  public var flags: CameraControl.Flags
  /// The current minimum.
  public var minimum: Int64
  /// The current maximum.
  public var maximum: Int64
  /// The current step.
  public var step: Int64
  /// The current default.
  public var defaultValue: Int64

  /// Makes a change report.
  public init(
    id: ControlID, parts: Parts, value: Int64, flags: CameraControl.Flags,
    minimum: Int64, maximum: Int64, step: Int64, defaultValue: Int64
  ) {
    self.id = id
    self.parts = parts
    self.value = value
    self.flags = flags
    self.minimum = minimum
    self.maximum = maximum
    self.step = step
    self.defaultValue = defaultValue
  }

  /// `control` with this change applied (only the parts that changed).
  public func applied(to control: CameraControl) -> CameraControl {
    guard control.id == id else { return control }
    var updated = control
    if parts.contains(.value) { updated.value = value }
    if parts.contains(.flags) { updated.flags = flags }
    if parts.contains(.range) {
      updated.minimum = minimum
      updated.maximum = maximum
      updated.step = step
      updated.defaultValue = defaultValue
    }
    return updated
  }

  /// `controls` with every change applied in order; changes to controls not in the list are
  /// ignored (the list is refreshed when the camera reopens).
  public static func apply(_ changes: [ControlChange], to controls: [CameraControl])
    -> [CameraControl]
  {
    var updated = controls
    for change in changes {
      guard let index = updated.firstIndex(where: { $0.id == change.id }) else { continue }
      updated[index] = change.applied(to: updated[index])
    }
    return updated
  }
}
