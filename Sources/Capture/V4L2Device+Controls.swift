// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Reading and setting camera controls: the `CaptureDevice` control calls for V4L2 nodes.
extension V4L2Device {
  /// Every enabled control (class headings skipped) with range, flags, menu and current value.
  /// Also subscribes this descriptor to each control's change events.
  ///
  /// Capture thread only.
  public func controls() throws(CaptureError) -> [CameraControl] {
    let descriptions = try describeControls()
    controlState.descriptions = descriptions
    subscribeToControlEvents(descriptions)
    return descriptions.map(\.control)
  }

  /// Clamps each value into its control's range and step, sets them all with one
  /// VIDIOC_S_EXT_CTRLS in the order given (VIDIOC_S_CTRL one by one on drivers without it),
  /// and returns the controls re-read from the driver.
  ///
  /// - Throws: `.system(call: "VIDIOC_S_EXT_CTRLS", errno:)` when the driver refuses (EACCES,
  ///   EINVAL, ERANGE, EBUSY), or EINVAL without asking it for a control it does not list.
  ///
  /// Capture thread only.
  public func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError)
    -> [CameraControl]
  {
    if controlState.descriptions == nil { _ = try controls() }
    var entries: [(V4L2ControlDescription, Int64)] = []
    for (id, value) in changes {
      guard let description = controlState.description(of: id), description.isScalar else {
        throw .system(call: V4L2Request.setExtendedControls.name, errno: EINVAL)
      }
      entries.append((description, V4L2Device.driverValue(value, for: description.control)))
    }
    if !entries.isEmpty { try writeValues(entries) }
    return try controls()
  }

  /// The value the driver should get for `value`: clamped and snapped to the step, a bitmask
  /// limited to the bits it has, and 1 for a button (any write presses it).
  static func driverValue(_ value: Int64, for control: CameraControl) -> Int64 {
    switch control.kind {
    case .button: 1
    case .bitmask: value & control.maximum
    default: control.clamped(value)
    }
  }

  // MARK: Values

  /// Fills in the current value of every readable control with one VIDIOC_G_EXT_CTRLS. One
  /// control the driver cannot read fails the whole batch, so then each is read alone and the
  /// unreadable ones keep their default.
  func readValues(into descriptions: inout [V4L2ControlDescription]) throws(CaptureError) {
    let readable = descriptions.indices.filter { descriptions[$0].isReadable }
    guard !readable.isEmpty else { return }
    var list = readable.map { V4L2Device.extendedControl(descriptions[$0], value: 0) }
    do {
      try exchange(.getExtendedControls, &list)
      for (slot, index) in readable.enumerated() {
        descriptions[index].control.value = V4L2Device.value(of: list[slot], descriptions[index])
      }
    } catch {
      if case .disconnected = error { throw error }
      for index in readable {
        if let value = try? readValue(of: descriptions[index]) {
          descriptions[index].control.value = value
        }
      }
    }
  }

  /// One control's value: VIDIOC_G_EXT_CTRLS, or VIDIOC_G_CTRL where that is missing.
  private func readValue(of description: V4L2ControlDescription) throws(CaptureError) -> Int64 {
    var list = [V4L2Device.extendedControl(description, value: 0)]
    do {
      try exchange(.getExtendedControls, &list)
      return V4L2Device.value(of: list[0], description)
    } catch {
      guard case .system(_, let code) = error, code == ENOTTY else { throw error }
      var control = v4l2_control(id: description.control.id.rawValue, value: 0)
      try controlIoctl(.getControl, &control)
      return Int64(control.value)
    }
  }

  /// Sets `entries` in one atomic VIDIOC_S_EXT_CTRLS, or in order with VIDIOC_S_CTRL where
  /// the driver lacks the extended call.
  private func writeValues(_ entries: [(V4L2ControlDescription, Int64)]) throws(CaptureError) {
    var list = entries.map { V4L2Device.extendedControl($0.0, value: $0.1) }
    do {
      try exchange(.setExtendedControls, &list)
    } catch {
      guard case .system(_, let code) = error, code == ENOTTY else { throw error }
      for (description, value) in entries {
        var control = v4l2_control(
          id: description.control.id.rawValue, value: Int32(clamping: value))
        try controlIoctl(.setControl, &control)
      }
    }
  }

  /// Runs G_EXT_CTRLS or S_EXT_CTRLS on `list` with the current values (`which` = CUR_VAL, so
  /// controls of different classes may share one call).
  func exchange(_ request: V4L2Request, _ list: inout [v4l2_ext_control])
    throws(CaptureError)
  {
    try Self.exchange(&list) { (controls) throws(CaptureError) in
      try controlIoctl(request, &controls)
    }
  }

  /// Wraps `list` in a `v4l2_ext_controls` for the current values and hands it to `call`,
  /// which issues G_EXT_CTRLS or S_EXT_CTRLS on some node.
  static func exchange(
    _ list: inout [v4l2_ext_control],
    _ call: (inout v4l2_ext_controls) throws(CaptureError) -> Void
  ) throws(CaptureError) {
    let count = UInt32(list.count)
    let outcome: Result<Void, CaptureError> = list.withUnsafeMutableBufferPointer { buffer in
      var controls = v4l2_ext_controls()
      controls.which = UInt32(V4L2_CTRL_WHICH_CUR_VAL)
      controls.count = count
      controls.controls = buffer.baseAddress
      do throws(CaptureError) {
        try call(&controls)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try outcome.get()
  }

  /// A `v4l2_ext_control` for `description` carrying `value` in the field its type uses.
  static func extendedControl(_ description: V4L2ControlDescription, value: Int64)
    -> v4l2_ext_control
  {
    var control = v4l2_ext_control()
    control.id = description.control.id.rawValue
    if description.is64Bit {
      control.value64 = value
    } else {
      control.value = Int32(clamping: value)
    }
    return control
  }

  /// The value G_EXT_CTRLS wrote into `control`.
  static func value(of control: v4l2_ext_control, _ description: V4L2ControlDescription) -> Int64 {
    description.is64Bit ? control.value64 : Int64(control.value)
  }

  // MARK: The control ioctl path

  /// Issues a control request. On a descriptor that is already open, some errno values speak
  /// of the control rather than the node, so they stay `.system` errors instead of reading as
  /// a permission or busy problem of the camera: EACCES (and EPERM) a read-only control or a
  /// manual one while its automatic mode is on, EBUSY a control locked while streaming, ENOENT
  /// no pending event.
  @discardableResult
  func controlIoctl<Argument>(_ request: V4L2Request, _ argument: inout Argument)
    throws(CaptureError) -> IoctlOutcome
  {
    do {
      return try ioctl(request, &argument)
    } catch {
      switch error {
      case .permissionDenied: throw .system(call: request.name, errno: EACCES)
      case .deviceBusy: throw .system(call: request.name, errno: EBUSY)
      case .notFound: throw .system(call: request.name, errno: ENOENT)
      default: throw error
      }
    }
  }
}
