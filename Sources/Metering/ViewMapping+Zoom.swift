// SPDX-License-Identifier: MIT
import CameraModel

/// The view side of `DigitalZoom`: the picture on screen shows the zoom's region (a sensor
/// rectangle) rotated and mirrored like the whole picture, so a point of the shown picture
/// maps to the sensor through the region, and a drag on screen moves the region's centre.
extension ViewMapping {
  /// The sensor point shown at displayed-picture point `image` (0…1 across the picture as
  /// shown, which is the zoom's region) while `zoom` is in force.
  public func sensorPoint(fromZoomedImage image: Point, zoom: DigitalZoom) -> Point {
    // The region's centre as displayed; the region spans `extent` of the displayed picture
    // on each axis, since rotation and mirroring keep a centred square fraction's size.
    let center = imagePoint(fromSensor: Point(x: zoom.centerX, y: zoom.centerY))
    let full = Point(
      x: center.x + (image.x - 0.5) * zoom.extent, y: center.y + (image.y - 0.5) * zoom.extent)
    return sensorPoint(fromImage: full)
  }

  /// The sensor vector matching a move of (`dx`, `dy`) across the displayed picture (both
  /// fractions of the full picture), through the mirror and rotation.
  public func sensorDelta(fromImageDeltaX dx: Double, y dy: Double) -> Point {
    let moved = sensorPoint(fromImage: Point(x: 0.5 + dx, y: 0.5 + dy))
    return Point(x: moved.x - 0.5, y: moved.y - 0.5)
  }

  /// `zoom` after the shown picture was dragged by (`dx`, `dy`) fractions of its size: the
  /// content follows the pointer, so the region moves the other way, by the drag divided by
  /// the zoom factor.
  public func zoom(_ zoom: DigitalZoom, draggedByX dx: Double, y dy: Double) -> DigitalZoom {
    let delta = sensorDelta(fromImageDeltaX: -dx * zoom.extent, y: -dy * zoom.extent)
    return zoom.panned(byX: delta.x, y: delta.y)
  }

  /// `zoom` stepped by `steps` toward the displayed-picture point `image` (the pointer), which
  /// stays where it is on screen.
  public func zoom(_ zoom: DigitalZoom, steppedBy steps: Int, toward image: Point?)
    -> DigitalZoom
  {
    guard let image else { return zoom.stepped(by: steps, keepingX: zoom.centerX, y: zoom.centerY) }
    let sensor = sensorPoint(fromZoomedImage: image, zoom: zoom)
    return zoom.stepped(by: steps, keepingX: sensor.x, y: sensor.y)
  }

  /// The metering region around displayed-picture point `image` while `zoom` is in force:
  /// `size` of the *shown* picture, so it covers about one object at any zoom.
  public func region(aroundZoomedImage image: Point, zoom: DigitalZoom, size: Double = 0.2)
    -> RegionOfInterest
  {
    let sensor = sensorPoint(fromZoomedImage: image, zoom: zoom)
    return RegionOfInterest.around(x: sensor.x, y: sensor.y, size: size * zoom.extent)
  }
}
