// SPDX-License-Identifier: MIT

/// One thing in the simulated scene: a shape at a depth, moving along a path.
///
/// `depth` is the normalised distance from the camera, 0 nearest and 1 farthest, on the same
/// scale as a normalised lens focus position: a lens model can blur each object by
/// `|focus - depth|` without knowing anything else about it.
public struct SceneObject: Hashable, Sendable {
  /// The outline and texture of an object.
  public enum Shape: Hashable, Sendable {
    /// A filled circle; `size` is its diameter.
    case disc
    /// A filled rectangle `aspect` times as wide as it is tall; `size` is its height.
    case rectangle(aspect: Double)
    /// A black-and-white star of `spokes` dark wedges (at most 256), the classic resolution
    /// target whose fine centre shows focus and blur at a glance; `size` is its diameter.
    case siemensStar(spokes: Int)
    /// A square board of `cells` × `cells` alternating squares (at most 256 a side); `size` is
    /// its side.
    case checkerboard(cells: Int)
  }

  /// The outline.
  public var shape: Shape
  /// Distance from the camera, 0 (nearest) … 1 (farthest).
  public var depth: Double
  /// Extent as a fraction of the frame height (see each `Shape` case).
  public var size: Double
  /// Main colour; the star and the checkerboard alternate it with black.
  public var color: SceneColor
  /// How the object moves over stream time.
  public var motion: SceneMotion

  /// Makes an object; `depth` is clamped to 0…1.
  public init(
    shape: Shape, depth: Double, size: Double, color: SceneColor, motion: SceneMotion
  ) {
    self.shape = shape
    self.depth = min(max(depth, 0), 1)
    self.size = size
    self.color = color
    self.motion = motion
  }

  /// 1 for the nearest object, 0 for the farthest.
  public var nearness: Double { 1 - depth }
}
