// SPDX-License-Identifier: MIT
import Metering
import SimulatedCamera

/// A still scene for focus and exposure tests: three textured targets side by side at near,
/// middle and far depths, plus a dark and a light grey card, none of them overlapping even
/// when fully blurred. The simulated camera's tests render it directly; the capture tests
/// stream it through a session.
public enum FocusChart {
  /// One target: where it is, how deep, and the region that meters it.
  public struct Target: Sendable, CustomStringConvertible {
    /// Its name in test output.
    public let name: String
    /// Its depth, on the lens's 0 (near) … 1 (far) scale.
    public let depth: Double
    /// Its centre, normalised.
    public let x: Double
    /// Its centre, normalised.
    public let y: Double
    /// Region height as a fraction of the frame height; the width keeps it square at 16:9.
    public var regionSize = 0.16

    /// A square region well inside the target.
    public var region: RegionOfInterest {
      RegionOfInterest(centerX: x, centerY: y, width: regionSize * 9 / 16, height: regionSize)
    }

    /// The name.
    public var description: String { name }
  }

  /// The near Siemens star.
  public static let near = Target(name: "near", depth: 0.12, x: 0.2, y: 0.45)
  /// The middle checkerboard.
  public static let middle = Target(name: "middle", depth: 0.5, x: 0.5, y: 0.45)
  /// The far Siemens star.
  public static let far = Target(name: "far", depth: 0.88, x: 0.8, y: 0.45)
  /// The three focus targets, near to far.
  public static let focusTargets = [near, middle, far]

  /// The dark grey card, untextured, for exposure.
  public static let darkCard = Target(name: "dark", depth: 0.5, x: 0.3, y: 0.76, regionSize: 0.08)
  /// The light grey card, untextured, for exposure.
  public static let lightCard = Target(
    name: "light", depth: 0.5, x: 0.7, y: 0.76, regionSize: 0.08)

  /// The scene.
  public static let scene = SimulatedScene(objects: [
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
}
