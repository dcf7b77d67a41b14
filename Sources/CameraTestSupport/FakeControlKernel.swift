import CV4L2
import CameraModel
import Capture
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// A `FakeKernel` whose camera has controls: it answers the control requests (QUERY_EXT_CTRL,
/// QUERYCTRL, QUERYMENU, G/S_CTRL, G/S_EXT_CTRLS, SUBSCRIBE_EVENT, DQEVENT) itself and passes
/// everything else to the wrapped kernel. Every descriptor shares one set of controls, as
/// every open file of a real device does; each descriptor has its own event queue, and
/// `poll` adds POLLPRI while that queue holds an event.
///
/// One test thread only; not `Sendable`.
public final class FakeControlKernel: V4L2System {
  /// The kernel that answers everything but controls.
  public let base: FakeKernel
  /// The device's controls, in ID order.
  public var controls: [FakeControl]
  /// False makes QUERY_EXT_CTRL and G/S_EXT_CTRLS answer ENOTTY, as before Linux 3.19.
  public var supportsExtendedControls = true
  /// False makes SUBSCRIBE_EVENT answer ENOTTY.
  public var supportsEvents = true
  /// errno values returned, one per call, before a control request succeeds.
  public var scriptedErrors: [V4L2Request: [Int32]] = [:]

  /// Control requests in order, by name.
  public internal(set) var calls: [String] = []
  /// Every write that reached the controls: one list of (id, value) per S_EXT_CTRLS, or per
  /// S_CTRL.
  public internal(set) var writes: [[ControlWrite]] = []

  /// errno values by control ID: any write that includes the control is refused with it,
  /// before anything changes, as a driver refuses a value its hardware rejects.
  public var refusals: [UInt32: Int32] = [:]

  /// One control value written.
  public struct ControlWrite: Hashable {
    /// The control.
    public var id: UInt32
    /// The value (0 for a compound control).
    public var value: Int64
    /// `v4l2_ext_control.size`: the payload's length for a compound control, 0 otherwise.
    public var size: UInt32
    /// The bytes a compound control's `ptr` pointed to; empty otherwise.
    public var payload: [UInt8]

    /// Makes a write.
    public init(id: UInt32, value: Int64, size: UInt32 = 0, payload: [UInt8] = []) {
      self.id = id
      self.value = value
      self.size = size
      self.payload = payload
    }

    /// The rectangle a RECT control's payload holds.
    public var rectangle: PixelRectangle? { FakeControl.rectangle(in: payload) }
  }

  var subscriptions: [Int32: Set<UInt32>] = [:]
  var eventQueues: [Int32: [v4l2_event]] = [:]

  /// Wraps `base` and gives its camera `controls`.
  public init(base: FakeKernel = FakeKernel(), controls: [FakeControl] = FakeControl.webcam) {
    self.base = base
    self.controls = controls.sorted { $0.id < $1.id }
  }

  /// The current value of control `id`.
  public func value(of id: UInt32) -> Int64? { controls.first { $0.id == id }?.value }

  /// Events waiting for descriptor `fd`.
  public func pendingEvents(for fd: Int32) -> Int { eventQueues[fd]?.count ?? 0 }

  /// Changes a control as another program would: every subscribed descriptor gets events.
  public func change(_ id: UInt32, to value: Int64) {
    apply([ControlWrite(id: id, value: value)], from: nil)
  }

  // MARK: V4L2System

  /// Opens through the base kernel.
  public func open(_ path: String, flags: Int32) throws(SystemCallError) -> Int32 {
    try base.open(path, flags: flags)
  }

  /// Closes through the base kernel and drops the descriptor's subscriptions and events.
  public func close(_ fd: Int32) {
    subscriptions[fd] = nil
    eventQueues[fd] = nil
    base.close(fd)
  }

  /// Answers control requests here and the rest in the base kernel.
  public func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    throws(SystemCallError) -> Int32
  {
    guard let known = V4L2Request(code: request), FakeControlKernel.handled.contains(known)
    else { return try base.ioctl(fd, request, argument) }
    calls.append(known.name)
    try scriptedErrors.throwNextScriptedError(for: known)
    try answer(known, fd: fd, argument)
    return 0
  }

