// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// The settings panel's behaviour for one frame: which line the pointer works on and the
/// intents that follow. Drawing lives in `SettingsPanel+Drawing.swift`. Main thread only.
struct SettingsPanel {
  /// Where the panel and its lines sit.
  let layout: SettingsLayout
  /// What the app wants shown.
  let state: OverlayState
  /// Drawing helpers at the frame's scale.
  let painter: CameraPainter

  /// How far one wheel notch scrolls the panel, in points: about one line.
  static let scrollPerNotch = 40.0

  /// The pointer's relation to each line (same order as `layout.rows`).
  struct Responses {
    /// One response per line; lines that take no input get an empty one.
    var rows: [ControlResponse]
    /// The close button's.
    var close = ControlResponse()
  }

  /// The exposure compensation as a slider control: −6…6 thirds of a stop.
  var exposureCompensationControl: CameraControl {
    CameraControl(
      id: CameraModel.ControlID(rawValue: 0), name: tr("Exposure compensation"), kind: .integer,
      minimum: -6, maximum: 6, step: 1, defaultValue: 0,
      value: Int64(min(max(state.camera.exposureCompensationThirds, -6), 6)), flags: .slider)
  }

  /// True while the settings show the drivers' own names (the test-bench figures are on).
  var showsRawNames: Bool { state.camera.isHUDVisible }

  /// The mode section's choices, or `nil` without modes.
  var modeChoices: SettingsModeChoices? {
    SettingsModeChoices(modes: state.camera.modes, current: state.camera.currentMode)
  }

  /// Updates every line topmost first, then the panel's background (so clicks between lines
  /// never reach the video), and appends the intents of clicks, drags and the wheel.
  func update(
    tracker: inout PointerTracker, input: OverlayInput, actions: inout [OverlayAction]
  ) -> Responses {
    var responses: [ControlResponse] = []
    // An open choice list takes the wheel over the panel.
    var isWheelTaken = state.camera.picker != nil
    let close = tracker.update(Self.closeID, rect: layout.closeButton, focus: closeEntry)
    if close.isClicked { actions.append(.camera(.toggleSettings)) }
    for row in layout.rows {
      let hit = hitRect(of: row).intersection(layout.viewport)
      let entry = focusEntry(of: row)
      if let entry {
        // The arrows work on the focused line even before it has scrolled into view.
        actions += stepActions(row, steps: tracker.focusSteps(for: entry.id))
        if tracker.hasFocusArrived(at: entry.id), let scroll = scrollAction(revealing: row) {
          actions.append(scroll)
        }
      }
      guard let entry, !hit.isEmpty else {
        if let entry { tracker.register(entry) }
        responses.append(ControlResponse())
        continue
      }
      let response = tracker.update(row.widgetID, rect: hit, focus: entry)
      responses.append(response)
      actions += rowActions(row, response: response, input: input)
      if !isWheelTaken, let wheel = wheelAction(row, hit: hit, input: input) {
        actions.append(wheel)
        isWheelTaken = true
      }
    }
    _ = tracker.update(ControlID("settings-panel"), rect: layout.panel)
    // Ctrl+wheel steps sliders only; it never scrolls, so a slider is not scrolled under it.
    if !isWheelTaken, !input.heldModifiers.contains(Self.wheelStepModifier),
      let scroll = scrollAction(input: input)
    {
      actions.append(scroll)
    }
    return Responses(rows: responses, close: close)
  }

  /// The part of a line that takes the pointer: a slider's track band, the reset pill, or
  /// the whole line.
  func hitRect(of row: SettingsRow) -> Rect {
    switch row.content {
    case .control(let control) where Self.isSlider(control):
      let top = row.frame.minY + painter.px(24)
      return Rect(x: row.frame.minX, y: top, width: row.frame.width, height: row.frame.maxY - top)
    case .exposureCompensation, .microphoneGain:
      let top = row.frame.minY + painter.px(24)
      let bottom = row.frame.minY + painter.px(48)
      return Rect(x: row.frame.minX, y: top, width: row.frame.width, height: bottom - top)
    case .reset:
      return resetPill(in: row.frame)
    default:
      return row.frame
    }
  }

