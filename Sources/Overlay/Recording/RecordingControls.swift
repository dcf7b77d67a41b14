// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// Where the video side's widgets sit: the Photo | Video switch just above the bottom bar,
/// centred over the shutter as camera apps place their mode labels (the bar beside the shutter
/// has no room in a small window); while recording, when the mode cannot change, a small photo
/// shutter takes the switch's place. The storage warning and the undo toast sit above it, so
/// the mode can always be changed; only a running countdown hides the switch. The record button
/// takes the shutter's square, and the recording indicator sits at the left just above the bar
/// (the notice pill has the top, the photo pills the middle).
struct RecordingLayout {
  /// Points above the bottom bar that the switch (or the taller small shutter, 34 points, 10
  /// above the bar) takes, with an 8-point gap: the photo pills start above this.
  static let clearance = 52.0

  /// The record button (the shutter's square).
  let recordButton: Rect
  /// The Photo | Video switch.
  let modeSwitch: Rect
  /// The small shutter for a photo while recording.
  let photoButton: Rect
  /// The pill with the red dot, elapsed time and size.
  let indicator: Rect
  /// The level meter and the microphone's mute toggle beside the record button.
  let sound: SoundMeter

  /// Lays out the video side; each mode segment is `segmentWidth` pixels wide.
  init(photo: PhotoLayout, theme: OverlayTheme, indicatorWidth: Double, segmentWidth: Double) {
    let base = photo.base
    recordButton = photo.shutter
    let height = base.px(28)
    let width = segmentWidth * Double(ModeSegment.allCases.count)
    let centerX = photo.shutter.center.x
    let bottom = base.bottomBar.minY - base.px(10)
    modeSwitch = Rect(
      x: (centerX - width / 2).rounded(), y: bottom - height, width: width, height: height)
    let small = base.px(34)
    photoButton = Rect(
      x: (centerX - small / 2).rounded(), y: bottom - small, width: small, height: small)
    let pillHeight = base.px(theme.pillHeight)
    indicator = Rect(
      x: base.px(theme.padding), y: bottom - pillHeight, width: indicatorWidth,
      height: pillHeight)
    sound = SoundMeter(
      recordButton: recordButton, limitX: photo.timerButton.minX, theme: theme, px: base.px)
  }

  /// The switch's segment for `mode`.
  func segment(_ mode: ModeSegment) -> Rect {
    let modes = ModeSegment.allCases
    let width = modeSwitch.width / Double(modes.count)
    let index = Double(modes.firstIndex(of: mode) ?? 0)
    return Rect(
      x: modeSwitch.minX + index * width, y: modeSwitch.minY, width: width,
      height: modeSwitch.height)
  }
}

/// Interaction results of the video side for one frame.
struct RecordingUIResponses {
  var record = ControlResponse()
  var photo = ControlResponse()
  var segments: [ModeSegment: ControlResponse] = [:]
  var microphoneMute = ControlResponse()
}

extension Overlay {
  private static let recordID = ControlID("record")
  private static let recordPhotoID = ControlID("record-photo")
  private static let microphoneMuteID = ControlID("record-microphone-mute")
  private static let indicatorTextSize = 14.0
  /// The mode switch's labels, in points.
  private static let modeTextSize = 13.0

  /// True while a countdown runs (the self-timer's or the one before a recording): in a small
  /// window its badge reaches the switch, and the mode stays put meanwhile. (The banner and the
  /// undo toast sit above the switch.)
  static func hidesModeSwitch(_ state: OverlayState) -> Bool {
    state.photo.countdownRemaining != nil || state.recording.countdownRemaining != nil
  }

  /// True while the switch (or, recording, the small shutter) is not shown: during a
  /// countdown, and while the settings panel is open over its place (a small window, large
  /// text or a large scale), so the two never overlap.
  func hidesModeSwitch(state: OverlayState, layout: OverlayLayout, rects: RecordingLayout)
    -> Bool
  {
    if Self.hidesModeSwitch(state) { return true }
    guard state.camera.isSettingsOpen else { return false }
    let panel = SettingsLayout(state: state, layout: layout).panel
    return !panel.intersection(rects.modeSwitch).isEmpty
      || !panel.intersection(rects.photoButton).isEmpty
  }

  func recordingLayout(_ layout: OverlayLayout, state: OverlayState) -> RecordingLayout {
    let photo = PhotoLayout(
      base: layout, theme: theme,
      timerSeconds: state.photo.timerSeconds)
    let textWidth = text.size(
      of: state.recording.indicatorText, pointSize: layout.px(Self.indicatorTextSize)
    ).width
    // Each segment holds the widest label with room either side, at least 64 points.
    let widest =
      ModeSegment.allCases.map { segment in
        text.size(of: segment.label, pointSize: layout.px(Self.modeTextSize)).width
      }.max() ?? 0
    return RecordingLayout(
      photo: photo, theme: theme, indicatorWidth: textWidth + layout.px(44),
      segmentWidth: max(layout.px(64), (widest + layout.px(20)).rounded()))
  }

