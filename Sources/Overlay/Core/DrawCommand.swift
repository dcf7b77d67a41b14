// SPDX-License-Identifier: MIT
import CameraModel

/// One drawing step. All geometry is in drawable pixels; colours are straight-alpha RGBA and
/// blend over what is already drawn. A backend needs a handful of primitives to draw these:
/// filled triangles, a clip rectangle, text and image blits.
public enum DrawCommand: Hashable, Sendable, CustomStringConvertible {
  /// A filled rectangle whose corners are rounded by `cornerRadius` pixels (0 for square;
  /// clamped to half the shorter side).
  case fillRect(Rect, color: Color, cornerRadius: Double)
  /// An annulus centred on `center`: the outer edge at `radius`, `thickness` pixels wide. A
  /// thickness of at least `radius` gives a filled circle.
  case ring(center: Point, radius: Double, thickness: Double, color: Color)
  /// `text` on one line, its box's top-left corner at `origin`, drawn with a font of
  /// `pointSize` drawable pixels. The overlay aligns text itself through its `TextMeasurer`.
  case text(String, origin: Point, pointSize: Double, color: Color)
  /// The image named `id`, scaled to fill `rect`.
  case image(ImageID, rect: Rect)
  /// Limits later commands to `rect`; `nil` lifts the limit.
  case clip(Rect?)

  /// One line per command, stable across runs, for text snapshots in review.
  public var description: String {
    switch self {
    case .fillRect(let rect, let color, let radius):
      "fillRect \(rect) \(color) r=\(Point.format(radius))"
    case .ring(let center, let radius, let thickness, let color):
      "ring \(center) r=\(Point.format(radius)) t=\(Point.format(thickness)) \(color)"
    case .text(let string, let origin, let size, let color):
      "text \"\(string)\" \(origin) size=\(Point.format(size)) \(color)"
    case .image(let id, let rect):
      "image \(id) \(rect)"
    case .clip(let rect):
      "clip \(rect.map(\.description) ?? "none")"
    }
  }
}