  /// True for lines that react to the pointer: editable controls and the mode, reset and
  /// photo lines.
  func isInteractive(_ row: SettingsRow) -> Bool {
    switch row.content {
    case .heading, .note: false
    case .control(let control): control.isEditable && control.kind != .bitmask
    case .format, .size, .rate, .reset, .codeDetection, .photoQuality, .exposureCompensation,
      .grid, .orientationLock, .microphone, .keepCameraOpen, .aid, .zebraLevel, .saveFolder,
      .videoQuality, .videoSize, .textSize, .microphoneGain, .recordingCountdown:
      true
    }
  }

  /// True for controls shown as a slider.
  static func isSlider(_ control: CameraControl) -> Bool {
    control.kind == .integer || control.kind == .integer64
  }

  /// The slider track of a slider line.
  func sliderGeometry(of row: SettingsRow) -> SliderGeometry {
    let inset = painter.px(9)
    let y = row.frame.minY + painter.px(36)
    let height = painter.px(4)
    return SliderGeometry(
      track: Rect(
        x: row.frame.minX + inset, y: y - height / 2, width: row.frame.width - 2 * inset,
        height: height))
  }

  /// The reset button's pill, centred in its line.
  func resetPill(in frame: Rect) -> Rect {
    let size = painter.px(13)
    let width = painter.text.size(of: Self.resetTitle, pointSize: size).width + painter.px(36)
    let height = painter.px(32)
    return Rect(
      x: (frame.center.x - width / 2).rounded(), y: (frame.center.y - height / 2).rounded(),
      width: width.rounded(), height: height)
  }

  /// The reset button's title.
  static let resetTitle = tr("Reset to defaults")
  /// The photo section's quality label.
  static let photoQualityTitle = tr("Photo quality")
  /// The video section's quality label.
  static let videoQualityTitle = tr("Video quality")
  /// The video section's size label.
  static let videoSizeTitle = tr("Video size")
  /// The photo section's switch label.
  static let codeDetectionTitle = tr("Detect codes in photo mode")
  /// The picture section's orientation lock label.
  static let orientationLockTitle = tr("Lock orientation (O)")
  /// The privacy section's switch label.
  static let keepCameraOpenTitle = tr("Keep the camera on when hidden")
  /// The display section's text size label.
  static let textSizeTitle = tr("Text size")

  private func rowActions(
    _ row: SettingsRow, response: ControlResponse, input: OverlayInput
  ) -> [OverlayAction] {
    switch row.content {
    case .control(let control) where Self.isSlider(control):
      return sliderActions(control, row: row, response: response, input: input)
    case .control(let control) where control.kind == .menu || control.kind == .integerMenu:
      return response.isClicked ? openPicker(.control(control.id)) : []
    case .control(let control):
      guard response.isClicked else { return [] }
      return clickActions(control).map { .camera($0) }
    case .format:
      return response.isClicked ? openPicker(.format) : []
    case .size:
      return response.isClicked ? openPicker(.size) : []
    case .rate:
      return response.isClicked ? openPicker(.rate) : []
    case .exposureCompensation:
      let control = exposureCompensationControl
      guard response.isPressed || response.isClicked,
        let x = input.pointerInPixels?.x ?? response.clickPosition?.x
      else { return [] }
      let value = sliderGeometry(of: row).value(atX: x, of: control)
      return value == control.value ? [] : [.camera(.setExposureCompensation(thirds: Int(value)))]
    case .grid:
      return response.isClicked ? [.camera(.toggleGrid)] : []
    case .aid(let aid):
      return response.isClicked ? [.camera(.toggleAid(aid))] : []
    case .zebraLevel:
      return response.isClicked ? [.camera(.stepZebraLevel)] : []
    case .keepCameraOpen:
      return response.isClicked ? [.camera(.toggleKeepCameraOpen)] : []
    case .textSize:
      return response.isClicked ? [.camera(.cycleTextSize)] : []
    case .orientationLock:
      return response.isClicked ? [.camera(.toggleOrientationLock)] : []
    case .reset:
      return response.isClicked ? [.camera(.resetControls)] : []
    case .codeDetection:
      return response.isClicked ? [.camera(.toggleCodeDetection)] : []
    case .photoQuality:
      return response.isClicked ? [.photo(.cyclePhotoQuality)] : []
    case .microphone:
      return microphoneActions(response)
    case .saveFolder(let kind):
      return folderActions(kind, response)
    case .videoQuality:
      return response.isClicked ? [.recording(.cycleVideoQuality)] : []
    case .videoSize:
      return response.isClicked ? [.recording(.cycleVideoSize)] : []
    case .microphoneGain:
      return microphoneGainActions(row, response: response, input: input)
    case .recordingCountdown:
      return response.isClicked ? [.recording(.cycleCountdown)] : []
    case .heading, .note:
      return []
    }
  }

