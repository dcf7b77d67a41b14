// SPDX-License-Identifier: MIT
import CameraModel
import Capture

/// The camera's controls: the values the user sets, remembered for each camera and set again
/// when it opens, and the two-request reset to defaults (see `ControlReset`). The settings
/// file always follows what the camera reports after a reset, whole or refused half-way.
///
/// Every control request is answered with the controls as the camera then holds them, a
/// refused one too (the refusal follows that report), so the reset counts answers rather than
/// waiting for a refusal that may never come.
extension CameraController {
  /// The saved control values of the camera open now, by control ID.
  public var savedControlValues: [UInt32: Int64]? { controlValues[model.device.identity] }

  /// The camera reported its controls: after a reset request, sends the next step or saves
  /// the outcome; the first report after opening sets the saved values and looks for lights.
  func controlsChanged(_ newControls: [CameraControl]) {
    controls = newControls
    rejection = nil
    if resetAnswersAwaited > 0 {
      // The camera answered a reset request: after the automatic modes, the controls they
      // left free; after those, the reset is done.
      resetAnswersAwaited -= 1
      let rest = isResetPending ? ControlReset.manualStep(newControls) : []
      isResetPending = false
      if !rest.isEmpty {
        resetAnswersAwaited += 1
        setControls(rest)
      }
      saveControlValues(ControlReset.savedValues(newControls))
    }
    if !hasRestoredControls {
      hasRestoredControls = true
      restoreSavedControls()
      if viewfinder.compensationThirds != 0,
        let (id, value) = viewfinder.biasAssignment(controls: newControls)
      {
        setControls([(id, value)])
      }
      discoverLights()
    }
  }

  /// The camera refused a control change; a reset takes no further step, and the file keeps
  /// what the camera holds after the refusal (and after a step already sent, once answered).
  func controlRejected(_ control: String, reason: String) {
    rejection = "\(control): \(reason)"
    if isResetPending || resetAnswersAwaited > 0 {
      isResetPending = false
      saveControlValues(ControlReset.savedValues(controls))
    }
  }

  /// Sets one control and remembers the value for this camera.
  func setControl(_ id: ControlID, to value: Int64) {
    setControls([(id, value)])
    controlValues[model.device.identity, default: [:]][id.rawValue] = value
    effects.append(.saveSettings)
  }

  /// Resets the controls in two requests (see `ControlReset`); the settings file follows what
  /// the camera reports afterwards.
  func resetControls() {
    // The bias control goes back to its default with the rest; the compensation follows it.
    if viewfinder.compensationThirds != 0 { setCompensation(thirds: 0) }
    let automatic = ControlReset.automaticStep(controls)
    let changes = automatic.isEmpty ? ControlReset.manualStep(controls) : automatic
    isResetPending = !automatic.isEmpty
    resetAnswersAwaited = changes.isEmpty ? 0 : 1
    if changes.isEmpty {
      saveControlValues(ControlReset.savedValues(controls))
    } else {
      setControls(changes)
    }
  }

  /// Sets the controls the user changed last time this camera was open.
  private func restoreSavedControls() {
    guard let saved = savedControlValues else { return }
    let changes = controls.compactMap { control -> (ControlID, Int64)? in
      guard let value = saved[control.id.rawValue], value != control.value else { return nil }
      return (control.id, value)
    }
    if !changes.isEmpty { setControls(changes) }
  }

  /// Sets the exposure compensation (clamped) and remembers it for this camera.
  func setCompensation(thirds: Int) {
    if let (id, value) = viewfinder.setCompensation(thirds: thirds, controls: controls) {
      setControls([(id, value)])
    }
    let identity = model.device.identity
    compensations[identity] =
      viewfinder.compensationThirds == 0 ? nil : viewfinder.compensationThirds
    effects.append(.saveSettings)
  }

  /// Takes up the compensation saved for the camera open now (the camera is told once it
  /// reports its controls).
  func restoreCompensation() {
    _ = viewfinder.setCompensation(thirds: compensations[model.device.identity] ?? 0, controls: [])
  }

  private func saveControlValues(_ values: [UInt32: Int64]?) {
    controlValues[model.device.identity] = values
    effects.append(.saveSettings)
  }

  /// Asks the capture thread to set `changes` together, in order.
  func setControls(_ changes: [(ControlID, Int64)]) {
    effects.append(.capture(.setControls(changes.map { ControlAssignment($0.0, $0.1) })))
  }
}
