// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Testing
import ViewfinderAids

@Suite struct ZebrasTests {
  /// A horizontal ramp, 0 at the left to 255 at the right.
  private let ramp = LumaPlane(
    width: 256, height: 16, samples: (0..<(256 * 16)).map { UInt8($0 % 256) })

  @Test func stripesOnlySamplesAtOrAboveTheLevel() {
    let zebras = Zebras(threshold: 0.9)
    var image = AidImage(width: 256, height: 16)
    let bright = zebras.mark(ramp, into: &image)
    let level = zebras.level(in: .full)
    #expect(level == 230)
    #expect(bright == (256 - level) * 16)
    for y in 0..<16 {
      for x in 0..<level { #expect(image.pixel(x: x, y: y).alpha == 0) }
    }
  }

  @Test func stripesAreDiagonal() {
    let zebras = Zebras(threshold: 0.5)
    var image = AidImage(width: 256, height: 16)
    zebras.mark(ramp, into: &image)
    // Along a diagonal running down to the left the stripe stays; across it, it alternates.
    #expect(image.pixel(x: 200, y: 0) == image.pixel(x: 199, y: 1))
    #expect(image.pixel(x: 200, y: 0) == image.pixel(x: 195, y: 5))
    let across = (0..<8).map { image.pixel(x: 200 + $0, y: 0).alpha > 0 }
    #expect(across.filter { $0 }.count == 4)
  }

  @Test func limitedRangeWhiteIsCode235() {
    #expect(Zebras(threshold: 1).level(in: .limited) == 235)
    #expect(Zebras(threshold: 0.95).level(in: .limited) == 224)
    #expect(Zebras(threshold: 0.95).level(in: .full) == 242)
  }

  @Test func thresholdIsClampedIntoRange() {
    #expect(Zebras(threshold: 3).threshold == 1)
    #expect(Zebras(threshold: -1).threshold == 0.5)
    #expect(Zebras(threshold: .nan).threshold == 0.95)
  }

  @Test func goldenOnTheStillScene() throws {
    var settings = ViewfinderAidSettings()
    settings.showsZebras = true
    settings.zebraPercent = 80
    let renderer = ViewfinderAidsRenderer()
    renderer.update(AidScene.frame(focus: 0.5), shown: AidScene.shown, settings: settings)
    #expect(renderer.layer.rgba.contains { $0 != 0 }, "the still scene has highlights")
    try GoldenAssertion().verify(
      AidScene.picture(renderer.luma, layer: renderer.layer), named: "zebras-still-scene")
  }
}
