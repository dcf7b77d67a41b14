import CV4L2
import CameraModel
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Control change events: VIDIOC_SUBSCRIBE_EVENT per control, VIDIOC_DQEVENT when `poll`
/// reports POLLPRI.
extension V4L2Device {
  /// Most undelivered changes kept; older ones go first when nobody collects them.
  static let pendingChangeLimit = 256

  /// Changes the driver announced since the last call. While streaming, `nextFrame` already
  /// dequeues them when its poll reports POLLPRI; otherwise this polls without waiting.
  ///
  /// Capture thread only.
  public func controlEvents() -> [ControlChange] {
    if !isStreaming, hasPendingEvent() { dequeueControlEvents() }
    defer { controlState.pending = [] }
    return controlState.pending
  }

  /// Subscribes to V4L2_EVENT_CTRL for each control not yet subscribed. Without
  /// V4L2_EVENT_SUB_FL_ALLOW_FEEDBACK, so changes this descriptor makes itself do not come
  /// back as events (`setControls` re-reads the controls instead). A driver without events
  /// (ENOTTY) is not asked again.
  func subscribeToControlEvents(_ descriptions: [V4L2ControlDescription]) {
    for description in descriptions where description.control.kind != .button {
      let id = description.control.id.rawValue
      guard controlState.supportsEvents, !controlState.subscribed.contains(id) else { continue }
      var subscription = v4l2_event_subscription()
      subscription.type = UInt32(V4L2_EVENT_CTRL)
      subscription.id = id
      do {
        try controlIoctl(.subscribeEvent, &subscription)
      } catch {
        if case .system(_, let code) = error, code == ENOTTY { controlState.supportsEvents = false }
      }
      // Recorded even when refused, so one control the driver will not watch is asked once.
      controlState.subscribed.insert(id)
    }
  }

  /// Dequeues pending events into `controlState.pending`; called when poll said POLLPRI.
  func dequeueControlEvents() {
    // Bounded, so a driver flooding events cannot hold the capture thread; the rest stay
    // pending and the next poll reports them again.
    for _ in 0..<64 {
      var event = v4l2_event()
      guard (try? controlIoctl(.dequeueEvent, &event)) == .done else { return }
      if event.type == UInt32(V4L2_EVENT_CTRL) {
        if controlState.pending.count >= V4L2Device.pendingChangeLimit {
          controlState.pending.removeFirst()
        }
        controlState.pending.append(V4L2Device.controlChange(from: event))
      }
      if event.pending == 0 { return }
    }
  }

  /// True when poll, without waiting, reports an event (POLLPRI) on the descriptor.
  private func hasPendingEvent() -> Bool {
    guard controlState.supportsEvents, !controlState.subscribed.isEmpty, let fd = descriptor
    else { return false }
    let revents = try? DeviceCall.call("poll", device: info.path, system: system) {
      () throws(SystemCallError) in
      try system.poll(fd, events: Int16(POLLPRI), timeoutMilliseconds: 0)
    }
    return (revents ?? 0) & Int16(POLLPRI) != 0
  }

  /// The change a V4L2_EVENT_CTRL event describes.
  static func controlChange(from event: v4l2_event) -> ControlChange {
    let control = event.u.ctrl
    let is64Bit = control.type == V4L2_CTRL_TYPE_INTEGER64.rawValue
    return ControlChange(
      id: ControlID(rawValue: event.id), parts: ControlChange.Parts(rawValue: control.changes),
      value: is64Bit ? control.value64 : Int64(control.value),
      flags: CameraControl.Flags(rawValue: control.flags), minimum: Int64(control.minimum),
      maximum: Int64(control.maximum), step: Int64(control.step),
      defaultValue: Int64(control.default_value))
  }
}
