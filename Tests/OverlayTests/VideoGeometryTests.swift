// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

@Suite("Video geometry")
struct VideoGeometryTests {
  @Test func aspectFitPillarboxesNarrowContent() {
    let rect = VideoGeometry.aspectFit(
      content: Size(width: 640, height: 480), in: Rect(x: 0, y: 0, width: 1280, height: 720))
    #expect(rect == Rect(x: 160, y: 0, width: 960, height: 720))
  }

  @Test func aspectFitLetterboxesWideContent() {
    let rect = VideoGeometry.aspectFit(
      content: Size(width: 1920, height: 1080), in: Rect(x: 0, y: 0, width: 800, height: 800))
    #expect(rect == Rect(x: 0, y: 175, width: 800, height: 450))
  }

  @Test func aspectFitOfEmptyContentIsEmpty() {
    let rect = VideoGeometry.aspectFit(
      content: .zero, in: Rect(x: 0, y: 0, width: 800, height: 800))
    #expect(rect.isEmpty)
  }

  @Test func normalisedCornersAndCentre() {
    let video = Rect(x: 100, y: 50, width: 400, height: 200)
    #expect(
      VideoGeometry.normalizedPosition(of: Point(x: 100, y: 50), in: video) == Point(x: 0, y: 0))
    #expect(
      VideoGeometry.normalizedPosition(of: Point(x: 300, y: 150), in: video)
        == Point(x: 0.5, y: 0.5))
    #expect(VideoGeometry.normalizedPosition(of: Point(x: 500, y: 150), in: video) == nil)
  }

  @Test func tapsMapIntoUnitSquareAndLetterboxTapsAreRejected() {
    let seed: UInt64 = 0x5EED_0001
    var random = SplitMix64(seed: seed)
    for _ in 0..<400 {
      let window = Rect(
        x: 0, y: 0, width: Double(Int.random(in: 50...3000, using: &random)),
        height: Double(Int.random(in: 50...2000, using: &random)))
      let content = Size(
        width: Double(Int.random(in: 16...4096, using: &random)),
        height: Double(Int.random(in: 16...4096, using: &random)))
      let video = VideoGeometry.aspectFit(content: content, in: window)
      let tap = Point(
        x: Double.random(in: 0..<window.width, using: &random),
        y: Double.random(in: 0..<window.height, using: &random))
      let mapped = VideoGeometry.normalizedPosition(of: tap, in: video)
      #expect((mapped != nil) == video.contains(tap), "seed \(seed)")
      if let mapped {
        #expect((0..<1).contains(mapped.x) && (0..<1).contains(mapped.y), "seed \(seed)")
        let back = Point(
          x: video.minX + mapped.x * video.width, y: video.minY + mapped.y * video.height)
        #expect(abs(back.x - tap.x) < 1e-9 && abs(back.y - tap.y) < 1e-9, "seed \(seed)")
      }
      #expect(window.intersection(video) == video, "seed \(seed): video leaves the window")
    }
  }
}
