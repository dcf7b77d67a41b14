// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Metering
import SimulatedCamera

/// A still simulated scene for the focus engine: textured targets at near, middle and far
/// depths side by side, and a dark and a light card for exposure, none overlapping even when
/// blurred. Streams at 640x360, 30 fps on the real clock through a capture session.
enum FocusTestScene {
  /// One target: where it is and how deep.
  struct Target: Sendable, CustomStringConvertible {
    let name: String
    let depth: Double
    let x: Double
    let y: Double
    var regionSize = 0.16

    /// A square region well inside the target (16:9 frame).
    var region: RegionOfInterest {
      RegionOfInterest(centerX: x, centerY: y, width: regionSize * 9 / 16, height: regionSize)
    }

    var description: String { name }
  }

  static let near = Target(name: "near", depth: 0.12, x: 0.2, y: 0.45)
  static let middle = Target(name: "middle", depth: 0.5, x: 0.5, y: 0.45)
  static let far = Target(name: "far", depth: 0.88, x: 0.8, y: 0.45)
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

  static let size = FrameSize(width: 640, height: 360)

  /// A session streaming the scene from a simulated camera with continuous autofocus on and
  /// the lens at `focus`, auto-exposure off at `exposure`.
  static func session(focus: Double = 0.5, exposure: Double = 0.5) -> CaptureSession {
    let options = SimulatedCamera.Options(
      size: size, scene: scene, lens: LensState(focus: focus, isAutofocusEnabled: true),
      sensor: SensorState(exposure: exposure))
    return CaptureSession(
      configuration: .init(request: ModeRequest(size: size, framesPerSecond: 30)),
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        SimulatedCamera(options: options)
      },
      makeConverter: { CopyingConverter() })
  }
}

extension CaptureEventRecorder {
  /// The focus reports so far, in order.
  var focusReports: [FocusReport] {
    events.compactMap { if case .focus(let report) = $0 { report } else { nil } }
  }

  /// The value of control `id` in the newest control list reported.
  func latestValue(of id: ControlID) -> Int64? {
    let lists = events.compactMap { if case .controlsChanged(let list) = $0 { list } else { nil } }
    return lists.last?.first { $0.id == id }?.value
  }
}
