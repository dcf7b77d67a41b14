// SPDX-License-Identifier: MIT

import CameraModel
import Localization

extension SettingsPanel {
  /// The close button's widget name.
  static let closeID = ControlID("settings-close")

  /// The focus entry of the close button.
  var closeEntry: FocusEntry {
    FocusEntry(
      id: Self.closeID, role: .button, name: tr("Close settings"), rect: layout.closeButton,
      shape: .circle, group: layout.panel)
  }

  /// The focus entry of an interactive line: its role, its name as the line reads it, its
  /// state, and the line's whole rectangle (scrolled out of view or not), so Tab reaches every
  /// line and the panel scrolls to the focused one.
  func focusEntry(of row: SettingsRow) -> FocusEntry? {
    guard isInteractive(row) else { return nil }
    let (role, name, state) = focusDescription(of: row)
    let rect: Rect
    if case .reset = row.content { rect = resetPill(in: row.frame) } else { rect = row.frame }
    return FocusEntry(
      id: row.widgetID, role: role, name: name, state: state, rect: rect,
      shape: .rectangle(cornerRadius: 0), group: layout.panel)
  }

  private func focusDescription(of row: SettingsRow) -> (FocusRole, String, FocusState) {
    let raw = showsRawNames
    switch row.content {
    case .control(let control):
      let name = ControlNames.name(of: control, raw: raw)
      let value = Self.valueText(of: control, raw: raw)
      switch control.kind {
      case .boolean:
        return (.switchControl, name, FocusState(isChecked: control.value != 0))
      case .menu, .integerMenu:
        return (.comboBox, name, FocusState(value: value))
      case .button:
        return (.button, name, FocusState())
      default:
        let range = FocusRange(
          current: Double(control.value), minimum: Double(control.minimum),
          maximum: Double(control.maximum), step: Double(control.step))
        return (.slider, name, FocusState(value: value, range: range))
      }
    case .format: return (.comboBox, tr("Format"), FocusState(value: pickerValue(.format)))
    case .size: return (.comboBox, tr("Size"), FocusState(value: pickerValue(.size)))
    case .rate: return (.comboBox, tr("Frame rate"), FocusState(value: pickerValue(.rate)))
    case .microphone:
      return (.comboBox, Self.microphoneTitle, FocusState(value: pickerValue(.microphone)))
    case .reset: return (.button, Self.resetTitle, FocusState())
    case .codeDetection:
      return (
        .switchControl, Self.codeDetectionTitle,
        FocusState(isChecked: state.scan.detectsCodesInPhotoMode)
      )
    case .keepCameraOpen:
      return (
        .switchControl, Self.keepCameraOpenTitle,
        FocusState(isChecked: state.camera.keepsCameraOpen)
      )
    case .textSize:
      return (.comboBox, Self.textSizeTitle, FocusState(value: state.camera.textSize.title))
    case .photoQuality:
      return (
        .comboBox, Self.photoQualityTitle, FocusState(value: state.photo.photoQuality.settingsTitle)
      )
    case .exposureCompensation:
      return (
        .slider, exposureCompensationControl.name,
        FocusState(
          value: Self.evText(thirds: state.camera.exposureCompensationThirds),
          range: FocusRange(
            current: Double(state.camera.exposureCompensationThirds) / 3, minimum: -2,
            maximum: 2, step: 1.0 / 3))
      )
    case .grid: return (.switchControl, tr("Grid"), FocusState(isChecked: state.camera.showsGrid))
    case .aid(let aid):
      return (.switchControl, aid.title, FocusState(isChecked: aid.isOn(in: state.camera.aids)))
    case .zebraLevel:
      return (
        .comboBox, tr("Zebra level"), FocusState(value: "\(state.camera.aids.zebraPercent) %")
      )
    case .orientationLock:
      return (
        .switchControl, Self.orientationLockTitle,
        FocusState(isChecked: state.camera.isOrientationLocked)
      )
    case .videoQuality:
      return (
        .comboBox, Self.videoQualityTitle,
        FocusState(value: state.recording.videoQuality.settingsTitle)
      )
    case .videoSize:
      return (
        .comboBox, Self.videoSizeTitle,
        FocusState(value: state.recording.videoSizeLimit.settingsTitle)
      )
    case .microphoneGain:
      let range = MicrophoneGain.decibelRange
      let decibels = MicrophoneGain(decibels: state.recording.microphoneGainDecibels).decibels
      return (
        .slider, Self.microphoneGainTitle,
        FocusState(
          value: microphoneGainText,
          range: FocusRange(
            current: Double(decibels), minimum: Double(range.lowerBound),
            maximum: Double(range.upperBound), step: 1))
      )
    case .recordingCountdown:
      return (.comboBox, Self.recordingCountdownTitle, FocusState(value: recordingCountdownText))
    case .saveFolder(let kind):
      let folder = state.photo.saveFolders.map { $0.shown($0.folder(for: kind)) }
      return (.comboBox, Self.folderTitle(kind), FocusState(value: folder))
    case .heading(let title), .note(let title): return (.button, title, FocusState())
    }
  }

