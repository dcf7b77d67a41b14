// SPDX-License-Identifier: MIT

import CameraModel
import Metering
import Testing

@Suite("View mapping through the digital zoom")
struct ViewMappingZoomTests {
  private func mapping(mirrored: Bool = false, rotation: ViewMapping.Rotation = .none)
    -> ViewMapping
  {
    ViewMapping(
      videoRect: .init(x: 0, y: 0, width: 1, height: 1), imageSize: FrameSize(width: 4, height: 3),
      isMirrored: mirrored, rotation: rotation)
  }

  private func close(_ a: Point, _ x: Double, _ y: Double) -> Bool {
    abs(a.x - x) < 1e-9 && abs(a.y - y) < 1e-9
  }

  @Test func withoutZoomTheMappingIsUnchanged() {
    for rotation in ViewMapping.Rotation.allCases {
      for mirrored in [false, true] {
        let map = mapping(mirrored: mirrored, rotation: rotation)
        let point = Point(x: 0.3, y: 0.8)
        let plain = map.sensorPoint(fromImage: point)
        #expect(close(map.sensorPoint(fromZoomedImage: point, zoom: .none), plain.x, plain.y))
      }
    }
  }

  @Test func clickOnAZoomedPictureFocusesInsideTheRegion() {
    let zoom = DigitalZoom(factor: 2, centerX: 0.75, centerY: 0.25)
    let map = mapping()
    #expect(close(map.sensorPoint(fromZoomedImage: .init(x: 0.5, y: 0.5), zoom: zoom), 0.75, 0.25))
    #expect(close(map.sensorPoint(fromZoomedImage: .init(x: 0, y: 0), zoom: zoom), 0.5, 0))
    #expect(close(map.sensorPoint(fromZoomedImage: .init(x: 1, y: 1), zoom: zoom), 1, 0.5))
    let region = map.region(aroundZoomedImage: .init(x: 0.5, y: 0.5), zoom: zoom, size: 0.2)
    #expect(abs(region.width - 0.1) < 1e-9)
  }

  @Test func mirroredAndRotatedZoomStillMapsThePictureCornersToTheRegionCorners() {
    let zoom = DigitalZoom(factor: 4, centerX: 0.2, centerY: 0.7)
    for rotation in ViewMapping.Rotation.allCases {
      for mirrored in [false, true] {
        let map = mapping(mirrored: mirrored, rotation: rotation)
        // The centre of the shown picture is the region's centre on the sensor.
        #expect(
          close(map.sensorPoint(fromZoomedImage: .init(x: 0.5, y: 0.5), zoom: zoom), 0.2, 0.7))
        for corner in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
          let sensor = map.sensorPoint(
            fromZoomedImage: .init(x: corner.0, y: corner.1), zoom: zoom)
          #expect(abs(abs(sensor.x - 0.2) - 0.125) < 1e-9)
          #expect(abs(abs(sensor.y - 0.7) - 0.125) < 1e-9)
        }
      }
    }
  }

  @Test func dragMovesTheContentWithThePointerThroughMirrorAndRotation() {
    let zoom = DigitalZoom(factor: 2)
    // Unmirrored: dragging right shows what was left, so the region moves left.
    let right = mapping().zoom(zoom, draggedByX: 0.2, y: 0)
    #expect(abs(right.centerX - 0.4) < 1e-9)
    // Mirrored, the sensor's left is on screen's right: the region moves right instead.
    let mirrored = mapping(mirrored: true).zoom(zoom, draggedByX: 0.2, y: 0)
    #expect(abs(mirrored.centerX - 0.6) < 1e-9)
    // A quarter turn clockwise: a drag to the right is a drag down the sensor's rows... up.
    let turned = mapping(rotation: .clockwise90).zoom(zoom, draggedByX: 0.2, y: 0)
    #expect(abs(turned.centerX - 0.5) < 1e-9 && abs(turned.centerY - 0.6) < 1e-9)
    // The point under the pointer stays under it after a drag.
    let map = mapping(mirrored: true, rotation: .clockwise270)
    let before = map.sensorPoint(fromZoomedImage: .init(x: 0.4, y: 0.4), zoom: zoom)
    let after = map.sensorPoint(
      fromZoomedImage: .init(x: 0.5, y: 0.45), zoom: map.zoom(zoom, draggedByX: 0.1, y: 0.05))
    #expect(close(after, before.x, before.y))
  }

  @Test func wheelZoomKeepsThePointUnderThePointer() {
    let map = mapping(mirrored: true, rotation: .upsideDown)
    let zoom = DigitalZoom(factor: 1.5, centerX: 0.4, centerY: 0.6)
    let pointer = Point(x: 0.3, y: 0.6)
    let before = map.sensorPoint(fromZoomedImage: pointer, zoom: zoom)
    let stepped = map.zoom(zoom, steppedBy: 2, toward: pointer)
    #expect(stepped.factor > zoom.factor)
    let after = map.sensorPoint(fromZoomedImage: pointer, zoom: stepped)
    #expect(close(after, before.x, before.y))
  }
}
