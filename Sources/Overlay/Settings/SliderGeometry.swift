// SPDX-License-Identifier: MIT

import CameraModel

/// Maps a control's value range onto a slider track and back: pure, so dragging, clicking and
/// wheel steps can be tested without drawing.
struct SliderGeometry {
  /// The track, in drawable pixels; values run from its left edge to its right edge.
  let track: Rect

  /// The knob's centre x for `value` of `control`.
  func knobX(for value: Int64, of control: CameraControl) -> Double {
    track.minX + track.width * fraction(of: value, in: control)
  }

  /// The value under pointer x `x`, clamped into range and snapped to the control's step.
  func value(atX x: Double, of control: CameraControl) -> Int64 {
    guard track.width > 0, control.maximum > control.minimum else {
      return control.clamped(control.value)
    }
    let t = min(max((x - track.minX) / track.width, 0), 1)
    let span = Double(control.maximum) - Double(control.minimum)
    let raw = Double(control.minimum) + (t * span).rounded()
    return control.clamped(Int64(raw))
  }

  /// Where `value` sits in the control's range, 0…1.
  func fraction(of value: Int64, in control: CameraControl) -> Double {
    guard control.maximum > control.minimum else { return 0 }
    let t =
      (Double(value) - Double(control.minimum))
      / (Double(control.maximum) - Double(control.minimum))
    return min(max(t, 0), 1)
  }

  /// The value `notches` wheel steps away from the current one. A notch moves by the
  /// control's step, or by a thirty-second of the range when that is coarser, so wide ranges
  /// (exposure 3…2047) do not need hundreds of notches.
  static func value(afterWheel notches: Int, of control: CameraControl) -> Int64 {
    let step = max(control.step, 1)
    let coarse = (control.maximum - control.minimum) / 32 / step * step
    let stride = max(step, coarse)
    return control.clamped(control.value + Int64(notches) * stride)
  }
}
