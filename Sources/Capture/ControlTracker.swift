// SPDX-License-Identifier: MIT
import CameraModel
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// The capture loop's view of the open camera's controls. It applies control commands,
/// folds the driver's change events into the list and posts the list (or a refusal) as
/// events. Nothing here ends the stream: a refused control is news, not a failure.
///
/// Capture thread only.
final class ControlTracker {
  private let events: Inbox<CaptureEvent>
  /// The controls as last reported.
  private(set) var controls: [CameraControl] = []
  /// Assignments that arrived while no camera was open.
  private var deferred: [ControlAssignment] = []

  init(events: Inbox<CaptureEvent>) { self.events = events }

  /// Reads the controls of a newly opened `device`, reports them, then applies what was
  /// deferred while it was away.
  func deviceOpened(_ device: any CaptureDevice) {
    refresh(device)
    guard !deferred.isEmpty else { return }
    let waiting = deferred
    deferred = []
    apply(waiting, on: device)
  }

  /// Keeps `assignments` until a camera is open.
  func deferUntilOpen(_ assignments: [ControlAssignment]) { deferred += assignments }

  /// Reads every control again and reports the list. A camera whose controls cannot be read
  /// is reported without controls; if it is gone, the next frame says so.
  func refresh(_ device: any CaptureDevice) {
    controls = (try? device.controls()) ?? []
    events.post(.controlsChanged(controls))
  }

  /// Sets `assignments` and reports the controls the device answers with, or the refusal and
  /// then the controls as they are. Returns false when the device refused.
  @discardableResult
  func apply(_ assignments: [ControlAssignment], on device: any CaptureDevice) -> Bool {
    guard !assignments.isEmpty else { return true }
    do {
      controls = try device.setControls(assignments.map { ($0.id, $0.value) })
      events.post(.controlsChanged(controls))
      return true
    } catch {
      refresh(device)
      events.post(
        .controlRejected(
          control: culprit(of: assignments), reason: ControlTracker.reason(for: error)))
      return false
    }
  }

  /// Points the camera's region of interest at `rectangle` for `automatic`, and reports the
  /// controls the device answers with, or the refusal and then the controls as they are.
  /// Returns false when the device refused or has no region of interest.
  @discardableResult
  func applyRegion(
    _ rectangle: PixelRectangle, automatic: RegionAutomation, on device: any CaptureDevice
  ) -> Bool {
    do {
      controls = try device.setRegionOfInterest(rectangle, automatic: automatic)
      events.post(.controlsChanged(controls))
      return true
    } catch {
      refresh(device)
      let name = controls.first { $0.id == .regionOfInterestRect }?.commandLineName
      events.post(
        .controlRejected(
          control: name ?? ControlID.regionOfInterestRect.description,
          reason: ControlTracker.reason(for: error)))
      return false
    }
  }

  /// Folds the changes the driver announced since the last turn into the list; reports it if
  /// anything changed.
  func collectEvents(from device: any CaptureDevice) {
    let changes = device.controlEvents()
    guard !changes.isEmpty else { return }
    controls = ControlChange.apply(changes, to: controls)
    events.post(.controlsChanged(controls))
  }

  /// The name to blame for a refused set: the first assigned control that cannot be edited
  /// now (read-only, inactive, locked), else the first assigned, by command-line name.
  private func culprit(of assignments: [ControlAssignment]) -> String {
    func control(_ assignment: ControlAssignment) -> CameraControl? {
      controls.first { $0.id == assignment.id }
    }
    func name(_ assignment: ControlAssignment) -> String {
      control(assignment)?.commandLineName ?? assignment.id.description
    }
    let blocked = assignments.first { control($0).map { !$0.isEditable } ?? true }
    return (blocked ?? assignments.first).map(name) ?? ""
  }

  /// One sentence for why the driver refused a control.
  static func reason(for error: CaptureError) -> String {
    guard case .system(_, let code) = error else { return error.userMessage }
    switch code {
    case EACCES:
      return "The camera does not allow changing it now; switch its automatic mode off first."
    case EBUSY:
      return "The camera does not allow changing it while streaming."
    case ERANGE:
      return "The camera refused the value as out of range."
    case EINVAL:
      return "The camera has no such control or refused the value."
    default:
      return error.userMessage
    }
  }
}