  /// Updates the switch, the record button and the small shutter; appends their intents.
  /// Nothing reacts while the photo viewer covers the window.
  func updateRecordingUI(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> RecordingUIResponses {
    var responses = RecordingUIResponses()
    guard state.photo.viewer == nil else { return responses }
    let recording = state.recording
    let rects = recordingLayout(layout, state: state)
    let hidesSwitch = hidesModeSwitch(state: state, layout: layout, rects: rects)
    if recording.isRecording, !hidesSwitch {
      responses.photo = tracker.update(
        Self.recordPhotoID, rect: rects.photoButton,
        focus: FocusEntry(
          id: Self.recordPhotoID, role: .button, name: "", rect: rects.photoButton,
          shape: .circle))
      if responses.photo.isClicked, state.photo.canShoot, !state.photo.isWriterBusy {
        actions.append(.photo(.shutter))
      }
    } else if !hidesSwitch {
      let current = ModeSegment.current(in: state)
      for segment in ModeSegment.allCases {
        let id = ControlID("mode-\(segment)")
        let entry = FocusEntry(
          id: id, role: .radioButton, name: segment.label,
          state: FocusState(isSelected: segment == current), rect: rects.segment(segment),
          group: rects.modeSwitch)
        let response = tracker.update(id, rect: rects.segment(segment), focus: entry)
        responses.segments[segment] = response
        if response.isClicked { actions += segment.intents(from: state) }
      }
    }
    if recording.mode == .video, state.scan.mode != .scan {
      responses.record = tracker.update(
        Self.recordID, rect: rects.recordButton,
        focus: FocusEntry(
          id: Self.recordID, role: .toggleButton, name: "",
          state: FocusState(isChecked: recording.isRecording), rect: rects.recordButton,
          shape: .circle))
      if responses.record.isClicked { actions.append(.recording(Self.recordIntent(recording))) }
      if !rects.sound.muteButton.isEmpty {
        responses.microphoneMute = tracker.update(
          Self.microphoneMuteID, rect: rects.sound.muteButton,
          focus: FocusEntry(
            id: Self.microphoneMuteID, role: .toggleButton, name: "",
            state: FocusState(isChecked: !recording.isMicrophoneMuted),
            rect: rects.sound.muteButton, shape: .circle))
        if responses.microphoneMute.isClicked {
          actions.append(.recording(.toggleMicrophoneMute))
        }
      }
    }
    return responses
  }

  /// Start or stop when the button may act now, else why it may not; while the countdown
  /// before a recording runs, the button stops it.
  private static func recordIntent(_ recording: RecordingOverlayState) -> RecordingAction {
    if recording.countdownRemaining != nil { return .cancelCountdown }
    guard !recording.isBusy else { return .refused(.busy) }
    if recording.isRecording { return .stop }
    return recording.canRecord ? .start : .refused(.noPicture)
  }

  /// Keys of the video side: in video mode Space and Return start and stop. Nil when the key
  /// is not the video side's.
  func recordingKeyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction]? {
    let recording = state.recording
    guard state.photo.viewer == nil, press.modifiers.isEmpty else { return nil }
    switch press.key {
    case .space, .enter:
      guard recording.mode == .video, state.scan.mode != .scan else { return nil }
      // A held key's auto-repeat must not stop the recording it just started.
      guard !press.isRepeat else { return [] }
      return [.recording(Self.recordIntent(recording))]
    default:
      return nil
    }
  }

