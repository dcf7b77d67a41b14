import CV4L2
import CameraModel
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// A V4L2 node used only for its controls, such as a flash controller's `/dev/v4l-subdevN`.
///
/// Unlike `V4L2Device` it never asks VIDIOC_QUERYCAP, which sub-device nodes do not answer,
/// and it never streams. Controls are looked up by ID with VIDIOC_QUERY_EXT_CTRL, read with
/// VIDIOC_G_EXT_CTRLS and written with VIDIOC_S_EXT_CTRLS, all through `SystemCall`.
///
/// One thread only: the thread that opened it makes every call.
public final class V4L2ControlNode {
  /// The node's path ("/dev/v4l-subdev2").
  public let path: String

  private let system: any V4L2System
  private var descriptor: Int32?
  /// Descriptions of the controls asked about, by ID; the writes need their types.
  private var known: [ControlID: V4L2ControlDescription] = [:]

  /// Opens the node read-write (controls need write access). The default system skips
  /// libv4l2, which refuses nodes that do not answer VIDIOC_QUERYCAP.
  ///
  /// - Throws: `permissionDenied`, `notFound`, `deviceBusy` or `system(call: "open", ...)`.
  public init(path: String, system: any V4L2System = KernelV4L2System()) throws(CaptureError) {
    self.path = path
    self.system = system
    descriptor = try DeviceCall.call("open", device: path, system: system) {
      () throws(SystemCallError) in try system.open(path, flags: O_RDWR)
    }
  }

  deinit { close() }

  /// Closes the descriptor. Safe to call twice.
  public func close() {
    guard let fd = descriptor else { return }
    descriptor = nil
    system.close(fd)
  }

  /// The controls among `ids` that the node has, in the order asked, with menus and current
  /// values. Disabled controls are left out; write-only controls, buttons and controls whose
  /// value the driver will not give keep their default.
  public func controls(_ ids: [ControlID]) throws(CaptureError) -> [CameraControl] {
    var found: [V4L2ControlDescription] = []
    for id in ids {
      var query = v4l2_query_ext_ctrl()
      query.id = id.rawValue
      // An ID the driver lacks ends the "list" of one: EINVAL reads as `.endOfList`.
      guard try ioctl(.queryExtendedControl, &query) == .done,
        var description = V4L2Device.describe(query)
      else { continue }
      if description.control.kind.hasMenu {
        description.control.menu = try menu(of: description.control)
      }
      if description.isReadable {
        description.control.value = try currentValue(of: description) ?? description.control.value
      }
      found.append(description)
    }
    for description in found { known[description.control.id] = description }
    return found.map(\.control)
  }

  /// Sets `changes` with one VIDIOC_S_EXT_CTRLS, in the order given. Each control must have
  /// been returned by `controls(_:)` first; values are clamped to its range and step.
  ///
  /// - Throws: `.system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)` for a control not looked
  ///   up, or whatever the driver refuses with.
  public func set(_ changes: [(ControlID, Int64)]) throws(CaptureError) {
    var list: [v4l2_ext_control] = []
    for (id, value) in changes {
      guard let description = known[id], description.isScalar else {
        throw .system(call: V4L2Request.setExtendedControls.name, errno: EINVAL)
      }
      let driverValue = V4L2Device.driverValue(value, for: description.control)
      list.append(V4L2Device.extendedControl(description, value: driverValue))
    }
    guard !list.isEmpty else { return }
    try exchange(.setExtendedControls, &list)
  }

  /// The entries of a menu control by value; QUERYMENU answers EINVAL for a skipped entry.
  private func menu(of control: CameraControl) throws(CaptureError) -> [Int64: String] {
    // Flash menus have a handful of entries; a wider range is a driver bug, not a menu.
    try V4L2Device.menu(of: control, widest: 64) { (item) throws(CaptureError) in
      try ioctl(.queryMenu, &item)
    }
  }

  /// The control's value; nil when the driver refuses to read it (a volatile status control
  /// may need hardware that is busy). A vanished node (ENODEV, EIO) still throws.
  private func currentValue(of description: V4L2ControlDescription) throws(CaptureError)
    -> Int64?
  {
    var list = [V4L2Device.extendedControl(description, value: 0)]
    do {
      try exchange(.getExtendedControls, &list)
    } catch {
      if case .disconnected = error { throw error }
      return nil
    }
    return V4L2Device.value(of: list[0], description)
  }

  /// Runs G_EXT_CTRLS or S_EXT_CTRLS on `list` with the current values.
  private func exchange(_ request: V4L2Request, _ list: inout [v4l2_ext_control])
    throws(CaptureError)
  {
    try V4L2Device.exchange(&list) { (controls) throws(CaptureError) in
      try ioctl(request, &controls)
    }
  }

  /// Issues `request` on the open descriptor. As on a camera's open node, EACCES and EBUSY
  /// speak of the control (read-only, locked), not of the node, so they stay `.system` errors.
  @discardableResult
  private func ioctl<Argument>(_ request: V4L2Request, _ argument: inout Argument)
    throws(CaptureError) -> IoctlOutcome
  {
    guard let fd = descriptor else { throw .disconnected(device: path) }
    do {
      return try DeviceCall.ioctl(system, fd: fd, request, &argument, device: path)
    } catch {
      switch error {
      case .permissionDenied: throw .system(call: request.name, errno: EACCES)
      case .deviceBusy: throw .system(call: request.name, errno: EBUSY)
      default: throw error
      }
    }
  }
}
