// SPDX-License-Identifier: MIT

import CameraModel

/// One line of the settings panel and where it sits this frame.
struct SettingsRow {
  /// What the line shows.
  enum Content: Hashable {
    /// A section heading ("Mode", "User", "Camera", "Flash", "Other", "Photo").
    case heading(String)
    /// One camera control; its kind decides the widget.
    case control(CameraControl)
    /// A remark about the controls, up to two lines of small text ("This camera offers no
    /// controls through PipeWire.").
    case note(String)
    /// The pixel format selector of the mode section.
    case format
    /// The frame size selector of the mode section.
    case size
    /// The frame rate selector of the mode section.
    case rate
    /// The "Reset to defaults" button.
    case reset
    /// The "Detect codes in photo mode" switch of the photo section.
    case codeDetection
    /// The photo section's "Photo quality" choice: Speed, Balanced or Quality.
    case photoQuality
    /// The exposure compensation slider, −2…+2 EV in thirds.
    case exposureCompensation
    /// The rule-of-thirds grid switch.
    case grid
    /// The orientation lock's switch, when the machine has an orientation sensor.
    case orientationLock
    /// A viewfinder aid's switch.
    case aid(ViewfinderAid)
    /// The zebras' level; a click steps it.
    case zebraLevel
    /// The microphone picker of the video section (`SettingsPanel+Microphone.swift`).
    case microphone
    /// The "Keep the camera on when hidden" switch of the privacy section.
    case keepCameraOpen
    /// How large the overlay's text is: a click steps it.
    case textSize
    /// How much recordings are compressed: a click steps it.
    case videoQuality
    /// The microphone's gain, −12…+24 dB: a slider (`SettingsPanel+Video.swift`).
    case microphoneGain
    /// The countdown before a recording starts (off, 3 s, 10 s): a click steps it.
    case recordingCountdown
    /// The most lines a recording keeps: a click steps it.
    case videoSize
    /// Where captures of a kind are saved, with the list of folders.
    case saveFolder(MediaFolderKind)
  }

  /// What the line shows.
  var content: Content
  /// The line's rectangle in drawable pixels, already moved by the scroll offset.
  var frame: Rect

  /// The line's height in points: sliders need a second line for the track.
  static func height(of content: Content) -> Double {
    switch content {
    case .heading: 28
    case .control(let control) where control.kind == .integer || control.kind == .integer64:
      50
    case .reset: 52
    case .note: 44
    case .exposureCompensation: 62
    case .microphoneGain: 50
    default: 38
    }
  }

  /// The widget name the pointer tracker knows this line's control by.
  var widgetID: ControlID {
    switch content {
    case .heading(let title): ControlID("settings-heading-\(title)")
    case .control(let control): ControlID("settings-control-\(control.id)")
    case .note: ControlID("settings-note")
    case .format: ControlID("settings-mode-format")
    case .size: ControlID("settings-mode-size")
    case .rate: ControlID("settings-mode-rate")
    case .reset: ControlID("settings-reset")
    case .codeDetection: ControlID("settings-code-detection")
    case .photoQuality: ControlID("settings-photo-quality")
    case .exposureCompensation: ControlID("settings-exposure-compensation")
    case .grid: ControlID("settings-grid")
    case .orientationLock: ControlID("settings-orientation-lock")
    case .aid(let aid): ControlID("settings-aid-\(aid)")
    case .zebraLevel: ControlID("settings-zebra-level")
    case .microphone: ControlID("settings-microphone")
    case .keepCameraOpen: ControlID("settings-keep-camera-open")
    case .textSize: ControlID("settings-text-size")
    case .videoQuality: ControlID("settings-video-quality")
    case .microphoneGain: ControlID("settings-microphone-gain")
    case .recordingCountdown: ControlID("settings-recording-countdown")
    case .videoSize: ControlID("settings-video-size")
    case .saveFolder(let kind): ControlID("settings-save-folder-\(kind)")
    }
  }
}