  /// The mode keys, one per segment of the mode switch: P photo, V video, Q scan, each going
  /// straight to its mode; the key of the current mode does nothing, except Q in scan mode,
  /// which returns to the mode scanning started from (Q toggles scanning, as it always has).
  /// Not while recording or over the viewer (the switch is hidden then): the keys are claimed
  /// and do nothing. Nil for other keys.
  func modeKeyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction]? {
    guard press.modifiers.isDisjoint(with: [.control, .alt, .logo]) else { return nil }
    let segment: ModeSegment
    switch press.key {
    case .p: segment = .photo
    case .v: segment = .video
    case .q: segment = .scan
    default: return nil
    }
    guard !state.photo.isViewerOpen else { return nil }
    let recording = state.recording
    if recording.isRecording || recording.isBusy {
      // The current mode's own key does nothing anyway; another mode's says why it waits.
      let isCurrent = segment == ModeSegment.current(in: state)
      return isCurrent ? [] : [.recording(.refused(.modeLockedWhileRecording))]
    }
    // Another mode stops the countdown before a recording, so it never records from there.
    let isCurrent = segment == ModeSegment.current(in: state)
    let stop: [OverlayAction] =
      recording.countdownRemaining != nil && !isCurrent ? [.recording(.cancelCountdown)] : []
    if segment == .scan, state.scan.mode == .scan { return stop + [.scan(.toggleMode)] }
    return stop + segment.intents(from: state)
  }

  /// Draws the switch, the record button, the small shutter and the indicator.
  func drawRecordingUI(
    _ responses: RecordingUIResponses, into commands: inout [DrawCommand],
    layout: OverlayLayout, state: OverlayState, time: Double
  ) {
    guard state.photo.viewer == nil else { return }
    let recording = state.recording
    let rects = recordingLayout(layout, state: state)
    var painter = PhotoPainter(text: text, scale: layout.scale)
    let hidesSwitch = hidesModeSwitch(state: state, layout: layout, rects: rects)
    if recording.isRecording {
      if !hidesSwitch {
        drawSmallShutter(rects.photoButton, responses.photo, state: state, into: &painter)
      }
      drawIndicator(rects.indicator, recording: recording, time: time, into: &painter)
    } else if !hidesSwitch {
      drawModeSwitch(rects, responses, current: ModeSegment.current(in: state), into: &painter)
    }
    if recording.mode == .video, state.scan.mode != .scan {
      drawRecordButton(rects.recordButton, responses.record, recording, time, into: &painter)
      if let level = recording.soundLevel {
        rects.sound.drawMeter(level, theme: theme, into: &painter)
      }
      rects.sound.drawMuteButton(
        isMuted: recording.isMicrophoneMuted, response: responses.microphoneMute, theme: theme,
        into: &painter)
    }
    commands += painter.commands
  }

  private func drawModeSwitch(
    _ rects: RecordingLayout, _ responses: RecordingUIResponses, current: ModeSegment,
    into painter: inout PhotoPainter
  ) {
    let radius = rects.modeSwitch.height / 2
    painter.fill(rects.modeSwitch, theme.pillColor, radius: radius)
    let size = painter.px(Self.modeTextSize)
    for candidate in ModeSegment.allCases {
      let segment = rects.segment(candidate)
      let isCurrent = candidate == current
      if isCurrent {
        painter.fill(
          segment.insetBy(dx: painter.px(3), dy: painter.px(3)), Color.white,
          radius: radius - painter.px(3))
      } else if responses.segments[candidate]?.isHovered == true {
        painter.fill(
          segment.insetBy(dx: painter.px(3), dy: painter.px(3)), theme.hoverColor, radius: radius)
      }
      let color =
        isCurrent ? Color.black : (candidate == .video ? OverlayTheme.recordColor : .white)
      painter.text(candidate.label, centeredAt: segment.center, size: size, color)
    }
  }

  private func drawRecordButton(
    _ rect: Rect, _ response: ControlResponse, _ recording: RecordingOverlayState, _ time: Double,
    into painter: inout PhotoPainter
  ) {
    let center = rect.center
    let radius = rect.width / 2
    let ringWidth = painter.px(theme.shutterRingWidth)
    let isEnabled = recording.isRecording || (recording.canRecord && !recording.isBusy)
    painter.ring(
      center, radius: radius, width: ringWidth, Color.white.withOpacity(isEnabled ? 1 : 0.4))
    var red = OverlayTheme.recordColor
    if response.isPressed { red = OverlayTheme.recordPressedColor }
    if !isEnabled { red = red.withOpacity(0.45) }
    if recording.isRecording {
      // Stop: a rounded square, as camera apps draw it.
      let side = (radius - ringWidth) * 0.9
      let square = Rect(
        x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
      painter.fill(square, red, radius: painter.px(6))
    } else {
      var disc = radius - ringWidth - painter.px(theme.shutterGap)
      if response.isPressed { disc -= painter.px(theme.shutterPressInset) }
      painter.disc(
        center, radius: disc, response.isHovered && isEnabled ? red.withOpacity(0.85) : red)
    }
    if recording.isBusy {
      painter.spinner(
        center, radius: radius, dotRadius: ringWidth / 2, dots: 48, tail: 16, time: time, .white)
    }
  }

  private func drawSmallShutter(
    _ rect: Rect, _ response: ControlResponse, state: OverlayState,
    into painter: inout PhotoPainter
  ) {
    let isReady = state.photo.canShoot && !state.photo.isWriterBusy
    let opacity = isReady ? 1.0 : 0.4
    painter.ring(
      rect.center, radius: rect.width / 2, width: painter.px(3), Color.white.withOpacity(opacity))
    let inset = response.isPressed ? painter.px(9) : painter.px(7)
    painter.disc(rect.center, radius: rect.width / 2 - inset, Color.white.withOpacity(opacity))
  }

  private func drawIndicator(
    _ rect: Rect, recording: RecordingOverlayState, time: Double, into painter: inout PhotoPainter
  ) {
    painter.fill(rect, theme.pillColor, radius: rect.height / 2)
    // The dot breathes once a second, between full and a third of its strength.
    let pulse = 0.67 + 0.33 * cos(2 * Double.pi * time)
    let dot = Point(x: rect.minX + painter.px(18), y: rect.center.y)
    painter.disc(dot, radius: painter.px(6), OverlayTheme.recordColor.withOpacity(pulse))
    painter.text(
      recording.indicatorText, leading: rect.minX + painter.px(32), centerY: rect.center.y,
      size: painter.px(Self.indicatorTextSize), theme.textColor)
  }
}
