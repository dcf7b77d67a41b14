// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture

/// What the exerciser needs of a streaming camera: its controls, and one measured frame at a
/// time. Capture thread only (the thread that calls `ControlExerciser.run`).
public protocol ExerciseProbe: AnyObject {
  /// Every control with its current value.
  func controls() throws(CaptureError) -> [CameraControl]
  /// Sets `changes` in one request; returns every control as the driver then reports it.
  func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError) -> [CameraControl]
  /// Waits for the next good frame and measures it; nil when none came in time.
  func nextMeasurement() throws(CaptureError) -> PictureMeasurement?
  /// What the camera says about its controls beyond the list (`ControlRemarking`): a PipeWire
  /// node that reports no values, whose "value from before" is only what Pinhole knew.
  var controlRemark: String? { get }
}

/// Probes whose cameras have nothing to add.
extension ExerciseProbe {
  /// Nothing.
  public var controlRemark: String? { nil }
}

/// `pinhole --check --controls`: sets each control to its minimum, maximum and default (each
/// entry of a menu), reads it back, and counts the frames until the picture changes. Each
/// control goes back to its value from before as soon as it is done, and the run ends by
/// putting back every control that still differs, also when it stops early (a signal, the
/// camera gone); what could not be put back is listed.
public struct ControlExerciser: Sendable {
  /// Frames watched after a setting before it counts as "no change".
  public var framesToWatch: Int
  /// Frames measured before a setting: the reference and its noise.
  public var baselineFrames: Int
  /// Only these controls (v4l2-ctl names) are exercised; empty for every one. All of them are
  /// still put back at the end.
  public var names: [String]

  /// Makes an exerciser.
  public init(framesToWatch: Int = 12, baselineFrames: Int = 4, names: [String] = []) {
    self.framesToWatch = max(1, framesToWatch)
    self.baselineFrames = max(1, baselineFrames)
    self.names = names
  }

  /// Runs over `probe`'s camera. `shouldStop` is polled between frames (a signal arrived);
  /// `progress` hears each control's result as it is done.
  public func run(
    _ probe: any ExerciseProbe, shouldStop: () -> String?,
    progress: (ControlExercise.ControlResult) -> Void = { _ in }
  ) -> ControlExercise.Report {
    var report = ControlExercise.Report()
    report.framesWatched = framesToWatch
    let originals: [CameraControl]
    do {
      originals = try probe.controls()
    } catch {
      report.interruption = error.userMessage
      return report
    }
    let known = Set(originals.map(\.commandLineName))
    if let unknown = names.first(where: { !known.contains($0) }) {
      report.interruption =
        "the camera has no control named \(unknown) (it has "
        + originals.map(\.commandLineName).joined(separator: ", ") + ")"
      return report
    }
    let chosen = names.isEmpty ? originals : originals.filter { names.contains($0.commandLineName) }
    let (plans, skipped) = ControlExercise.plan(chosen, among: originals)
    var results: [ControlID: ControlExercise.ControlResult] = [:]
    for (control, reason) in skipped {
      results[control.id] = .init(control: control, metric: nil, steps: [], skipReason: reason)
    }
    var stopped = false
    var touched: Set<ControlID> = []
    for plan in plans where !stopped {
      touched.insert(plan.control.id)
      if let unlock = plan.unlock { touched.insert(unlock.id) }
      var steps: [ControlExercise.StepResult] = []
      do {
        stopped = try exercise(plan, probe: probe, into: &steps, shouldStop: shouldStop)
        // Back to where it was before the next control is looked at.
        try restore(originals, probe: probe)
      } catch {
        report.interruption = error.userMessage
        stopped = true
      }
      if stopped, report.interruption == nil { report.interruption = shouldStop() }
      let result = ControlExercise.ControlResult(
        control: plan.control, metric: plan.metric, steps: steps, skipReason: nil)
      results[plan.control.id] = result
      progress(result)
    }
    report.controls = chosen.compactMap { results[$0.id] }
    report.leftovers = finalRestore(originals, touched: touched, probe: probe)
    // Asked last: a camera knows what to say of its controls once it has read them.
    report.remark = probe.controlRemark
    return report
  }

  /// Sets each step of `plan`; returns true when `shouldStop` asked to end the run.
  private func exercise(
    _ plan: ControlExercise.Plan, probe: any ExerciseProbe,
    into steps: inout [ControlExercise.StepResult], shouldStop: () -> String?
  ) throws(CaptureError) -> Bool {
    var current = plan.control.value
    for step in plan.steps {
      if shouldStop() != nil { return true }
      if step.value == current {
        steps.append(.init(step: step, readBack: current, outcome: .alreadySet))
        continue
      }
      var baseline: [PictureMeasurement] = []
      for _ in 0..<baselineFrames {
        guard let measurement = try probe.nextMeasurement() else { break }
        baseline.append(measurement)
      }
      let unlock = plan.unlock.map { [($0.id, $0.manualValue)] } ?? []
      let after: [CameraControl]
      do {
        after = try probe.setControls(unlock + [(plan.control.id, step.value)])
      } catch {
        if case .disconnected = error { throw error }
        steps.append(
          .init(step: step, readBack: nil, outcome: .refused(ControlsCommand.reason(for: error))))
        continue
      }
      let readBack = after.first { $0.id == plan.control.id }?.value
      current = readBack ?? step.value
      guard let detector = ChangeDetector(metric: plan.metric, baseline: baseline) else {
        steps.append(.init(step: step, readBack: readBack, outcome: .noFrames))
        continue
      }
      let outcome = try watch(probe, detector: detector, shouldStop: shouldStop)
      steps.append(.init(step: step, readBack: readBack, outcome: outcome))
    }
    return shouldStop() != nil
  }

  /// Counts frames until the picture changes, up to `framesToWatch`.
  private func watch(
    _ probe: any ExerciseProbe, detector: ChangeDetector, shouldStop: () -> String?
  ) throws(CaptureError) -> ControlExercise.Outcome {
    var seen = 0
    while seen < framesToWatch {
      if shouldStop() != nil { return .interrupted(frames: seen) }
      guard let measurement = try probe.nextMeasurement() else {
        return seen == 0 ? .noFrames : .unchanged(frames: seen)
      }
      seen += 1
      if detector.hasChanged(measurement) { return .changed(frames: seen) }
    }
    return .unchanged(frames: seen)
  }

  /// Sends the two restoring requests; a refused request is retried one control at a time,
  /// so one stubborn control does not keep the others from going back.
  func restore(_ originals: [CameraControl], probe: any ExerciseProbe) throws(CaptureError) {
    var current = try probe.controls()
    for makeStep in [ControlRestoration.manualStep, ControlRestoration.automaticStep] {
      let request = makeStep(originals, current)
      guard !request.isEmpty else { continue }
      do {
        current = try probe.setControls(request)
      } catch {
        if case .disconnected = error { throw error }
        for change in request {
          if let answer = try? probe.setControls([change]) { current = answer }
        }
        current = try probe.controls()
      }
    }
  }

  /// The last attempt, whatever happened before: restore, then list what still differs.
  private func finalRestore(
    _ originals: [CameraControl], touched: Set<ControlID>, probe: any ExerciseProbe
  ) -> [ControlExercise.Leftover] {
    try? restore(originals, probe: probe)
    let current = try? probe.controls()
    return ControlRestoration.leftovers(originals: originals, current: current, touched: touched)
  }
}
