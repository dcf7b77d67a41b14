// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// The full-window photo viewer: a dark backdrop, the photo fitted below a header row (then
/// zoomed and panned), the file name and position on the left of the header, tr("Open with…"),
/// trash and close buttons on its right, and previous / next buttons over the photo's sides.
struct ViewerScreen {
  /// What is shown.
  let viewer: ViewerState
  /// The whole window.
  let bounds: Rect
  /// The space the photo is fitted into.
  let photoArea: Rect
  /// The photo's rectangle after zoom and pan; it may overflow `photoArea`, which clips it.
  let photoRect: Rect
  /// The close button, at the header's right end.
  let closeButton: Rect
  /// The trash button; `nil` while the photo is already being trashed.
  let trashButton: Rect?
  /// The tr("Open with…") button.
  let openButton: Rect
  /// The previous-photo button; `nil` on the newest photo.
  let previousButton: Rect?
  /// The next-photo button; `nil` on the oldest photo.
  let nextButton: Rect?
  /// A video's play / pause button, below the picture; `nil` for a photo.
  let playButton: Rect?
  /// A video's timeline track; `nil` for a photo.
  let timeline: Rect?
  /// Where a press on the timeline counts: the track with some height around it.
  let timelineHitRect: Rect?

  /// The label of the button that opens the photo in another application.
  static let openLabel = tr("Open with…")

  /// Lays out `viewer` over the window described by `layout`.
  init(viewer: ViewerState, layout: PhotoLayout, painter: PhotoPainter, theme: OverlayTheme) {
    self.viewer = viewer
    bounds = layout.base.bounds
    let padding = layout.px(16)
    let header = layout.px(theme.viewerHeaderHeight)
    let button = layout.px(44)
    let buttonY = ((header - button) / 2).rounded()
    closeButton = Rect(
      x: bounds.maxX - padding - button, y: buttonY, width: button, height: button)
    let trash = Rect(
      x: closeButton.minX - layout.px(4) - button, y: buttonY, width: button, height: button)
    trashButton = viewer.isDeleting ? nil : trash
    let openWidth = painter.width(of: Self.openLabel, size: layout.px(13)) + 2 * layout.px(16)
    let openHeight = layout.px(36)
    openButton = Rect(
      x: trash.minX - layout.px(8) - openWidth, y: ((header - openHeight) / 2).rounded(),
      width: openWidth, height: openHeight)
    let controls = viewer.playback == nil ? 0 : layout.px(48)
    let area = Rect(
      x: padding, y: header, width: max(bounds.width - 2 * padding, 0),
      height: max(bounds.height - header - padding - controls, 0))
    photoArea = area
    (playButton, timeline, timelineHitRect) = Self.playbackControls(
      viewer, below: area, height: controls, layout: layout, painter: painter)
    photoRect = Self.photoRect(viewer, in: area)
    let sideY = (area.center.y - button / 2).rounded()
    previousButton =
      viewer.hasPrevious
      ? Rect(x: area.minX + layout.px(8), y: sideY, width: button, height: button) : nil
    nextButton =
      viewer.hasNext
      ? Rect(x: area.maxX - layout.px(8) - button, y: sideY, width: button, height: button) : nil
  }

  /// The photo fitted into `area`, scaled by the zoom about the area's centre and moved by
  /// the pan.
  static func photoRect(_ viewer: ViewerState, in area: Rect) -> Rect {
    let fitted = VideoGeometry.aspectFit(content: viewer.imageSize, in: area)
    let zoom = max(viewer.zoom, 0.01)
    let size = fitted.size.scaled(by: zoom)
    let center = Point(
      x: area.center.x + viewer.pan.x * size.width, y: area.center.y + viewer.pan.y * size.height)
    return Rect.centered(at: center, size: size)
  }

  /// The zoom factor a wheel movement asks for: 15 % a notch, in or out, so one notch in and
  /// one out cancel.
  static func zoomFactor(for wheel: Point) -> Double {
    let notches = wheel.y
    return notches >= 0 ? 1 + 0.15 * notches : 1 / (1 + 0.15 * -notches)
  }

  /// Draws the viewer; `responses` gives its buttons' states.
  func draw(
    into painter: inout PhotoPainter, responses: PhotoUIResponses, theme: OverlayTheme, time: Double
  ) {
    painter.fill(bounds, theme.viewerColor)
    painter.append(.clip(photoArea))
    painter.append(.image(viewer.image, rect: photoRect))
    if viewer.isDeleting {
      let visible = photoRect.intersection(photoArea)
      painter.fill(visible, OverlayTheme.deletingVeilColor)
      painter.spinner(
        visible.center, radius: painter.px(14), dotRadius: painter.px(2.5), dots: 8, time: time,
        .white)
    }
    painter.append(.clip(nil))
    drawPlayback(into: &painter, responses: responses, theme: theme)
    drawCaption(into: &painter, theme: theme)
    drawButtons(into: &painter, responses: responses, theme: theme)
  }

  private func drawCaption(into painter: inout PhotoPainter, theme: OverlayTheme) {
    let leading = photoArea.minX
    let centerY = closeButton.center.y
    let nameSize = painter.px(theme.titleSize)
    let countSize = painter.px(theme.statusSize)
    let position = viewer.positionLabel
    let positionWidth = painter.width(of: position, size: countSize)
    let room = openButton.minX - leading - painter.px(16) - positionWidth - painter.px(12)
    let name = painter.text.truncated(viewer.fileName, pointSize: nameSize, width: max(room, 0))
    painter.text(name, leading: leading, centerY: centerY, size: nameSize, theme.textColor)
    let nameWidth = name.isEmpty ? 0 : painter.width(of: name, size: nameSize) + painter.px(12)
    painter.text(
      position, leading: leading + nameWidth, centerY: centerY, size: countSize,
      theme.secondaryTextColor)
  }

  private func drawButtons(
    into painter: inout PhotoPainter, responses: PhotoUIResponses, theme: OverlayTheme
  ) {
    let resting = theme.viewerButtonColor
    let textSize = painter.px(theme.statusSize)
    background(openButton, responses.openWith, resting, theme, into: &painter)
    painter.text(Self.openLabel, centeredAt: openButton.center, size: textSize, .white)
    if let trashButton {
      background(trashButton, responses.trash, .clear, theme, into: &painter)
      painter.trashIcon(trashButton.center, .white, slots: theme.viewerColor)
    }
    background(closeButton, responses.close, .clear, theme, into: &painter)
    painter.closeIcon(closeButton.center, .white)
    if let previousButton {
      background(
        previousButton, responses.previous, theme.floatingButtonColor, theme,
        into: &painter)
      painter.chevronIcon(previousButton.center, direction: -1, .white)
    }
    if let nextButton {
      background(
        nextButton, responses.next, theme.floatingButtonColor, theme, into: &painter)
      painter.chevronIcon(nextButton.center, direction: 1, .white)
    }
  }

  private func background(
    _ rect: Rect, _ response: ControlResponse, _ resting: Color, _ theme: OverlayTheme,
    into painter: inout PhotoPainter
  ) {
    let color =
      response.isPressed
      ? theme.pressColor : response.isHovered ? theme.hoverColor : resting
    painter.fill(rect, color, radius: min(rect.width, rect.height) / 2)
  }
}