  /// The title of the entry in force in `target`'s list.
  private func pickerValue(_ target: SettingsPicker.Target) -> String? {
    let list = SettingsPickerList.entries(for: target, state: state)
    return list.current.flatMap { list.items.indices.contains($0) ? list.items[$0].title : nil }
  }

  /// The intents of `steps` arrow presses on a focused line: a slider moves by the wheel's
  /// stride, a choice goes to the neighbouring entry of its list (without opening it), a
  /// choice that only cycles cycles.
  func stepActions(_ row: SettingsRow, steps: Int) -> [OverlayAction] {
    guard steps != 0 else { return [] }
    switch row.content {
    case .control(let control) where Self.isSlider(control):
      let value = SliderGeometry.value(afterWheel: steps, of: control)
      return value == control.value ? [] : [.camera(.setControl(control.id, value))]
    case .control(let control) where control.kind == .menu || control.kind == .integerMenu:
      return neighbourChoice(.control(control.id), steps: steps)
    case .exposureCompensation:
      let control = exposureCompensationControl
      let value = control.clamped(control.value + Int64(steps))
      return value == control.value ? [] : [.camera(.setExposureCompensation(thirds: Int(value)))]
    case .format: return neighbourChoice(.format, steps: steps)
    case .size: return neighbourChoice(.size, steps: steps)
    case .rate: return neighbourChoice(.rate, steps: steps)
    case .microphone: return neighbourChoice(.microphone, steps: steps)
    case .photoQuality: return [.photo(.cyclePhotoQuality)]
    case .videoQuality: return [.recording(.cycleVideoQuality)]
    case .videoSize: return [.recording(.cycleVideoSize)]
    case .recordingCountdown: return [.recording(.cycleCountdown)]
    case .microphoneGain: return microphoneGainStep(steps)
    case .zebraLevel: return [.camera(.stepZebraLevel)]
    case .textSize: return [.camera(.cycleTextSize)]
    default: return []
    }
  }

  /// The entry `steps` away from the one in force in `target`'s list, kept inside the list.
  private func neighbourChoice(_ target: SettingsPicker.Target, steps: Int) -> [OverlayAction] {
    let list = SettingsPickerList.entries(for: target, state: state)
    guard let current = list.current, !list.items.isEmpty else { return [] }
    let index = min(max(current + steps, 0), list.items.count - 1)
    return index == current ? [] : [list.items[index].action]
  }

  /// Scrolls the panel so the focused line `row` shows whole; `nil` when it already does.
  func scrollAction(revealing row: SettingsRow) -> OverlayAction? {
    let viewport = layout.viewport
    // The frames are in drawable pixels, the offset in window points.
    let scale = max(painter.px(1), 1)
    let target: Double
    if row.frame.minY < viewport.minY {
      target = layout.offset - (viewport.minY - row.frame.minY) / scale
    } else if row.frame.maxY > viewport.maxY {
      target = layout.offset + (row.frame.maxY - viewport.maxY) / scale
    } else {
      return nil
    }
    let clamped = min(max(target, 0), layout.maximumOffset)
    let delta = clamped - state.camera.settingsOffset
    return delta == 0 ? nil : .camera(.scrollSettings(by: delta))
  }
}
