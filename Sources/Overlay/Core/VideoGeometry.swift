// SPDX-License-Identifier: MIT
import CameraModel

/// Pure geometry between the window and the video: aspect-fit placement and tap mapping.
/// The platform uses the first to place the picture; the overlay uses the second to turn taps
/// into focus points, so both agree on where the picture is.
public enum VideoGeometry {
  /// The largest rectangle with the aspect ratio of `content` that fits in `bounds`, centred;
  /// the rest of `bounds` is letterbox. Edges are rounded to whole pixels so the picture is
  /// not resampled across a half pixel. Empty when either size is empty.
  public static func aspectFit(content: Size, in bounds: Rect) -> Rect {
    guard content.width > 0, content.height > 0, !bounds.isEmpty else { return .zero }
    let scale = min(bounds.width / content.width, bounds.height / content.height)
    let width = (content.width * scale).rounded()
    let height = (content.height * scale).rounded()
    let x = (bounds.minX + (bounds.width - width) / 2).rounded(.down)
    let y = (bounds.minY + (bounds.height - height) / 2).rounded(.down)
    return Rect(x: x, y: y, width: width, height: height)
  }

  /// Where `point` falls in `videoRect`, normalised so the picture spans 0…1 on each axis;
  /// `nil` for a point in the letterbox (outside the picture) or an empty picture.
  public static func normalizedPosition(of point: Point, in videoRect: Rect) -> Point? {
    guard !videoRect.isEmpty, videoRect.contains(point) else { return nil }
    return Point(
      x: (point.x - videoRect.minX) / videoRect.width,
      y: (point.y - videoRect.minY) / videoRect.height)
  }

  /// Where a part of a picture goes when the whole picture is drawn into `box` (the unturned
  /// destination box, as SDL takes it) showing only `crop` of the picture, flipped in picture
  /// space, then turned clockwise by `quarterTurns` × 90° about the box's centre.
  ///
  /// Returns the part's pixels that `crop` shows and the unturned box to draw them into with
  /// the same flip and turn (each box turns about its own centre), so the parts drawn one by
  /// one land exactly where the whole would; `nil` when the part lies outside `crop`.
  public static func placement(
    ofPart part: PixelRectangle, crop: PixelRectangle, box: Rect, quarterTurns: Int,
    flipsHorizontally: Bool, flipsVertically: Bool
  ) -> (source: PixelRectangle, box: Rect)? {
    guard let shown = part.intersection(crop) else { return nil }
    let scaleX = box.width / Double(crop.width)
    let scaleY = box.height / Double(crop.height)
    let width = Double(shown.width) * scaleX
    let height = Double(shown.height) * scaleY
    // The part's centre in the unturned box, after the flip.
    var centerX = (Double(shown.left - crop.left) + Double(shown.width) / 2) * scaleX
    var centerY = (Double(shown.top - crop.top) + Double(shown.height) / 2) * scaleY
    if flipsHorizontally { centerX = box.width - centerX }
    if flipsVertically { centerY = box.height - centerY }
    // Turned clockwise on a screen whose y grows downwards: (dx, dy) → (−dy, dx) per turn.
    var dx = centerX - box.width / 2
    var dy = centerY - box.height / 2
    for _ in 0..<(((quarterTurns % 4) + 4) % 4) { (dx, dy) = (-dy, dx) }
    let center = box.center
    return (
      shown,
      Rect(
        x: center.x + dx - width / 2, y: center.y + dy - height / 2, width: width,
        height: height)
    )
  }
}
