// SPDX-License-Identifier: MIT

extension SettingsLayout {
  /// The video section: a heading and the microphone picker, once the app has listed the
  /// capture devices and there is something to pick: a device found by name, or a chosen one
  /// that is not plugged in now (shown absent, so the way back to the default input stays).
  /// With neither, "Default" is the only choice and the line would offer nothing.
  static func videoContents(of recording: RecordingOverlayState) -> [SettingsRow.Content] {
    guard let microphones = recording.microphones else { return [] }
    let choices = MicrophoneChoices(devices: microphones, selected: recording.microphone)
    guard choices.entries.count > 1 else { return [] }
    return [.heading("Video"), .microphone]
  }
}

extension SettingsPanel {
  /// The line's label.
  static let microphoneTitle = "Microphone"

  /// The picker's choices from the state.
  var microphoneChoices: MicrophoneChoices {
    MicrophoneChoices(
      devices: state.recording.microphones ?? [], selected: state.recording.microphone)
  }

  /// A click moves to the next input. The choice applies to the next recording, so it can be
  /// changed while one runs.
  func microphoneActions(_ response: ControlResponse) -> [OverlayAction] {
    guard response.isClicked, let next = microphoneChoices.next else { return [] }
    return [.recording(.selectMicrophone(next))]
  }

  /// "Microphone" and a selector with the chosen input.
  func drawMicrophoneRow(
    _ row: SettingsRow, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    let size = painter.px(Self.labelSize)
    painter.appendText(
      Self.microphoneTitle, into: &commands, leading: row.frame.minX,
      centerY: row.frame.center.y, size: size, color: CameraPainter.textColor)
    let choices = microphoneChoices
    let opacity = choices.entries.count > 1 ? 1 : CameraPainter.disabledOpacity
    // An absent device keeps its mark when its name is too long for the pill.
    let (title, suffix) =
      choices.isSelectedAbsent
      ? (choices.selected ?? "", MicrophoneChoices.absentSuffix) : (choices.label, "")
    drawSelector(
      title, suffix: suffix, frame: row.frame, response: response, opacity: opacity,
      into: &commands)
  }
}