  /// Maps through the base kernel.
  public func mmap(fd: Int32, length: Int, offset: Int) throws(SystemCallError)
    -> UnsafeMutableRawPointer
  {
    try base.mmap(fd: fd, length: length, offset: offset)
  }

  /// Unmaps through the base kernel.
  public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
    base.munmap(address, length: length)
  }

  /// The base kernel's answer, plus POLLPRI when asked for and an event is queued.
  public func poll(_ fd: Int32, events: Int16, timeoutMilliseconds: Int32) throws(SystemCallError)
    -> Int16
  {
    var revents: Int16 = 0
    if events & Int16(POLLIN) != 0 {
      revents = try base.poll(fd, events: events, timeoutMilliseconds: timeoutMilliseconds)
    }
    if events & Int16(POLLPRI) != 0, pendingEvents(for: fd) > 0 { revents |= Int16(POLLPRI) }
    return revents
  }

  /// Asks the base kernel.
  public func nodeExists(_ path: String) -> Bool { base.nodeExists(path) }

  /// The requests answered here.
  static let handled: Set<V4L2Request> = [
    .queryControl, .queryExtendedControl, .queryMenu, .getControl, .setControl,
    .getExtendedControls, .setExtendedControls, .subscribeEvent, .dequeueEvent,
  ]

  // MARK: State

  /// The flags a query reports: the fixed ones plus INACTIVE while the master is automatic.
  func currentFlags(_ control: FakeControl) -> UInt32 {
    isInactive(control) ? control.flags | UInt32(V4L2_CTRL_FLAG_INACTIVE) : control.flags
  }

  /// True while `control`'s master is not in its manual setting.
  func isInactive(_ control: FakeControl) -> Bool {
    guard let master = control.master, let value = value(of: master.id) else { return false }
    return value != master.manualValue
  }

  /// Stores `writes` and queues events for every other subscribed descriptor (`source` wrote
  /// them; it hears nothing, as without V4L2_EVENT_SUB_FL_ALLOW_FEEDBACK): the new value of
  /// each changed control and the new flags of every control whose master changed.
  func apply(_ writes: [ControlWrite], from source: Int32?) {
    let before = controls.map { (value: $0.value, flags: currentFlags($0)) }
    for write in writes {
      guard let index = controls.firstIndex(where: { $0.id == write.id }) else { continue }
      if controls[index].isCompound {
        controls[index].payload = write.payload
      } else {
        controls[index].value = write.value
      }
    }
    for (index, control) in controls.enumerated() {
      var changes: UInt32 = 0
      if control.value != before[index].value { changes |= UInt32(V4L2_EVENT_CTRL_CH_VALUE) }
      if currentFlags(control) != before[index].flags {
        changes |= UInt32(V4L2_EVENT_CTRL_CH_FLAGS)
      }
      guard changes != 0 else { continue }
      for (fd, ids) in subscriptions where fd != source && ids.contains(control.id) {
        eventQueues[fd, default: []].append(event(for: control, changes: changes))
      }
    }
  }

  /// A V4L2_EVENT_CTRL for `control`.
  private func event(for control: FakeControl, changes: UInt32) -> v4l2_event {
    var event = v4l2_event()
    event.type = UInt32(V4L2_EVENT_CTRL)
    event.id = control.id
    event.u.ctrl.changes = changes
    event.u.ctrl.type = control.type
    if control.type == V4L2_CTRL_TYPE_INTEGER64.rawValue {
      event.u.ctrl.value64 = control.value
    } else {
      event.u.ctrl.value = Int32(clamping: control.value)
    }
    event.u.ctrl.flags = currentFlags(control)
    event.u.ctrl.minimum = Int32(clamping: control.minimum)
    event.u.ctrl.maximum = Int32(clamping: control.maximum)
    event.u.ctrl.step = Int32(clamping: control.step)
    event.u.ctrl.default_value = Int32(clamping: control.defaultValue)
    return event
  }
}
