// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import Testing
import ViewfinderAids

@Suite struct FocusPeakingTests {
  /// Marked samples of the last update inside `target`'s region.
  private func marks(in target: FocusChart.Target, renderer: ViewfinderAidsRenderer) -> Int {
    let layer = renderer.layer
    let region = target.region
    let left = Int((region.centerX - region.width / 2) * Double(layer.width))
    let right = Int((region.centerX + region.width / 2) * Double(layer.width))
    let top = Int((region.centerY - region.height / 2) * Double(layer.height))
    let bottom = Int((region.centerY + region.height / 2) * Double(layer.height))
    var count = 0
    for y in top..<bottom {
      for x in left..<right where layer.pixel(x: x, y: y).alpha > 0 { count += 1 }
    }
    return count
  }

  private func peaking(focus: Double) -> ViewfinderAidsRenderer {
    var settings = ViewfinderAidSettings()
    settings.showsFocusPeaking = true
    let renderer = ViewfinderAidsRenderer()
    renderer.update(
      AidScene.frame(scene: FocusChart.scene, focus: focus), shown: AidScene.shown,
      settings: settings)
    return renderer
  }

  @Test func marksTheNearTargetAndNotTheFarOneWhenFocusedNear() {
    let renderer = peaking(focus: FocusChart.near.depth)
    let near = marks(in: FocusChart.near, renderer: renderer)
    let far = marks(in: FocusChart.far, renderer: renderer)
    #expect(near > 200, "near \(near)")
    #expect(far * 20 < near, "near \(near), far \(far)")
  }

  @Test func marksTheFarTargetAndNotTheNearOneWhenFocusedFar() {
    let renderer = peaking(focus: FocusChart.far.depth)
    let near = marks(in: FocusChart.near, renderer: renderer)
    let far = marks(in: FocusChart.far, renderer: renderer)
    #expect(far > 200, "far \(far)")
    #expect(near * 20 < far, "near \(near), far \(far)")
  }

  @Test func marksNothingOnAFlatPicture() {
    // A grain of ±1 code, as sensor noise on a wall.
    let luma = LumaPlane(
      width: 64, height: 48, samples: (0..<(64 * 48)).map { UInt8(100 + $0 % 3) })
    var image = AidImage(width: 64, height: 48)
    var peaking = FocusPeaking()
    #expect(peaking.mark(luma, into: &image) == 0)
  }

  @Test func marksASharpStepInItsOwnColour() {
    let samples = (0..<(64 * 48)).map { $0 % 64 < 32 ? UInt8(30) : UInt8(220) }
    let luma = LumaPlane(width: 64, height: 48, samples: samples)
    var image = AidImage(width: 64, height: 48)
    var peaking = FocusPeaking()
    let marked = peaking.mark(luma, into: &image)
    #expect(marked == 2 * (48 - 2 * FocusPeaking.span))
    #expect(image.pixel(x: 31, y: 10) == peaking.color)
    #expect(image.pixel(x: 32, y: 10) == peaking.color)
    #expect(image.pixel(x: 20, y: 10).alpha == 0)
  }

  @Test func peakingOverZebrasKeepsTheStripesAndALayerOfItsOwnIsCleared() {
    let samples = (0..<(64 * 48)).map { $0 % 64 < 32 ? UInt8(30) : UInt8(250) }
    let luma = LumaPlane(width: 64, height: 48, samples: samples)
    var zebraOnly = AidImage(width: 64, height: 48)
    Zebras(threshold: 0.9).mark(luma, into: &zebraOnly)
    var both = zebraOnly
    var peaking = FocusPeaking()
    peaking.mark(luma, into: &both, clearing: false)
    for y in 4..<44 {
      for x in 34..<60 { #expect(both.pixel(x: x, y: y) == zebraOnly.pixel(x: x, y: y)) }
      #expect(both.pixel(x: 32, y: y) == peaking.color)
    }
    // Drawn alone over an old layer, peaking leaves nothing of it.
    var reused = zebraOnly
    peaking.mark(luma, into: &reused)
    #expect(reused.pixel(x: 40, y: 10).alpha == 0 && reused.pixel(x: 41, y: 10).alpha == 0)
    #expect(reused.pixel(x: 32, y: 0).alpha == 0)
  }

  @Test func goldenOnTheStillScene() throws {
    var settings = ViewfinderAidSettings()
    settings.showsFocusPeaking = true
    let renderer = ViewfinderAidsRenderer()
    renderer.update(AidScene.frame(focus: 0.5), shown: AidScene.shown, settings: settings)
    try GoldenAssertion().verify(
      AidScene.picture(renderer.luma, layer: renderer.layer), named: "peaking-still-scene")
  }
}
