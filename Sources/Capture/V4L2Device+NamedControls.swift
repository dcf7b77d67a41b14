// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Finding a control by the name `v4l2-ctl` shows and setting it: for diagnostics and for
/// driving test drivers (vivid's fault injection), not for the camera UI's mapped controls.
extension V4L2Device {
  /// Sets the control called `name` to `value`. `name` matches the driver's name either as
  /// written ("Inject VIDIOC_STREAMON Error") or as `v4l2-ctl` spells it
  /// ("inject_vidioc_streamon_error").
  ///
  /// - Throws: `.system(call: "VIDIOC_QUERYCTRL", errno: EINVAL)` when no control has that
  ///   name, or the mapped error of VIDIOC_S_CTRL.
  ///
  /// Capture thread only.
  public func setControl(named name: String, to value: Int32) throws(CaptureError) {
    guard let id = try controlID(named: name) else {
      throw .system(call: V4L2Request.queryControl.name, errno: EINVAL)
    }
    var control = v4l2_control(id: id, value: value)
    try ioctl(.setControl, &control)
  }

  /// The id of the control called `name`, walking the list with V4L2_CTRL_FLAG_NEXT_CTRL.
  func controlID(named name: String) throws(CaptureError) -> UInt32? {
    let wanted = V4L2Device.controlKey(name)
    let next = UInt32(V4L2_CTRL_FLAG_NEXT_CTRL)
    var query = v4l2_queryctrl()
    query.id = next
    while try ioctl(.queryControl, &query) == .done {
      if V4L2Device.controlKey(V4L2Device.string(fromCField: query.name)) == wanted {
        return query.id
      }
      query.id |= next
    }
    return nil
  }

  /// `v4l2-ctl`'s spelling of a control name: lower case, every run of other characters one
  /// underscore, none at the ends.
  static func controlKey(_ name: String) -> String {
    var key = ""
    var pendingUnderscore = false
    for character in name.lowercased() {
      if character.isLetter || character.isNumber {
        if pendingUnderscore && !key.isEmpty { key.append("_") }
        pendingUnderscore = false
        key.append(character)
      } else {
        pendingUnderscore = true
      }
    }
    return key
  }
}
