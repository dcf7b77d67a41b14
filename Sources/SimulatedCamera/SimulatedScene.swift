// SPDX-License-Identifier: MIT

/// What the simulated camera looks at: a set of objects at different depths in front of a
/// static test-chart background.
///
/// The scene is pure data; `SimulatedSceneRenderer` draws it. Objects are kept sorted from far
/// to near, the order a painter draws them in.
public struct SimulatedScene: Hashable, Sendable {
  /// The objects, farthest first.
  public private(set) var objects: [SceneObject]
  /// A QR code drawn over the objects (`--scene-code`), nil for none.
  public var code: SceneCode?

  /// Makes a scene of `objects` (in any order).
  public init(objects: [SceneObject]) {
    self.objects = objects.sorted { $0.depth > $1.depth }
  }

  /// The standard scene: two far, two middle and two near objects. `seed` varies their colours,
  /// paths and phases; the same seed always gives the same scene.
  ///
  /// Nearer objects are drawn larger and move faster, as they would through a real lens, so
  /// depth reads at a glance even before a lens model blurs them.
  public static func standard(seed: UInt64) -> SimulatedScene {
    var random = SceneRandom(seed: seed)
    // Discs and rectangles carry rings and stripes, so a click anywhere on an object finds
    // detail to focus on, as it would on real things.
    let layout: [(SceneObject.Shape, SceneObject.Texture, ClosedRange<Double>, Double)] = [
      (.checkerboard(cells: 6), .plain, 0.85...0.95, 0.30),
      (.rectangle(aspect: 1.8), .stripes(count: 7), 0.75...0.85, 0.16),
      (.siemensStar(spokes: 16), .plain, 0.45...0.55, 0.26),
      (.disc, .rings(count: 5), 0.40...0.60, 0.14),
      (.disc, .rings(count: 4), 0.05...0.15, 0.16),
      (.rectangle(aspect: 0.55), .stripes(count: 9), 0.10...0.25, 0.20),
    ]
    var palette = Self.palette
    palette.shuffle(using: &random)
    let objects = layout.enumerated().map { index, entry in
      let (shape, texture, depths, baseSize) = entry
      let depth = random.value(in: depths)
      let color: SceneColor
      switch shape {
      case .siemensStar: color = .white
      default: color = palette[index % palette.count]
      }
      return SceneObject(
        shape: shape, depth: depth, size: baseSize * (0.6 + 0.8 * (1 - depth)), color: color,
        motion: motion(depth: depth, random: &random), texture: texture)
    }
    return SimulatedScene(objects: objects)
  }

  /// The same objects holding still, spread across the frame from the farthest on the left to
  /// the nearest on the right, alternately above and below the middle, so none hides another:
  /// a layout whose objects a demonstration or a test can click by position.
  public func stilled() -> SimulatedScene {
    let count = objects.count
    return SimulatedScene(
      objects: objects.enumerated().map { index, object in
        var still = object
        let x = count > 1 ? 0.12 + 0.76 * Double(index) / Double(count - 1) : 0.5
        still.motion = .fixed(x: x, y: index.isMultiple(of: 2) ? 0.42 : 0.62)
        return still
      })
  }

  /// `stilled()`, except that the nearest object sweeps across the middle of the frame, from
  /// left to right and back every `period`: a scene whose moving part and still part a test
  /// can tell apart by rendering it twice.
  public func stilled(exceptNearestSweepingEvery period: Duration) -> SimulatedScene {
    var scene = stilled()
    guard var nearest = scene.objects.last else { return scene }
    let seconds = max(period / .seconds(1), 0.001)
    nearest.motion = SceneMotion(
      centerX: 0.5, centerY: 0.5, amplitudeX: 0.3, amplitudeY: 0,
      angularSpeedX: 2 * Double.pi / seconds, angularSpeedY: 0)
    scene.objects[scene.objects.count - 1] = nearest
    return scene
  }

  /// The same scene with `code` shown in front of every object.
  public func showing(_ code: SceneCode?) -> SimulatedScene {
    var scene = self
    scene.code = code
    return scene
  }

  /// A Lissajous path whose speed grows with nearness; the swing stays inside the frame
  /// between the text rows at the top and the colour bars at the bottom.
  private static func motion(depth: Double, random: inout SceneRandom) -> SceneMotion {
    let speed = 0.35 + 1.3 * (1 - depth)
    return SceneMotion(
      centerX: random.value(in: 0.35...0.65), centerY: random.value(in: 0.45...0.58),
      amplitudeX: random.value(in: 0.18...0.30), amplitudeY: random.value(in: 0.06...0.14),
      angularSpeedX: speed * random.value(in: 0.9...1.1),
      angularSpeedY: speed * random.value(in: 0.5...1.5),
      phase: random.value(in: 0...(2 * Double.pi)),
      spin: (random.next() & 1 == 0 ? 1 : -1) * speed * 0.6)
  }

  /// Saturated but legal colours, so they stay inside limited range after encoding.
  private static let palette: [SceneColor] = [
    SceneColor(red: 0.85, green: 0.20, blue: 0.15),
    SceneColor(red: 0.95, green: 0.75, blue: 0.10),
    SceneColor(red: 0.15, green: 0.65, blue: 0.30),
    SceneColor(red: 0.20, green: 0.45, blue: 0.90),
    SceneColor(red: 0.75, green: 0.30, blue: 0.80),
    SceneColor(red: 0.10, green: 0.75, blue: 0.80),
    SceneColor(red: 0.95, green: 0.55, blue: 0.25),
  ]
}
