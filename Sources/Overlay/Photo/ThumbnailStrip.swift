// SPDX-License-Identifier: MIT
import CameraModel

/// The row of capture thumbnails at the left of the bottom bar, newest first, scrolled by
/// the app's `stripOffset`. Each is a photo cropped to a square inside a rounded white
/// frame; a pending one is veiled with a spinner, a video carries a play badge.
struct ThumbnailStrip {
  /// Where the strip and its thumbnails sit.
  let layout: PhotoLayout
  /// The captures, newest first.
  let items: [ThumbnailItem]
  /// The app's scroll offset in points.
  let offset: Double

  /// The control ID of thumbnail `index`.
  static func controlID(_ index: Int) -> ControlID { ControlID("thumbnail-\(index)") }

  /// The indices of thumbnails at least partly inside the strip, with their clickable part.
  var visible: [(index: Int, hitRect: Rect)] {
    guard !layout.strip.isEmpty else { return [] }
    return items.indices.compactMap { index in
      let square = layout.thumbnail(index, offset: offset, count: items.count)
      let hit = square.intersection(layout.strip)
      return hit.isEmpty ? nil : (index, hit)
    }
  }

  /// The scroll, in points, that a wheel movement of `wheel` asks for: one notch moves one
  /// thumbnail, down or right towards older captures. The result keeps the app's offset
  /// within the strip's length; 0 means nothing to scroll.
  func scrollDelta(for wheel: Point) -> Double {
    let notches = wheel.x - wheel.y
    let target = offset + notches * layout.thumbnailStride / layout.scale
    let clamped = min(max(target, 0), layout.maxStripOffset(count: items.count))
    return clamped - min(max(offset, 0), layout.maxStripOffset(count: items.count))
  }

  /// Draws the visible thumbnails, clipped to the strip.
  func draw(
    into painter: inout PhotoPainter, responses: [Int: ControlResponse], theme: OverlayTheme,
    time: Double
  ) {
    let shown = visible
    guard !shown.isEmpty else { return }
    painter.append(.clip(layout.strip))
    for (index, _) in shown {
      let square = layout.thumbnail(index, offset: offset, count: items.count)
      drawThumbnail(
        items[index], in: square, into: &painter, response: responses[index] ?? .init(),
        theme: theme, time: time)
    }
    painter.append(.clip(nil))
  }

  private func drawThumbnail(
    _ item: ThumbnailItem, in square: Rect, into painter: inout PhotoPainter,
    response: ControlResponse, theme: OverlayTheme, time: Double
  ) {
    let frameColor = response.isHovered ? Color.white : theme.thumbnailFrameColor
    painter.fill(square, frameColor, radius: painter.px(theme.thumbnailRadius))
    let inset = painter.px(theme.thumbnailFrame)
    let photo = square.insetBy(dx: inset, dy: inset)
    // The image command stretches to its rectangle, so an aspect-filled rectangle clipped to
    // the square crops the photo instead of squashing it.
    painter.append(.clip(photo.intersection(layout.strip)))
    painter.append(.image(item.id, rect: Self.aspectFill(aspect: item.aspect, in: photo)))
    if response.isPressed {
      painter.fill(photo, OverlayTheme.thumbnailPressedColor)
    }
    if item.isPending {
      painter.fill(photo, theme.pendingVeilColor)
      painter.spinner(
        photo.center, radius: painter.px(11), dotRadius: max(painter.px(2), 1), dots: 8,
        time: time, .white)
    }
    if item.isVideo { painter.playBadge(photo.center, radius: painter.px(12)) }
    if let label = item.durationLabel { drawDuration(label, in: photo, into: &painter) }
    painter.append(.clip(layout.strip))
  }

  /// A video's length in a dark pill at the thumbnail's bottom right corner.
  private func drawDuration(_ label: String, in photo: Rect, into painter: inout PhotoPainter) {
    let size = painter.px(10)
    let width = painter.width(of: label, size: size) + painter.px(8)
    let height = painter.px(15)
    let pill = Rect(
      x: (photo.maxX - painter.px(3) - width).rounded(),
      y: (photo.maxY - painter.px(3) - height).rounded(), width: width.rounded(),
      height: height)
    painter.fill(pill, OverlayTheme.labelPillColor, radius: height / 2)
    painter.text(label, centeredAt: pill.center, size: size, .white)
  }

  /// The rectangle of `aspect` (width over height) that covers `rect` and shares its centre.
  static func aspectFill(aspect: Double, in rect: Rect) -> Rect {
    guard aspect > 0, rect.height > 0 else { return rect }
    let rectAspect = rect.width / rect.height
    let size =
      aspect >= rectAspect
      ? Size(width: rect.height * aspect, height: rect.height)
      : Size(width: rect.width, height: rect.width / aspect)
    return Rect.centered(at: rect.center, size: size)
  }
}
