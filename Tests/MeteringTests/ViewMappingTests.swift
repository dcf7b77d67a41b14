// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import Testing

@Suite("Mapping window taps to sensor points")
struct ViewMappingTests {

  private static func randomMapping(_ random: inout SplitMix64) -> ViewMapping {
    let image = FrameSize(
      width: Int.random(in: 16...4000, using: &random),
      height: Int.random(in: 16...3000, using: &random))
    return ViewMapping(
      aspectFitting: image, windowWidth: Double.random(in: 50...3000, using: &random),
      windowHeight: Double.random(in: 50...3000, using: &random),
      isMirrored: Bool.random(using: &random),
      rotation: ViewMapping.Rotation.allCases.randomElement(using: &random) ?? .none)
  }

  private static func close(_ a: Point, _ b: Point, within tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func windowToSensorAndBackRoundTrips(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let mapping = Self.randomMapping(&random)
      let rect = mapping.videoRect
      let window = Point(
        x: rect.minX + Double.random(in: 0...1, using: &random) * rect.width,
        y: rect.minY + Double.random(in: 0...1, using: &random) * rect.height)
      let sensor = try #require(mapping.sensorPoint(fromWindow: window), "seed \(seed)")
      #expect(sensor.x >= 0 && sensor.x <= 1 && sensor.y >= 0 && sensor.y <= 1)
      let back = mapping.windowPoint(fromSensor: sensor)
      #expect(Self.close(back, window, within: 1e-6), "seed \(seed): \(mapping)")
    }
  }

  @Test(arguments: [UInt64(4), 5])
  func sensorToImageAndBackRoundTrips(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let mapping = Self.randomMapping(&random)
      let sensor = Point(
        x: Double.random(in: 0...1, using: &random), y: Double.random(in: 0...1, using: &random))
      let image = mapping.imagePoint(fromSensor: sensor)
      #expect(Self.close(mapping.sensorPoint(fromImage: image), sensor), "seed \(seed)")
    }
  }

  @Test(arguments: [UInt64(6), 7])
  func tapsOnTheBarsAreRejected(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var barTaps = 0
    for _ in 0..<300 {
      let mapping = Self.randomMapping(&random)
      let rect = mapping.videoRect
      let window = Point(
        x: Double.random(in: -10...(rect.width + 2 * rect.minX + 10), using: &random),
        y: Double.random(in: -10...(rect.height + 2 * rect.minY + 10), using: &random))
      let outside =
        window.x < rect.minX || window.x > rect.minX + rect.width || window.y < rect.minY
        || window.y > rect.minY + rect.height
      if outside {
        barTaps += 1
        #expect(mapping.sensorPoint(fromWindow: window) == nil, "seed \(seed)")
      } else {
        #expect(mapping.sensorPoint(fromWindow: window) != nil, "seed \(seed)")
      }
    }
    #expect(barTaps > 30, "the generator should produce bar taps")
  }

  @Test func letterboxAndPillarboxPlaceThePictureCentred() {
    let wide = ViewMapping(
      aspectFitting: FrameSize(width: 1280, height: 720), windowWidth: 1000, windowHeight: 1000)
    #expect(wide.videoRect == .init(x: 0, y: 218.75, width: 1000, height: 562.5))
    #expect(wide.sensorPoint(fromWindow: Point(x: 500, y: 100)) == nil)
    let tall = ViewMapping(
      aspectFitting: FrameSize(width: 1280, height: 720), windowWidth: 1000, windowHeight: 1000,
      rotation: .clockwise90)
    #expect(tall.videoRect == .init(x: 218.75, y: 0, width: 562.5, height: 1000))
    #expect(tall.sensorPoint(fromWindow: Point(x: 100, y: 500)) == nil)
  }

  /// Where the sensor's top-left corner appears on screen, for every rotation and mirroring.
  @Test(arguments: [
    (ViewMapping.Rotation.none, false, Point(x: 0, y: 0)),
    (.none, true, Point(x: 1, y: 0)),
    (.clockwise90, false, Point(x: 1, y: 0)),
    (.clockwise90, true, Point(x: 0, y: 0)),
    (.upsideDown, false, Point(x: 1, y: 1)),
    (.upsideDown, true, Point(x: 0, y: 1)),
    (.clockwise270, false, Point(x: 0, y: 1)),
    (.clockwise270, true, Point(x: 1, y: 1)),
  ])
  func sensorTopLeftAppearsAtTheExpectedCorner(
    rotation: ViewMapping.Rotation, mirrored: Bool, expected: Point
  ) {
    let mapping = ViewMapping(
      aspectFitting: FrameSize(width: 640, height: 480), windowWidth: 800, windowHeight: 600,
      isMirrored: mirrored, rotation: rotation)
    #expect(mapping.imagePoint(fromSensor: Point(x: 0, y: 0)) == expected)
  }

  @Test(arguments: [UInt64(8)])
  func windowCornersMapToSensorCorners(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let corners: Set<Point> = [
      Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1),
    ]
    for _ in 0..<100 {
      let mapping = Self.randomMapping(&random)
      let rect = mapping.videoRect
      var seen = Set<Point>()
      for (dx, dy) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1)] {
        let window = Point(x: rect.minX + dx * rect.width, y: rect.minY + dy * rect.height)
        let sensor = try #require(mapping.sensorPoint(fromWindow: window))
        let snapped = Point(x: sensor.x.rounded(), y: sensor.y.rounded())
        #expect(Self.close(snapped, sensor, within: 1e-9), "seed \(seed)")
        seen.insert(snapped)
      }
      #expect(seen == corners, "seed \(seed): each window corner shows a different sensor corner")
    }
  }

  @Test func tapBecomesARegionAroundTheSensorPoint() throws {
    let mapping = ViewMapping(
      aspectFitting: FrameSize(width: 1280, height: 720), windowWidth: 1280, windowHeight: 720,
      isMirrored: true)
    let region = try #require(mapping.region(aroundWindow: Point(x: 320, y: 360)))
    #expect(region == .around(x: 0.75, y: 0.5, size: 0.2))
    let letterboxed = ViewMapping(
      aspectFitting: FrameSize(width: 1280, height: 720), windowWidth: 800, windowHeight: 800)
    #expect(letterboxed.region(aroundWindow: Point(x: 400, y: 10)) == nil)
  }

  @Test func sensorPixelScalesByTheImageSize() throws {
    let mapping = ViewMapping(
      videoRect: .init(x: 10, y: 20, width: 640, height: 360),
      imageSize: FrameSize(width: 1280, height: 720))
    let pixel = try #require(mapping.sensorPixel(fromWindow: Point(x: 330, y: 200)))
    #expect(pixel == Point(x: 640, y: 360))
  }
}
