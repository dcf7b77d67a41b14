// SPDX-License-Identifier: MIT
import AppCore
import CameraModel

/// The control exerciser's plan and findings: which values each control is set to, and what
/// each setting did. Pure; `ControlExerciser` runs it.
public enum ControlExercise {
  /// One value to set.
  public struct Step: Hashable, Sendable {
    /// "minimum", "maximum", "default", or a menu entry's name.
    public var label: String
    /// The value.
    public var value: Int64

    /// Makes a step.
    public init(label: String, value: Int64) {
      self.label = label
      self.value = value
    }
  }

  /// The automatic mode switched to manual while a control it locks is exercised.
  public struct Unlock: Hashable, Sendable {
    /// The automatic mode's control.
    public var id: ControlID
    /// The value that leaves the manual control free (manual exposure, autofocus off).
    public var manualValue: Int64
  }

  /// What to do with one control.
  public struct Plan: Hashable, Sendable {
    /// The control as found before the run.
    public var control: CameraControl
    /// The values to set, in order.
    public var steps: [Step]
    /// The automatic mode to switch off for each step, if one locks the control now.
    public var unlock: Unlock?
    /// How a change is looked for.
    public var metric: PictureMetric
  }

  /// The plan for `chosen` out of all the camera's `controls` (as read before the run): every
  /// control with a value the user may set, and the reason each other control is left alone.
  public static func plan(_ chosen: [CameraControl], among controls: [CameraControl]) -> (
    plans: [Plan], skipped: [(CameraControl, String)]
  ) {
    var plans: [Plan] = []
    var skipped: [(CameraControl, String)] = []
    for control in chosen {
      if let reason = reasonToSkip(control, among: controls) {
        skipped.append((control, reason))
        continue
      }
      plans.append(
        Plan(
          control: control, steps: steps(for: control), unlock: unlock(for: control, in: controls),
          metric: PictureMetric.suited(to: control)))
    }
    return (plans, skipped)
  }

  /// Minimum, maximum and default (a menu: each entry, then the default), without repeats.
  static func steps(for control: CameraControl) -> [Step] {
    var steps: [Step] = []
    func add(_ label: String, _ value: Int64) {
      if !steps.contains(where: { $0.value == value }) {
        steps.append(Step(label: label, value: value))
      }
    }
    switch control.kind {
    case .menu, .integerMenu:
      for (value, name) in control.menu.sorted(by: { $0.key < $1.key }) {
        add(control.kind == .menu ? name : "\(name)", value)
      }
    default:
      add("minimum", control.minimum)
      add("maximum", control.maximum)
    }
    // The default comes last even when a menu entry already named it: the run ends on it.
    steps.removeAll { $0.value == control.defaultValue }
    steps.append(Step(label: "default", value: control.defaultValue))
    return steps
  }

  /// Why `control` is not exercised, or nil when it is.
  static func reasonToSkip(_ control: CameraControl, among controls: [CameraControl]) -> String? {
    switch control.kind {
    case .button: return "a button (an action, not a value)"
    case .other: return "a compound or string control"
    default: break
    }
    if control.flags.contains(.disabled) { return "disabled by the driver" }
    if control.flags.contains(.readOnly) { return "read-only" }
    if control.flags.contains(.grabbed) { return "locked while the camera streams" }
    if control.flags.contains(.inactive), unlock(for: control, in: controls) == nil {
      return "inactive (another control overrides it)"
    }
    if control.minimum > control.maximum { return "its range is empty" }
    return nil
  }

  /// The automatic mode that locks `control` at its current value, if any.
  static func unlock(for control: CameraControl, in controls: [CameraControl]) -> Unlock? {
    for (automatic, manual) in ControlReset.automaticModes where manual.contains(control.id) {
      guard let mode = controls.first(where: { $0.id == automatic }),
        ControlReset.locks(mode, at: mode.value), mode.isEditable
      else { continue }
      let free = automatic == .exposureAuto ? ControlReset.manualExposure : 0
      return Unlock(id: automatic, manualValue: free)
    }
    return nil
  }

  /// What one setting did.
  public enum Outcome: Hashable, Sendable {
    /// The picture changed after this many frames.
    case changed(frames: Int)
    /// The picture stayed the same over this many frames.
    case unchanged(frames: Int)
    /// The control already had the value: nothing to see.
    case alreadySet
    /// The driver refused the value, for this reason.
    case refused(String)
    /// No frame arrived after the setting.
    case noFrames
    /// The run was stopped (a signal) while watching, after this many frames without a change.
    case interrupted(frames: Int)
  }

  /// One setting and what came of it.
  public struct StepResult: Hashable, Sendable {
    /// The step.
    public var step: Step
    /// The value the driver reports afterwards; nil when it refused.
    public var readBack: Int64?
    /// What the picture did.
    public var outcome: Outcome

    /// Makes a result.
    public init(step: Step, readBack: Int64?, outcome: Outcome) {
      self.step = step
      self.readBack = readBack
      self.outcome = outcome
    }

