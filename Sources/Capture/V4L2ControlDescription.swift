// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

/// One control as the driver described it: the shared model plus what the V4L2 calls need.
struct V4L2ControlDescription {
  /// The control as the rest of Pinhole sees it.
  var control: CameraControl
  /// The `V4L2_CTRL_TYPE_*` value.
  var type: UInt32
  /// True for a single number (not a string, array or compound control), the only kind read
  /// and written through `value`/`value64`.
  var isScalar: Bool

  /// True when the value travels in `value64` rather than the 32-bit `value`.
  var is64Bit: Bool { type == V4L2_CTRL_TYPE_INTEGER64.rawValue }

  /// True when G_EXT_CTRLS can read it: a scalar that is neither write-only nor a button.
  var isReadable: Bool {
    isScalar && control.kind != .button && !control.flags.contains(.writeOnly)
  }
}
