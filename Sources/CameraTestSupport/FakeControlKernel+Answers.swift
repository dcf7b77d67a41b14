import CV4L2
import CameraModel
import Capture
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// The fake driver's answers to the control requests.
extension FakeControlKernel {
  func answer(_ request: V4L2Request, fd: Int32, _ argument: UnsafeMutableRawPointer)
    throws(SystemCallError)
  {
    let extended: Set<V4L2Request> = [
      .queryExtendedControl, .getExtendedControls, .setExtendedControls,
    ]
    if !supportsExtendedControls, extended.contains(request) {
      throw SystemCallError(call: "ioctl", errno: ENOTTY)
    }
    switch request {
    case .queryExtendedControl:
      try queryExtended(argument.assumingMemoryBound(to: v4l2_query_ext_ctrl.self))
    case .queryControl:
      try queryLegacy(argument.assumingMemoryBound(to: v4l2_queryctrl.self))
    case .queryMenu:
      try queryMenu(argument.assumingMemoryBound(to: v4l2_querymenu.self))
    case .getControl:
      let control = argument.assumingMemoryBound(to: v4l2_control.self)
      control.pointee.value = Int32(clamping: try readable(control.pointee.id).value)
    case .setControl:
      let control = argument.assumingMemoryBound(to: v4l2_control.self).pointee
      try write([ControlWrite(id: control.id, value: Int64(control.value))], fd: fd)
    case .getExtendedControls:
      try getExtended(argument.assumingMemoryBound(to: v4l2_ext_controls.self))
    case .setExtendedControls:
      try setExtended(argument.assumingMemoryBound(to: v4l2_ext_controls.self), fd: fd)
    case .subscribeEvent:
      try subscribe(argument.assumingMemoryBound(to: v4l2_event_subscription.self), fd: fd)
    case .dequeueEvent:
      guard var queue = eventQueues[fd], !queue.isEmpty else {
        throw SystemCallError(call: "ioctl", errno: ENOENT)
      }
      var event = queue.removeFirst()
      event.pending = UInt32(queue.count)
      eventQueues[fd] = queue
      argument.assumingMemoryBound(to: v4l2_event.self).pointee = event
    default:
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
  }

  /// The control `asked` names: exactly, or with NEXT_CTRL the next one (NEXT_COMPOUND
  /// includes string and compound controls).
  private func find(_ asked: UInt32, compound: Bool) -> FakeControl? {
    let next = UInt32(V4L2_CTRL_FLAG_NEXT_CTRL)
    let flags = next | UInt32(V4L2_CTRL_FLAG_NEXT_COMPOUND)
    guard asked & flags != 0 else { return controls.first { $0.id == asked } }
    let wantsCompound = compound && asked & UInt32(V4L2_CTRL_FLAG_NEXT_COMPOUND) != 0
    let wantsPlain = asked & next != 0
    return controls.first {
      $0.id > asked & ~flags && ($0.isCompound ? wantsCompound : wantsPlain)
    }
  }

  private func queryExtended(_ query: UnsafeMutablePointer<v4l2_query_ext_ctrl>)
    throws(SystemCallError)
  {
    guard let control = find(query.pointee.id, compound: true) else {
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
    var answer = v4l2_query_ext_ctrl()
    answer.id = control.id
    answer.type = control.type
    FakeKernel.write(control.name, into: &answer.name)
    answer.minimum = control.minimum
    answer.maximum = control.maximum
    answer.step = UInt64(max(0, control.step))
    answer.default_value = control.defaultValue
    answer.flags = currentFlags(control)
    answer.elems = 1
    answer.nr_of_dims = control.dimensions
    query.pointee = answer
  }

  private func queryLegacy(_ query: UnsafeMutablePointer<v4l2_queryctrl>) throws(SystemCallError) {
    guard let control = find(query.pointee.id, compound: false) else {
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
    var answer = v4l2_queryctrl()
    answer.id = control.id
    answer.type = control.type
    FakeKernel.write(control.name, into: &answer.name)
    answer.minimum = Int32(clamping: control.minimum)
    answer.maximum = Int32(clamping: control.maximum)
    answer.step = Int32(clamping: control.step)
    answer.default_value = Int32(clamping: control.defaultValue)
    answer.flags = currentFlags(control)
    query.pointee = answer
  }

  private func queryMenu(_ item: UnsafeMutablePointer<v4l2_querymenu>) throws(SystemCallError) {
    guard let control = controls.first(where: { $0.id == item.pointee.id }),
      let entry = control.menu[Int64(item.pointee.index)]
    else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
    if control.type == V4L2_CTRL_TYPE_INTEGER_MENU.rawValue {
      item.pointee.value = Int64(entry) ?? 0
    } else {
      FakeKernel.write(entry, into: &item.pointee.name)
    }
  }

  /// The control `id` if a program may read it: EINVAL unknown, EACCES write-only or button.
  private func readable(_ id: UInt32) throws(SystemCallError) -> FakeControl {
    guard let control = controls.first(where: { $0.id == id }) else {
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
    let writeOnly = control.flags & UInt32(V4L2_CTRL_FLAG_WRITE_ONLY) != 0
    if writeOnly || control.type == V4L2_CTRL_TYPE_BUTTON.rawValue {
      throw SystemCallError(call: "ioctl", errno: EACCES)
    }
    return control
  }

  private func getExtended(_ request: UnsafeMutablePointer<v4l2_ext_controls>)
    throws(SystemCallError)
  {
    let count = Int(request.pointee.count)
    guard let list = request.pointee.controls else {
      throw SystemCallError(call: "ioctl", errno: EFAULT)
    }
    for index in 0..<count {
      do throws(SystemCallError) {
        let control = try readable(list[index].id)
        if control.isCompound {
          try copyPayload(of: control, into: &list[index])
        } else if control.type == V4L2_CTRL_TYPE_INTEGER64.rawValue {
          list[index].value64 = control.value
        } else {
          list[index].value = Int32(clamping: control.value)
        }
      } catch {
        request.pointee.error_idx = UInt32(index)
        throw error
      }
    }
  }

  private func setExtended(_ request: UnsafeMutablePointer<v4l2_ext_controls>, fd: Int32)
    throws(SystemCallError)
  {
    guard let list = request.pointee.controls else {
      throw SystemCallError(call: "ioctl", errno: EFAULT)
    }
    var writes: [ControlWrite] = []
    for index in 0..<Int(request.pointee.count) {
      let entry = list[index]
      let control = controls.first { $0.id == entry.id }
      if control?.isCompound == true {
        let bytes = entry.ptr.map {
          Array(UnsafeRawBufferPointer(start: $0, count: Int(entry.size)))
        }
        writes.append(
          ControlWrite(id: entry.id, value: 0, size: entry.size, payload: bytes ?? []))
      } else {
        let is64Bit = control?.type == V4L2_CTRL_TYPE_INTEGER64.rawValue
        writes.append(
          ControlWrite(id: entry.id, value: is64Bit ? entry.value64 : Int64(entry.value)))
      }
    }
    do {
      try write(writes, fd: fd)
    } catch {
      // Validation failed before anything changed: error_idx is count, as the kernel says.
      request.pointee.error_idx = request.pointee.count
      throw error
    }
  }

  /// Validates every write, then applies them all or none: EINVAL for an unknown control, a
  /// menu hole or a compound control other than a RECT, ENOSPC for a RECT payload of the wrong
  /// size, ERANGE outside the range, EACCES for a read-only control or a manual one whose
  /// master stays automatic in this batch (uvcvideo's rule), and any scripted refusal.
  func write(_ writes: [ControlWrite], fd: Int32) throws(SystemCallError) {
    for write in writes {
      guard let control = controls.first(where: { $0.id == write.id }) else {
        throw SystemCallError(call: "ioctl", errno: EINVAL)
      }
      if let code = refusals[control.id] { throw SystemCallError(call: "ioctl", errno: code) }
      if control.isCompound {
        guard control.isRectangle else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
        guard write.payload.count == MemoryLayout<v4l2_rect>.size else {
          throw SystemCallError(call: "ioctl", errno: ENOSPC)
        }
        continue
      }
      if control.flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY) != 0 {
        throw SystemCallError(call: "ioctl", errno: EACCES)
      }
      let isButton = control.type == V4L2_CTRL_TYPE_BUTTON.rawValue
      if !isButton, !(control.minimum...control.maximum).contains(write.value) {
        throw SystemCallError(call: "ioctl", errno: ERANGE)
      }
      if !control.menu.isEmpty, control.menu[write.value] == nil {
        throw SystemCallError(call: "ioctl", errno: EINVAL)
      }
      if let master = control.master, isInactive(control),
        !writes.contains(where: { $0.id == master.id && $0.value == master.manualValue })
      {
        throw SystemCallError(call: "ioctl", errno: EACCES)
      }
    }
    self.writes.append(writes)
    apply(writes, from: fd)
  }

  /// Copies a compound control's value to where `entry.ptr` points: ENOSPC, with the size
  /// needed, when `entry.size` is too small, as the kernel answers.
  private func copyPayload(of control: FakeControl, into entry: inout v4l2_ext_control)
    throws(SystemCallError)
  {
    guard let target = entry.ptr, entry.size >= control.payload.count else {
      entry.size = UInt32(control.payload.count)
      throw SystemCallError(call: "ioctl", errno: ENOSPC)
    }
    UnsafeMutableRawBufferPointer(start: target, count: control.payload.count)
      .copyBytes(from: control.payload)
  }

  private func subscribe(_ subscription: UnsafeMutablePointer<v4l2_event_subscription>, fd: Int32)
    throws(SystemCallError)
  {
    guard supportsEvents else { throw SystemCallError(call: "ioctl", errno: ENOTTY) }
    let id = subscription.pointee.id
    guard subscription.pointee.type == UInt32(V4L2_EVENT_CTRL),
      controls.contains(where: { $0.id == id })
    else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
    subscriptions[fd, default: []].insert(id)
  }
}
