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
}