    /// True when the driver kept another value than the one asked for.
    public var isClamped: Bool { readBack.map { $0 != step.value } ?? false }
  }

  /// The exerciser's overall finding for a control.
  public enum Verdict: String, Hashable, Sendable {
    /// At least one setting changed the picture.
    case changesPicture = "changes the picture"
    /// Settings were taken but the picture never changed.
    case ignored = "no visible change"
    /// The driver refused every setting.
    case refused = "refused"
    /// Frames stopped after a setting.
    case stopsFrames = "stops the frames"
    /// Not exercised (see the reason).
    case skipped = "skipped"
    /// Every setting already held (a range of one value).
    case untested = "nothing to change"
    /// The run was stopped before a setting showed anything.
    case unfinished = "not finished"
  }

  /// Everything found out about one control.
  public struct ControlResult: Hashable, Sendable {
    /// The control as it was before the run.
    public var control: CameraControl
    /// The metric used.
    public var metric: PictureMetric?
    /// Each setting, in order.
    public var steps: [StepResult]
    /// Why the control was skipped, if it was.
    public var skipReason: String?

    /// Makes a result.
    public init(
      control: CameraControl, metric: PictureMetric?, steps: [StepResult], skipReason: String?
    ) {
      self.control = control
      self.metric = metric
      self.steps = steps
      self.skipReason = skipReason
    }

    /// The verdict from the steps.
    public var verdict: Verdict {
      if skipReason != nil { return .skipped }
      let outcomes = steps.map(\.outcome)
      if outcomes.contains(where: { if case .changed = $0 { true } else { false } }) {
        return .changesPicture
      }
      if outcomes.contains(.noFrames) { return .stopsFrames }
      if outcomes.contains(where: { if case .interrupted = $0 { true } else { false } }) {
        return .unfinished
      }
      if outcomes.contains(where: { if case .unchanged = $0 { true } else { false } }) {
        return .ignored
      }
      if outcomes.contains(where: { if case .refused = $0 { true } else { false } }) {
        return .refused
      }
      return .untested
    }

    /// Steps the driver refused.
    public var refusedSteps: [StepResult] {
      steps.filter { if case .refused = $0.outcome { true } else { false } }
    }

    /// Steps whose value the driver changed.
    public var clampedSteps: [StepResult] { steps.filter(\.isClamped) }
  }

  /// A control that could not be put back.
  public struct Leftover: Hashable, Sendable {
    /// The control's v4l2-ctl name.
    public var name: String
    /// The value it had before the run.
    public var original: Int64
    /// The value it has now, if it could be read.
    public var current: Int64?

    /// Makes a leftover.
    public init(name: String, original: Int64, current: Int64?) {
      self.name = name
      self.original = original
      self.current = current
    }
  }

  /// The whole run.
  public struct Report: Hashable, Sendable {
    /// One result per control, in the camera's order.
    public var controls: [ControlResult] = []
    /// Controls not back at their value from before the run; empty when all are.
    public var leftovers: [Leftover] = []
    /// Why the run ended early (a signal, the camera gone), if it did.
    public var interruption: String?
    /// Frames watched after each setting before calling it unchanged.
    public var framesWatched = 0
    /// What the camera says about its controls (values it does not report), said under the
    /// restore line; nil for nothing.
    public var remark: String?

    /// Makes a report.
    public init(controls: [ControlResult] = [], leftovers: [Leftover] = []) {
      self.controls = controls
      self.leftovers = leftovers
    }

    /// The report as aligned lines for the terminal.
    public var text: String {
      var lines = ["CONTROL                         VERDICT               FRAMES  NOTES"]
      for result in controls {
        let frames = result.steps.compactMap { step -> Int? in
          if case .changed(let count) = step.outcome { return count }
          return nil
        }
        var notes: [String] = []
        if let reason = result.skipReason { notes.append(reason) }
        if !result.refusedSteps.isEmpty {
          notes.append("refused " + result.refusedSteps.map(\.step.label).joined(separator: ", "))
        }
        for step in result.clampedSteps {
          notes.append("\(step.step.value) read back as \(step.readBack ?? 0)")
        }
        if let metric = result.metric, result.skipReason == nil { notes.append(metric.rawValue) }
        lines.append(
          Self.pad(result.control.commandLineName, 32) + Self.pad(result.verdict.rawValue, 22)
            + Self.pad(frames.map(String.init).joined(separator: ","), 8)
            + notes.joined(separator: "; "))
      }
      if let interruption { lines.append("Stopped early: \(interruption)") }
      if leftovers.isEmpty, let remark {
        // Without reported values, "from before" is only what Pinhole knew of them.
        lines.append("Every control is set back to the value Pinhole knew from before. " + remark)
      } else if leftovers.isEmpty {
        lines.append("Every control is back at its value from before.")
      } else {
        lines.append("Not restored (set them back by hand):")
        for leftover in leftovers {
          let now = leftover.current.map { " (now \($0))" } ?? ""
          lines.append("  --set \(leftover.name)=\(leftover.original)\(now)")
        }
      }
      return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
  }
}
