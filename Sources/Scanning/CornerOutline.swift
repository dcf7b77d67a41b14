// SPDX-License-Identifier: MIT
import CameraModel

/// Turns the points a library reports for a code into the four corners Pinhole outlines.
enum CornerOutline {
  /// Four points keep their order, turned clockwise on screen if they ran the other way
  /// (zbar lists a QR code's corners anticlockwise, ZXing clockwise); any other number (a
  /// linear code's scan-line ends) becomes their bounding box, top left first, clockwise.
  static func quadrilateral(_ points: [Point]) -> [Point] {
    if points.count == 4 {
      // The shoelace sum is positive for clockwise order when y grows downwards.
      let area = (0..<4).reduce(0.0) { sum, index in
        let (a, b) = (points[index], points[(index + 1) % 4])
        return sum + a.x * b.y - b.x * a.y
      }
      return area < 0 ? [points[0], points[3], points[2], points[1]] : points
    }
    guard let first = points.first else { return points }
    var minX = first.x
    var maxX = first.x
    var minY = first.y
    var maxY = first.y
    for point in points {
      minX = min(minX, point.x)
      maxX = max(maxX, point.x)
      minY = min(minY, point.y)
      maxY = max(maxY, point.y)
    }
    return [
      .init(x: minX, y: minY), .init(x: maxX, y: minY), .init(x: maxX, y: maxY),
      .init(x: minX, y: maxY),
    ]
  }
}
