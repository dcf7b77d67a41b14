// SPDX-License-Identifier: MIT
import CameraModel

/// Turns the points a library reports for a code into the four corners Pinhole outlines.
enum CornerOutline {
  /// Four points pass as they are; any other number (a linear code's scan-line ends) becomes
  /// their bounding box, top left first, clockwise.
  static func quadrilateral(_ points: [DetectedCode.Corner]) -> [DetectedCode.Corner] {
    guard points.count != 4, let first = points.first else { return points }
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
