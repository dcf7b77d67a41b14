// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// A hover label naming an icon button's action and its shortcut ("Flash: off (F)"), shown
/// once the pointer has rested on the button for `Tooltip.delay` seconds, placed below a
/// button in the top half of the window and above one in the bottom half, and kept whole
/// inside the window.
struct Tooltip: Hashable {
  /// The button the label belongs to.
  var id: ControlID
  /// The button's rectangle, in drawable pixels.
  var target: Rect
  /// What the label says.
  var text: String

  /// Seconds the pointer must rest on a button before its label shows.
  static let delay = 0.6
  /// Label text size, in points.
  static let textSize = 12.0

  /// The label's rectangle for text `size` (already measured) in `bounds`, `scale` pixels per
  /// point.
  func frame(textSize size: Size, bounds: Rect, scale: Double) -> Rect {
    let margin = (4 * scale).rounded()
    let gap = (6 * scale).rounded()
    let width = min((size.width + 16 * scale).rounded(), max(bounds.width - 2 * margin, 0))
    let height = (size.height + 8 * scale).rounded()
    let below = target.center.y < bounds.center.y
    var y = below ? target.maxY + gap : target.minY - gap - height
    var x = (target.center.x - width / 2).rounded()
    x = min(max(x, bounds.minX + margin), bounds.maxX - margin - width)
    y = min(max(y, bounds.minY + margin), bounds.maxY - margin - height)
    return Rect(x: x, y: y, width: width, height: height)
  }
}

/// Which button the pointer rests on and since when; the only hover memory the overlay keeps
/// between frames. Main thread only (it lives in `Overlay`).
struct TooltipHover {
  private var id: ControlID?
  private var since = 0.0
  /// Set by a click on the button: its label stays hidden until the pointer leaves it.
  private var isDismissed = false

  /// Follows the pointer to `tip` (the button under it, `nil` for none) at `time`; returns
  /// the tooltip to show this frame, if its delay has passed. A press hides the label.
  mutating func update(_ tip: Tooltip?, time: Double, isPressing: Bool) -> Tooltip? {
    guard let tip else {
      id = nil
      isDismissed = false
      return nil
    }
    if tip.id != id {
      id = tip.id
      since = time
      isDismissed = false
    }
    if isPressing { isDismissed = true }
    guard !isDismissed, time - since >= Tooltip.delay else { return nil }
    return tip
  }
}

extension Overlay {
  /// The tooltip of the icon button under the pointer, topmost first; `nil` when the pointer
  /// is elsewhere or a widget holds it.
  func tooltipUnderPointer(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout
  ) -> Tooltip? {
    guard let pointer = input.pointerInPixels, tracker.activeID == nil || !input.clicks.isEmpty
    else { return nil }
    return tooltips(state: state, layout: layout).first { $0.target.contains(pointer) }
  }

  /// Every icon button shown this frame with its label, topmost first.
  func tooltips(state: OverlayState, layout: OverlayLayout) -> [Tooltip] {
    let photoLayout = PhotoLayout(
      base: layout, theme: theme,
      timerSeconds: state.photo.timerSeconds)
    if let viewer = state.photo.viewer {
      let painter = PhotoPainter(text: text, scale: layout.scale)
      let screen = ViewerScreen(
        viewer: viewer, layout: photoLayout, painter: painter, theme: theme)
      return Self.viewerTooltips(screen, viewer: viewer)
    }
    // An open camera list covers the buttons beneath it; its lines have their own labels.
    if state.camera.isCameraMenuOpen { return [] }
    var tips = cameraTooltips(state: state, layout: layout)
    tips += recordingTooltips(state: state, layout: layout)
    tips += Self.bottomBarTooltips(state: state, layout: photoLayout)
    return tips
  }

  /// The mode switch's segments (or, while recording, the small shutter in their place), the
  /// record button and the microphone's mute toggle.
  private func recordingTooltips(state: OverlayState, layout: OverlayLayout) -> [Tooltip] {
    let rects = recordingLayout(layout, state: state)
    let recording = state.recording
    var tips: [Tooltip] = []
    if !hidesModeSwitch(state: state, layout: layout, rects: rects) {
      if recording.isRecording {
        tips.append(
          Tooltip(
            id: ControlID("record-photo"), target: rects.photoButton,
            text: tr("Take a photo while recording")))
      } else {
        tips += ModeSegment.allCases.map { segment in
          let text =
            switch segment {
            case .photo: tr("Photo mode (P)")
            case .video: tr("Video mode (V)")
            case .scan: tr("Scan codes (Q)")
            }
          return Tooltip(
            id: ControlID("mode-\(segment)"), target: rects.segment(segment), text: text)
        }
      }
    }
    guard recording.mode == .video, state.scan.mode != .scan else { return tips }
    tips.append(
      Tooltip(
        id: ControlID("record"), target: rects.recordButton,
        text: recording.isRecording ? tr("Stop recording (Space)") : tr("Start recording (Space)")))
    if !rects.sound.muteButton.isEmpty {
      tips.append(
        Tooltip(
          id: ControlID("record-microphone-mute"), target: rects.sound.muteButton,
          text: recording.microphoneLabel))
    }
    return tips
  }

