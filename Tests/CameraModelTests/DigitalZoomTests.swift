// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@Suite("Digital zoom geometry")
struct DigitalZoomTests {
  @Test func factorIsClampedToOneThroughFour() {
    #expect(DigitalZoom(factor: 0.2).factor == 1)
    #expect(DigitalZoom(factor: 9).factor == 4)
    #expect(DigitalZoom(factor: .nan).factor == 1)
    #expect(!DigitalZoom.none.isZoomed)
  }

  @Test func fourStepsDoubleAndStepsBackReturnExactlyToTheWholeFrame() {
    let doubled = DigitalZoom.none.stepped(by: 4)
    #expect(abs(doubled.factor - 2) < 1e-9)
    #expect(doubled.stepped(by: -4) == .none)
    #expect(DigitalZoom.none.stepped(by: -3) == .none)
    #expect(DigitalZoom.none.stepped(by: 1_000_000).factor == 4)
  }

  @Test func zoomTowardAPointKeepsThatPointInPlace() {
    let zoom = DigitalZoom.none.zoomed(to: 2, keepingX: 0.75, y: 0.5)
    // The point at 0.75 was three quarters across the view; it still is.
    let shown = (0.75 - zoom.minX) / zoom.extent
    #expect(abs(shown - 0.75) < 1e-9)
    #expect(abs(zoom.centerX - 0.625) < 1e-9)
  }

  @Test func centreIsClampedSoTheRegionStaysInsideTheFrame() {
    let corner = DigitalZoom(factor: 2, centerX: 0, centerY: 1)
    #expect(corner.centerX == 0.25 && corner.centerY == 0.75)
    let panned = DigitalZoom(factor: 4).panned(byX: 10, y: -10)
    #expect(panned.centerX == 0.875 && panned.centerY == 0.125)
    var random = SplitMix64(seed: 13)
    for _ in 0..<300 {
      let zoom = DigitalZoom(
        factor: 1 + random.unit() * 4, centerX: random.unit() * 2 - 0.5,
        centerY: random.unit() * 2 - 0.5
      ).panned(byX: random.unit() - 0.5, y: random.unit() - 0.5)
      #expect(zoom.minX >= -1e-12 && zoom.minX + zoom.extent <= 1 + 1e-12)
      #expect(zoom.minY >= -1e-12 && zoom.minY + zoom.extent <= 1 + 1e-12)
    }
  }

  @Test func cropRectangleIsEvenInsideAndKeepsTheAspect() {
    let size = FrameSize(width: 1280, height: 720)
    #expect(DigitalZoom.none.cropRectangle(in: size) == PixelRectangle(covering: size))
    #expect(
      DigitalZoom(factor: 2).cropRectangle(in: size)
        == PixelRectangle(left: 320, top: 180, width: 640, height: 360))
    #expect(
      DigitalZoom(factor: 4, centerX: 1, centerY: 1).cropRectangle(in: size)
        == PixelRectangle(left: 960, top: 540, width: 320, height: 180))
    var random = SplitMix64(seed: 7)
    for _ in 0..<300 {
      let frame = FrameSize(
        width: 2 + Int(random.next() % 3000), height: 2 + Int(random.next() % 2000))
      let zoom = DigitalZoom(
        factor: 1.01 + random.unit() * 3, centerX: random.unit(),
        centerY: random.unit())
      let crop = zoom.cropRectangle(in: frame)
      #expect(crop.left % 2 == 0 && crop.top % 2 == 0)
      #expect(crop.width % 2 == 0 && crop.height % 2 == 0)
      #expect(crop.left >= 0 && crop.right <= frame.width)
      #expect(crop.top >= 0 && crop.bottom <= frame.height)
    }
  }

  @Test func copyingARegionMovesItsLumaAndChroma() {
    let frame = NV12Frame(size: FrameSize(width: 64, height: 32))
    frame.withPlanes { yPlane, uvPlane in
      for y in 0..<32 {
        for x in 0..<64 { yPlane[y * frame.yStride + x] = UInt8(x + y) }
      }
      for y in 0..<16 {
        for x in 0..<64 { uvPlane[y * frame.uvStride + x] = UInt8(x ^ y) }
      }
    }
    let crop = NV12Frame(size: FrameSize(width: 0, height: 0))
    frame.copy(PixelRectangle(left: 10, top: 4, width: 20, height: 12), into: crop)
    #expect(crop.size == FrameSize(width: 20, height: 12))
    #expect(crop.luma(x: 0, y: 0) == frame.luma(x: 10, y: 4))
    #expect(crop.luma(x: 19, y: 11) == frame.luma(x: 29, y: 15))
    #expect(crop.chroma(x: 0, y: 0).cb == frame.chroma(x: 10, y: 4).cb)
    #expect(crop.chroma(x: 18, y: 10).cr == frame.chroma(x: 28, y: 14).cr)
    // An odd or oversized rectangle is moved inside, on even edges.
    frame.copy(PixelRectangle(left: 61, top: -3, width: 10, height: 50), into: crop)
    #expect(crop.size == FrameSize(width: 10, height: 32))
    #expect(crop.luma(x: 0, y: 0) == frame.luma(x: 54, y: 0))
  }
}

extension SplitMix64 {
  /// A double in 0..<1.
  fileprivate mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
