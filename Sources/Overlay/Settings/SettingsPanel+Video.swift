// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// The video section's microphone gain slider and recording countdown line.
extension SettingsPanel {
  /// The gain line's label.
  static let microphoneGainTitle = tr("Microphone gain")
  /// The countdown line's label.
  static let recordingCountdownTitle = tr("Countdown before recording")

  /// The microphone gain as a slider control: −12…+24 dB in steps of 1 dB.
  var microphoneGainControl: CameraControl {
    let range = MicrophoneGain.decibelRange
    let value = MicrophoneGain(decibels: state.recording.microphoneGainDecibels).decibels
    return CameraControl(
      id: CameraModel.ControlID(rawValue: 0), name: Self.microphoneGainTitle, kind: .integer,
      minimum: Int64(range.lowerBound), maximum: Int64(range.upperBound), step: 1,
      defaultValue: 0, value: Int64(value), flags: .slider)
  }

  /// "+12 dB".
  var microphoneGainText: String {
    MicrophoneGain(decibels: state.recording.microphoneGainDecibels).label
  }

  /// "Off", "3 s", "10 s".
  var recordingCountdownText: String {
    let seconds = state.recording.countdownSeconds
    return seconds > 0 ? tr("%1$d s", seconds) : tr("Off")
  }

  /// Dragging sets the gain under the pointer; a release sets the gain where it happened.
  func microphoneGainActions(
    _ row: SettingsRow, response: ControlResponse, input: OverlayInput
  ) -> [OverlayAction] {
    let control = microphoneGainControl
    guard response.isPressed || response.isClicked,
      let x = input.pointerInPixels?.x ?? response.clickPosition?.x
    else { return [] }
    let value = sliderGeometry(of: row).value(atX: x, of: control)
    return value == control.value
      ? [] : [.recording(.setMicrophoneGain(decibels: Int(value)))]
  }

  /// The gain `steps` decibels on (arrow keys, Ctrl+wheel), kept in range.
  func microphoneGainStep(_ steps: Int) -> [OverlayAction] {
    let control = microphoneGainControl
    let value = control.clamped(control.value + Int64(steps))
    return value == control.value ? [] : [.recording(.setMicrophoneGain(decibels: Int(value)))]
  }

  /// "Microphone gain" and its value in decibels over the slider.
  func drawMicrophoneGain(
    row: SettingsRow, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    let frame = row.frame
    let size = painter.px(Self.labelSize)
    let labelY = frame.minY + painter.px(14)
    let valueText = microphoneGainText
    let valueWidth = painter.text.size(of: valueText, pointSize: size).width
    painter.appendText(
      painter.text.truncated(
        Self.microphoneGainTitle, pointSize: size,
        width: max(frame.width - valueWidth - painter.px(12), 0)),
      into: &commands, leading: frame.minX, centerY: labelY, size: size,
      color: CameraPainter.textColor)
    painter.appendTrailingText(
      valueText, into: &commands, trailing: frame.maxX, centerY: labelY, size: size,
      color: OverlayTheme.labelColor)
    drawSlider(
      microphoneGainControl, geometry: sliderGeometry(of: row), response: response,
      into: &commands)
  }
}