  private func cameraTooltips(state: OverlayState, layout: OverlayLayout) -> [Tooltip] {
    let bar = CameraTopBar(
      state: state, layout: layout, painter: CameraPainter(text: text, scale: layout.scale))
    return bar.buttons.map { button, rect in
      Tooltip(
        id: ControlID("camera-button-\(button)"), target: rect,
        text: Self.label(of: button, camera: state.camera))
    }
  }

  /// The label of a top-bar button, with its state where it has one.
  static func label(of button: CameraTopBar.Button, camera: CameraOverlayState) -> String {
    switch button {
    case .settings:
      return camera.isSettingsOpen ? tr("Close settings (S)") : tr("Camera settings (S)")
    case .camera: return tr("Switch camera (C)")
    case .torch:
      let name = camera.torch?.kind == .screen ? tr("Ring light") : tr("Torch")
      let isOn = camera.torch?.isOn ?? false
      // The level the wheel sets, read live while the pointer rests on the button.
      let level = Int((min(max(camera.torchStrength, 0), 1) * 100).rounded())
      return isOn
        ? tr("%1$s: on, %2$d %% (L) — wheel to dim", name, level)
        : tr("%1$s: off, %2$d %% (L) — wheel to dim", name, level)
    case .flash:
      switch camera.flashMode?.mode ?? .off {
      case .off: return tr("Flash: off (F)")
      case .on: return tr("Flash: on (F)")
      case .auto: return tr("Flash: auto (F)")
      }
    }
  }

  private static func bottomBarTooltips(state: OverlayState, layout: PhotoLayout) -> [Tooltip] {
    let photo = state.photo
    var tips: [Tooltip] = []
    if state.recording.mode == .photo, state.scan.mode != .scan, photo.canShoot {
      tips.append(
        Tooltip(
          id: ControlID("photo-shutter"), target: layout.shutter,
          text: tr("Take a photo (Space) — hold for a burst")))
    }
    let timer =
      photo.timerSeconds > 0
      ? tr("Self-timer: %1$d s (T)", photo.timerSeconds) : tr("Self-timer: off (T)")
    if state.scan.mode != .scan {
      tips.append(
        Tooltip(
          id: ControlID("photo-timer"), target: layout.timerButton,
          text: timer))
    }
    tips += [
      Tooltip(
        id: ControlID("photo-library"), target: layout.libraryButton,
        text: tr("Library: every photo and video (E)")),
      Tooltip(
        id: ControlID("photo-mute"), target: layout.muteButton,
        text: photo.isMuted ? tr("Shutter sound: off") : tr("Shutter sound: on")),
      Tooltip(
        id: ControlID("fullscreen"), target: layout.base.fullscreenButton,
        text: state.isFullscreen ? tr("Leave full screen (F11)") : tr("Full screen (F11)")),
    ]
    return tips
  }

  private static func viewerTooltips(_ screen: ViewerScreen, viewer: ViewerState) -> [Tooltip] {
    let isVideo = viewer.playback != nil
    let entries: [(String, Rect?, String)] = [
      ("viewer-close", screen.closeButton, tr("Back to the camera (Esc)")),
      ("viewer-open-with", screen.openButton, tr("Open in another application")),
      ("viewer-trash", screen.trashButton, tr("Move to Trash (Delete)")),
      ("viewer-previous", screen.previousButton, isVideo ? tr("Previous") : tr("Previous (←)")),
      ("viewer-next", screen.nextButton, isVideo ? tr("Next") : tr("Next (→)")),
      ("viewer-play", screen.playButton, tr("Play or pause (Space)")),
    ]
    return entries.compactMap { id, rect, label in
      rect.map { Tooltip(id: ControlID(id), target: $0, text: label) }
    }
  }

  /// Draws `tip` as a dark rounded label with light text.
  func drawTooltip(_ tip: Tooltip, into commands: inout [DrawCommand], layout: OverlayLayout) {
    let size = layout.px(Tooltip.textSize)
    let measured = text.size(of: tip.text, pointSize: size)
    let frame = tip.frame(textSize: measured, bounds: layout.bounds, scale: layout.scale)
    let line = text.truncated(tip.text, pointSize: size, width: frame.width - layout.px(16))
    commands.append(
      .fillRect(
        frame, color: OverlayTheme.tooltipColor,
        cornerRadius: layout.px(6)))
    appendCenteredText(
      line, into: &commands, center: frame.center, size: size, color: theme.textColor)
  }
}
