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

  @Test func aPartLandsWhereItLiesInTheWholePicture() {
    let whole = PixelRectangle(left: 0, top: 0, width: 100, height: 100)
    let box = Rect(x: 10, y: 20, width: 200, height: 200)
    let leftHalf = PixelRectangle(left: 0, top: 0, width: 50, height: 100)
    let upright = VideoGeometry.placement(
      ofPart: leftHalf, crop: whole, box: box, quarterTurns: 0, flipsHorizontally: false,
      flipsVertically: false)
    #expect(upright?.source == leftHalf)
    #expect(upright?.box == Rect(x: 10, y: 20, width: 100, height: 200))
    let mirrored = VideoGeometry.placement(
      ofPart: leftHalf, crop: whole, box: box, quarterTurns: 0, flipsHorizontally: true,
      flipsVertically: false)
    #expect(mirrored?.box == Rect(x: 110, y: 20, width: 100, height: 200))
    let upsideDown = VideoGeometry.placement(
      ofPart: PixelRectangle(left: 0, top: 0, width: 100, height: 25), crop: whole, box: box,
      quarterTurns: 0, flipsHorizontally: false, flipsVertically: true)
    #expect(upsideDown?.box == Rect(x: 10, y: 170, width: 200, height: 50))
  }

  @Test func aTurnedPartKeepsItsUnturnedBoxAboutItsTurnedCentre() {
    // A 200x100 picture turned clockwise into a box centred at (100, 100): on screen it covers
    // x 50…150, y 0…200, and its top-left quarter covers x 100…150, y 0…100.
    let placed = VideoGeometry.placement(
      ofPart: PixelRectangle(left: 0, top: 0, width: 100, height: 50),
      crop: PixelRectangle(left: 0, top: 0, width: 200, height: 100),
      box: Rect(x: 0, y: 50, width: 200, height: 100), quarterTurns: 1,
      flipsHorizontally: false, flipsVertically: false)
    // Unturned 100x50 about (125, 50): turned, 50 wide and 100 tall from (100, 0).
    #expect(placed?.box == Rect(x: 75, y: 25, width: 100, height: 50))
    let halfTurn = VideoGeometry.placement(
      ofPart: PixelRectangle(left: 0, top: 0, width: 100, height: 50),
      crop: PixelRectangle(left: 0, top: 0, width: 200, height: 100),
      box: Rect(x: 0, y: 50, width: 200, height: 100), quarterTurns: -2,
      flipsHorizontally: false, flipsVertically: false)
    #expect(halfTurn?.box == Rect(x: 100, y: 100, width: 100, height: 50))
  }

  @Test func aZoomShowsOnlyThePartsInsideItsCrop() {
    let crop = PixelRectangle(left: 50, top: 50, width: 50, height: 50)
    let box = Rect(x: 0, y: 0, width: 100, height: 100)
    let placed = VideoGeometry.placement(
      ofPart: PixelRectangle(left: 0, top: 0, width: 75, height: 75), crop: crop, box: box,
      quarterTurns: 0, flipsHorizontally: false, flipsVertically: false)
    #expect(placed?.source == PixelRectangle(left: 50, top: 50, width: 25, height: 25))
    #expect(placed?.box == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(
      VideoGeometry.placement(
        ofPart: PixelRectangle(left: 0, top: 0, width: 40, height: 40), crop: crop, box: box,
        quarterTurns: 0, flipsHorizontally: false, flipsVertically: false) == nil)
  }
}
