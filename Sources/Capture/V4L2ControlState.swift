// SPDX-License-Identifier: MIT
import CameraModel

/// What a `V4L2Device` keeps about its controls between calls. Capture thread only, like the
/// device.
struct V4L2ControlState {
  /// The last enumeration, in driver order; `nil` before the first.
  var descriptions: [V4L2ControlDescription]?
  /// Controls whose V4L2_EVENT_CTRL this descriptor subscribed to.
  var subscribed: Set<UInt32> = []
  /// False once the driver refused a subscription: it sends no control events at all.
  var supportsEvents = true
  /// Changes dequeued (while polling for frames) but not yet handed out by `controlEvents`.
  var pending: [ControlChange] = []

  /// The description of `id` in the last enumeration.
  func description(of id: ControlID) -> V4L2ControlDescription? {
    descriptions?.first { $0.control.id == id }
  }
}
