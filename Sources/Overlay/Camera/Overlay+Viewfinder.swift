// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// Follows a drag on the picture for panning the digital zoom: how far the pointer moved since
/// the previous frame, and whether the press travelled far enough to be a drag rather than a
/// tap (its release must then not focus). Main thread only (it lives in `Overlay`).
struct ZoomDrag: Sendable {
  /// Travel, in points, below which a press is still a tap.
  static let threshold = 4.0

  private var last: Point?
  private var travelled = 0.0
  /// True when this frame's click ended a drag.
  private(set) var swallowsClick = false
  private var hasPassedThreshold = false

  /// Follows the picture widget's `response` with the pointer at `pointer` (drawable pixels,
  /// `scale` per point); returns the move since the last frame once the press is a drag.
  mutating func update(_ response: ControlResponse, pointer: Point?, scale: Double) -> Point? {
    guard response.isPressed, let pointer else {
      swallowsClick = hasPassedThreshold && response.isClicked
      last = nil
      travelled = 0
      hasPassedThreshold = false
      return nil
    }
    swallowsClick = false
    defer { last = pointer }
    guard let last else { return nil }
    let move = Point(x: pointer.x - last.x, y: pointer.y - last.y)
    travelled += (move.x * move.x + move.y * move.y).squareRoot()
    if travelled > Self.threshold * scale { hasPassedThreshold = true }
    return hasPassedThreshold && (move.x != 0 || move.y != 0) ? move : nil
  }
}

extension Overlay {
  /// The picture's own gestures for the digital zoom: the wheel over the picture zooms toward
  /// the pointer, a drag pans while zoomed, a double click while zoomed goes back to the whole
  /// picture (and back to automatic focus and exposure). Returns the intents and whether the
  /// picture's click is taken (not a focus tap).
  func viewfinderActions(
    _ video: ControlResponse, input: OverlayInput, state: OverlayState, layout: OverlayLayout
  ) -> (actions: [OverlayAction], takesClick: Bool) {
    guard let videoRect = state.videoRect, !state.photo.isViewerOpen else {
      zoomDrag = ZoomDrag()
      return ([], false)
    }
    var actions: [OverlayAction] = []
    let isZoomed = state.camera.zoomFactor > 1
    if let move = zoomDrag.update(video, pointer: input.pointerInPixels, scale: layout.scale) {
      // A drag is never a long press.
      focusLongPress = FocusLongPress()
      if isZoomed, videoRect.width > 0, videoRect.height > 0 {
        actions.append(
          .camera(.panZoom(dx: move.x / videoRect.width, dy: move.y / videoRect.height)))
      }
    }
    if input.wheel.y != 0, let pointer = input.pointerInPixels,
      videoRect.intersection(layout.content).contains(pointer),
      !isOverSettings(pointer, state: state, layout: layout)
    {
      let steps = Int(input.wheel.y.rounded(.awayFromZero))
      let toward = VideoGeometry.normalizedPosition(of: pointer, in: videoRect)
      actions.append(.camera(.zoom(steps: steps, toward: toward)))
    }
    var takesClick = zoomDrag.swallowsClick
    if isZoomed, video.clickCount >= 2 {
      // The double click's first click focused there: undo it, as a double click that goes
      // full screen does, so no lock is left behind.
      actions.append(.camera(.resetZoom))
      actions += Self.undoingFirstClickFocus(state: state)
      takesClick = true
    }
    return (actions, takesClick)
  }

  /// What undoes the focus lock a double click's first click set: automatic focus and exposure
  /// again, when that click could focus (a camera that focuses, streaming).
  static func undoingFirstClickFocus(state: OverlayState) -> [OverlayAction] {
    guard state.camera.canFocus, case .streaming = state.cameraState else { return [] }
    return [.camera(.resumeAutomaticFocusAndExposure)]
  }

