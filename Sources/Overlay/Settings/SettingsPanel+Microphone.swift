// SPDX-License-Identifier: MIT
import Localization

extension SettingsLayout {
  /// The video section: a heading and the microphone picker, once the app has listed the
  /// capture devices, even when "Default" is the only input (the line then says so, and which
  /// input a recording will use is never a guess).
  /// The microphone's gain and the countdown before recording follow it.
  static func videoContents(of recording: RecordingOverlayState) -> [SettingsRow.Content] {
    [.heading(tr("Video"))] + (recording.microphones == nil ? [] : [.microphone])
      + [.microphoneGain, .recordingCountdown, .videoQuality, .videoSize]
  }
}

extension SettingsPanel {
  /// The line's label.
  static let microphoneTitle = tr("Microphone")

  /// The picker's choices from the state.
  var microphoneChoices: MicrophoneChoices {
    MicrophoneChoices(
      devices: state.recording.microphones ?? [], selected: state.recording.microphone)
  }

  /// A click opens the list of inputs, as the other selectors do. The choice applies to the
  /// next recording, so it can be changed while one runs.
  func microphoneActions(_ response: ControlResponse) -> [OverlayAction] {
    response.isClicked ? openPicker(.microphone) : []
  }

  /// tr("Microphone") and a selector with the chosen input.
  func drawMicrophoneRow(
    _ row: SettingsRow, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    let size = painter.px(Self.labelSize)
    painter.appendText(
      Self.microphoneTitle, into: &commands, leading: row.frame.minX,
      centerY: row.frame.center.y, size: size, color: CameraPainter.textColor)
    let choices = microphoneChoices
    // An absent device keeps its mark when its name is too long for the pill.
    let (title, suffix) =
      choices.isSelectedAbsent
      ? (choices.selected ?? "", MicrophoneChoices.absentSuffix) : (choices.label, "")
    drawSelector(
      title, suffix: suffix, frame: row.frame, response: response, opacity: 1, into: &commands)
  }
}