  /// Dragging sets the value under the pointer; a release sets the value where it happened,
  /// so a quick click on the track jumps there.
  private func sliderActions(
    _ control: CameraControl, row: SettingsRow, response: ControlResponse, input: OverlayInput
  ) -> [OverlayAction] {
    guard response.isPressed || response.isClicked,
      let x = input.pointerInPixels?.x ?? response.clickPosition?.x
    else { return [] }
    let value = sliderGeometry(of: row).value(atX: x, of: control)
    return value == control.value ? [] : [.camera(.setControl(control.id, value))]
  }

  /// A click on a selector opens its list with the current entry highlighted and in view.
  func openPicker(_ target: SettingsPicker.Target) -> [OverlayAction] {
    let list = SettingsPickerList.entries(for: target, state: state)
    let current = list.current ?? 0
    let first = max(current - SettingsPickerList.maximumVisible / 2, 0)
    return [
      .camera(.setPicker(SettingsPicker(target: target, highlighted: current, firstVisible: first)))
    ]
  }

  /// A click flips a switch or presses a button.
  private func clickActions(_ control: CameraControl) -> [CameraAction] {
    switch control.kind {
    case .boolean:
      return [.setControl(control.id, control.value == 0 ? 1 : 0)]
    case .button:
      return [.triggerControl(control.id)]
    default:
      return []
    }
  }

  /// The modifier that makes the wheel step the slider under the pointer. Without it the wheel
  /// only scrolls the panel, so scrolling past a slider never changes the camera.
  static let wheelStepModifier = KeyModifiers.control

  /// Ctrl+wheel over an editable slider line steps its value instead of scrolling.
  private func wheelAction(_ row: SettingsRow, hit: Rect, input: OverlayInput) -> OverlayAction? {
    guard input.wheel.y != 0, input.heldModifiers.contains(Self.wheelStepModifier),
      let pointer = input.pointerInPixels,
      row.frame.intersection(layout.viewport).contains(pointer)
    else { return nil }
    let notches = Int(input.wheel.y.rounded(.awayFromZero))
    if case .microphoneGain = row.content { return microphoneGainStep(notches).first }
    if case .exposureCompensation = row.content {
      let control = exposureCompensationControl
      let value = control.clamped(control.value + Int64(notches))
      return value == control.value
        ? nil : .camera(.setExposureCompensation(thirds: Int(value)))
    }
    guard case .control(let control) = row.content, Self.isSlider(control) else { return nil }
    let value = SliderGeometry.value(afterWheel: notches, of: control)
    return value == control.value ? nil : .camera(.setControl(control.id, value))
  }

  /// The wheel elsewhere over the panel scrolls it, never past either end.
  private func scrollAction(input: OverlayInput) -> OverlayAction? {
    guard input.wheel.y != 0, let pointer = input.pointerInPixels, layout.panel.contains(pointer)
    else { return nil }
    let target = min(
      max(layout.offset - input.wheel.y * Self.scrollPerNotch, 0), layout.maximumOffset)
    let delta = target - state.camera.settingsOffset
    return delta == 0 ? nil : .camera(.scrollSettings(by: delta))
  }
}
