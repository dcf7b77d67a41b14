// SPDX-License-Identifier: MIT
import CameraModel
import Metering
import SimulatedCamera

/// A still scene for focus and exposure tests: three textured targets side by side at near,
/// middle and far depths, plus a dark and a light grey card, none of them overlapping even
/// when fully blurred.
enum OpticsTestScene {
  /// One target: where it is, how deep, and the region that meters it.
  struct Target {
    let name: String
    let depth: Double
    let x: Double
    let y: Double
    /// Region height as a fraction of the frame height; the width keeps it square at 16:9.
    var regionSize = 0.16

    /// A square region well inside the target.
    var region: RegionOfInterest {
      RegionOfInterest(centerX: x, centerY: y, width: regionSize * 9 / 16, height: regionSize)
    }
  }

  static let near = Target(name: "near", depth: 0.12, x: 0.2, y: 0.45)
  static let middle = Target(name: "middle", depth: 0.5, x: 0.5, y: 0.45)
  static let far = Target(name: "far", depth: 0.88, x: 0.8, y: 0.45)
  static let focusTargets = [near, middle, far]

  /// Cards for exposure: a dark and a light grey, untextured.
  static let darkCard = Target(name: "dark", depth: 0.5, x: 0.3, y: 0.76, regionSize: 0.08)
  static let lightCard = Target(name: "light", depth: 0.5, x: 0.7, y: 0.76, regionSize: 0.08)

  static let scene = SimulatedScene(objects: [
    SceneObject(
      shape: .siemensStar(spokes: 16), depth: near.depth, size: 0.25, color: .white,
      motion: .fixed(x: near.x, y: near.y)),
    SceneObject(
      shape: .checkerboard(cells: 8), depth: middle.depth, size: 0.25,
      color: SceneColor(red: 0.9, green: 0.8, blue: 0.3), motion: .fixed(x: middle.x, y: middle.y)),
    SceneObject(
      shape: .siemensStar(spokes: 16), depth: far.depth, size: 0.25, color: .white,
      motion: .fixed(x: far.x, y: far.y)),
    SceneObject(
      shape: .rectangle(aspect: 1.2), depth: darkCard.depth, size: 0.16,
      color: SceneColor(grey: 0.08), motion: .fixed(x: darkCard.x, y: darkCard.y)),
    SceneObject(
      shape: .rectangle(aspect: 1.2), depth: lightCard.depth, size: 0.16,
      color: SceneColor(grey: 0.92), motion: .fixed(x: lightCard.x, y: lightCard.y)),
  ])

  /// The frame size of these tests: 640x360 keeps debug-build renders with blur cheap; the
  /// blur and the regions scale with the frame, so focus behaves as at 720p (the opt-in
  /// `OpticsMeasurements` runs the same searches at 1280x720).
  static let size = FrameSize(width: 640, height: 360)

  /// A streaming camera on a manual clock showing the scene, autofocus and auto-exposure off.
  static func camera(
    focus: Double = 0.5, exposure: Double = 0.5,
    size: FrameSize = size
  ) throws -> SimulatedCamera {
    let camera = SimulatedCamera(
      options: .init(
        size: size, startTime: MonotonicTime(nanoseconds: 1_000_000_000), clock: ManualClock(),
        scene: scene, lens: LensState(focus: focus), sensor: SensorState(exposure: exposure)))
    try camera.startStreaming()
    return camera
  }

  /// The next frame, copied out of the camera.
  static func nextFrame(from camera: SimulatedCamera) throws -> CapturedFrame? {
    try CapturedFrame.capture(1, from: camera).first
  }
}