  /// Draws what sits on the picture itself: the rule-of-thirds grid over the picture (not the
  /// letterbox, not under the bars), and badges for a digital zoom and an exposure
  /// compensation in force at the picture's top right (clear of the shooting controls).
  func drawViewfinder(
    into commands: inout [DrawCommand], layout: OverlayLayout, state: OverlayState
  ) {
    guard let videoRect = state.videoRect, !state.photo.isViewerOpen else { return }
    let visible = videoRect.intersection(layout.content)
    guard !visible.isEmpty else { return }
    let painter = CameraPainter(text: text, scale: layout.scale)
    if state.camera.showsGrid {
      commands += Self.gridCommands(picture: videoRect, visible: visible, scale: layout.scale)
    }
    commands += Self.aidPanelCommands(state.camera.aids, visible: visible, scale: layout.scale)
    var badges: [String] = []
    if state.camera.zoomFactor > 1 {
      badges.append(tr("%1$s× digital", CameraPainter.fixed(state.camera.zoomFactor, decimals: 1)))
    }
    if state.camera.exposureCompensationThirds != 0 {
      badges.append(SettingsPanel.evText(thirds: state.camera.exposureCompensationThirds))
    }
    drawBadges(badges, above: visible, painter: painter, into: &commands)
  }

  /// Two vertical and two horizontal lines at the thirds of `picture`, kept inside `visible`:
  /// a one-pixel light line on a three-pixel dark one, so they show on bright and dark
  /// scenes alike.
  static func gridCommands(picture: Rect, visible: Rect, scale: Double) -> [DrawCommand] {
    let line = max((scale).rounded(), 1)
    let outline = line + 2 * max((scale).rounded(), 1)
    var commands: [DrawCommand] = []
    let dark = OverlayTheme.gridShadowColor
    let light = OverlayTheme.gridLineColor
    for (thickness, color) in [(outline, dark), (line, light)] {
      for third in [1.0, 2.0] {
        let x = (picture.minX + picture.width * third / 3 - thickness / 2).rounded()
        let y = (picture.minY + picture.height * third / 3 - thickness / 2).rounded()
        let vertical = Rect(x: x, y: visible.minY, width: thickness, height: visible.height)
        let horizontal = Rect(x: visible.minX, y: y, width: visible.width, height: thickness)
        for rect in [vertical, horizontal] {
          let shown = rect.intersection(visible)
          if !shown.isEmpty { commands.append(.fillRect(shown, color: color, cornerRadius: 0)) }
        }
      }
    }
    return commands
  }

  /// The histogram at the bottom left of the visible picture and the waveform at its bottom
  /// right, each at most 256 points wide and two fifths of the picture, on a dark ground the
  /// app's panel images carry themselves.
  static func aidPanelCommands(
    _ aids: ViewfinderAidSettings, visible: Rect, scale: Double
  ) -> [DrawCommand] {
    let margin = (12 * scale).rounded()
    let width = min((256 * scale).rounded(), (visible.width * 0.4).rounded(.down))
    guard width > 0 else { return [] }
    var commands: [DrawCommand] = []
    if aids.showsHistogram, let image = ViewfinderAid.histogram.panelImage {
      let height = (width * 100 / 256).rounded()
      commands.append(
        .image(
          image,
          rect: Rect(
            x: visible.minX + margin, y: visible.maxY - margin - height, width: width,
            height: height)))
    }
    if aids.showsWaveform, let image = ViewfinderAid.waveform.panelImage {
      let height = (width / 2).rounded()
      commands.append(
        .image(
          image,
          rect: Rect(
            x: visible.maxX - margin - width, y: visible.maxY - margin - height, width: width,
            height: height)))
    }
    return commands
  }

  private func drawBadges(
    _ badges: [String], above visible: Rect, painter: CameraPainter,
    into commands: inout [DrawCommand]
  ) {
    guard !badges.isEmpty else { return }
    let size = painter.px(12)
    let height = painter.px(24)
    let gap = painter.px(8)
    let widths = badges.map { painter.text.size(of: $0, pointSize: size).width + painter.px(20) }
    let total = widths.reduce(0, +) + gap * Double(badges.count - 1)
    var x = (visible.maxX - painter.px(12) - total).rounded()
    let y = visible.minY + painter.px(12)
    for (badge, width) in zip(badges, widths) {
      let rect = Rect(x: x, y: y, width: width.rounded(), height: height)
      commands.append(
        .fillRect(
          rect, color: OverlayTheme.labelPillColor, cornerRadius: height / 2))
      painter.appendCenteredText(
        badge, into: &commands, center: rect.center, size: size, color: OverlayTheme.accentColor)
      x += width.rounded() + gap
    }
  }

  private func isOverSettings(_ pointer: Point, state: OverlayState, layout: OverlayLayout) -> Bool
  {
    guard state.camera.isSettingsOpen else { return false }
    return state.camera.picker != nil
      || SettingsLayout(state: state, layout: layout).panel.contains(pointer)
  }
}
