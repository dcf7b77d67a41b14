// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@testable import SimulatedCamera

@Suite("The simulated scene model")
struct SceneModelTests {
  @Test(arguments: [0, 1, 2, 99, UInt64.max])
  func objectsHaveDepthsInTheUnitRange(seed: UInt64) {
    let scene = SimulatedScene.standard(seed: seed)
    #expect(scene.objects.count >= 5)
    #expect(scene.objects.allSatisfy { (0...1).contains($0.depth) })
  }

  @Test func spansNearMiddleAndFarDepths() {
    let depths = SimulatedScene.standard(seed: 5).objects.map(\.depth)
    #expect(depths.contains { $0 < 0.3 })
    #expect(depths.contains { $0 > 0.35 && $0 < 0.65 })
    #expect(depths.contains { $0 > 0.7 })
  }

  @Test func objectsAreOrderedFarToNear() {
    let scene = SimulatedScene(objects: [
      SceneObject(shape: .disc, depth: 0.2, size: 0.1, color: .white, motion: .fixed(x: 0, y: 0)),
      SceneObject(shape: .disc, depth: 0.9, size: 0.1, color: .white, motion: .fixed(x: 0, y: 0)),
      SceneObject(shape: .disc, depth: 0.5, size: 0.1, color: .white, motion: .fixed(x: 0, y: 0)),
    ])
    #expect(scene.objects.map(\.depth) == [0.9, 0.5, 0.2])
  }

  @Test func depthIsClampedToTheUnitRange() {
    let motion = SceneMotion.fixed(x: 0.5, y: 0.5)
    #expect(
      SceneObject(shape: .disc, depth: -1, size: 0.1, color: .white, motion: motion).depth == 0)
    #expect(
      SceneObject(shape: .disc, depth: 3, size: 0.1, color: .white, motion: motion).depth == 1)
  }

  @Test(arguments: [1, 11, 12345] as [UInt64])
  func nearerObjectsAreLargerAndFaster(seed: UInt64) throws {
    let discs = SimulatedScene.standard(seed: seed).objects.filter { $0.shape == .disc }
    let near = try #require(discs.min { $0.depth < $1.depth })
    let far = try #require(discs.max { $0.depth < $1.depth })
    #expect(near.depth < far.depth)
    #expect(near.size > far.size)
    // Speeds carry ±10 % seeded jitter, less than the depth factor separates near from middle.
    #expect(near.motion.angularSpeedX > far.motion.angularSpeedX)
  }

  @Test func motionIsAPureFunctionOfTime() {
    let motion = SceneMotion(
      centerX: 0.5, centerY: 0.5, amplitudeX: 0.2, amplitudeY: 0.1, angularSpeedX: 2,
      angularSpeedY: 3, phase: 1, spin: 0.5)
    #expect(motion.position(at: 1.25) == motion.position(at: 1.25))
    #expect(motion.position(at: 0) != motion.position(at: 0.1))
    let position = motion.position(at: 17)
    #expect(abs(position.x - 0.5) <= 0.2 && abs(position.y - 0.5) <= 0.1)
  }

  @Test func aStilledSceneSpreadsItsObjectsFarLeftToNearRightAndHoldsThemStill() {
    let scene = SimulatedScene.standard(seed: 1).stilled()
    let positions = scene.objects.map { $0.motion.position(at: 0) }
    #expect(positions.map(\.x) == positions.map(\.x).sorted())
    #expect(positions.first?.x == 0.12 && positions.last?.x == 0.88)
    for object in scene.objects {
      #expect(object.motion.position(at: 0) == object.motion.position(at: 7.5))
      #expect(object.motion.rotation(at: 0) == object.motion.rotation(at: 7.5))
    }
    #expect(scene.objects.map(\.depth) == SimulatedScene.standard(seed: 1).objects.map(\.depth))
  }

  @Test func discsAndRectanglesOfTheStandardSceneCarryTexture() {
    for object in SimulatedScene.standard(seed: 5).objects {
      switch object.shape {
      case .disc, .rectangle: #expect(object.texture != .plain, "\(object.shape)")
      case .siemensStar, .checkerboard: #expect(object.texture == .plain)
      }
    }
  }

  @Test func coloursEncodeToStandardLimitedRangeValues() {
    #expect(SceneColor.black.encoded(.bt709) == YCbCr(y: 16, cb: 128, cr: 128))
    #expect(SceneColor.white.encoded(.bt601) == YCbCr(y: 235, cb: 128, cr: 128))
    // 100 % red: BT.601 gives Y 81, Cb 90, Cr 240; BT.709 gives Y 63, Cb 102, Cr 240.
    let red = SceneColor(red: 1, green: 0, blue: 0)
    #expect(red.encoded(.bt601) == YCbCr(y: 81, cb: 90, cr: 240))
    #expect(red.encoded(.bt709) == YCbCr(y: 63, cb: 102, cr: 240))
  }
}
