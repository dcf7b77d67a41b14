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

  /// Printed detail on an object's face, so a plain shape has contrast inside its outline, as
  /// real objects do, and not only at its edges.
  public enum Texture: Hashable, Sendable {
    /// One flat colour.
    case plain
    /// `count` horizontal bands (at most 64) alternating between the colour and a darker shade
    /// of it, clipped to the outline.
    case stripes(count: Int)
    /// `count` concentric rings (at most 64) alternating between the colour and a darker shade
    /// of it; for discs (other shapes ignore it).
    case rings(count: Int)
  }

  /// The outline.
  public var shape: Shape
  /// The detail on the face of a disc or a rectangle (the star and the board have their own).
  public var texture: Texture
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
    shape: Shape, depth: Double, size: Double, color: SceneColor, motion: SceneMotion,
    texture: Texture = .plain
  ) {
    self.shape = shape
    self.texture = texture
    self.depth = min(max(depth, 0), 1)
    self.size = size
    self.color = color
    self.motion = motion
  }

  /// 1 for the nearest object, 0 for the farthest.
  public var nearness: Double { 1 - depth }
}
