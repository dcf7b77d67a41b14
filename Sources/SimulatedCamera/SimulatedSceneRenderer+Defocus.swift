// SPDX-License-Identifier: MIT
import CameraModel

/// Drawing objects through the lens model: sharp objects straight onto the frame, defocused
/// ones through `DefocusCompositor`.
extension SimulatedSceneRenderer {
  /// Draws `object` blurred by box radius `radius` (pixels per pass; below
  /// `DefocusCompositor.sharpRadius` it is drawn sharp).
  func drawLayer(
    _ object: SceneObject, at seconds: Double, radius: Double, on canvas: NV12Canvas,
    frame: NV12Frame, _ colorimetry: Colorimetry
  ) {
    guard radius >= DefocusCompositor.sharpRadius,
      let bounds = Self.pixelBounds(of: object, at: seconds, in: frame.size)
    else {
      draw(object, at: seconds, on: canvas, matrix: colorimetry.matrix)
      return
    }
    defocus.composite(bounds: bounds, radius: radius, into: frame) { layer in
      draw(object, at: seconds, on: layer, matrix: colorimetry.matrix)
    }
  }

  /// The pixel rectangle (x0, y0, x1, y1) that holds every pixel `object` draws at `seconds`,
  /// clipped to the frame; nil when it misses the frame or its coordinates are unusable.
  static func pixelBounds(of object: SceneObject, at seconds: Double, in size: FrameSize)
    -> (Int, Int, Int, Int)?
  {
    let position = object.motion.position(at: seconds)
    let height = Double(size.height)
    let halfHeight = object.size * height / 2
    var halfWidth = halfHeight
    if case .rectangle(let aspect) = object.shape { halfWidth = halfHeight * aspect }
    let cx = position.x * Double(size.width)
    let cy = position.y * height
    // The same limits the drawing code applies; two extra pixels cover its rounding.
    guard abs(position.x) < 100, abs(position.y) < 100, object.size < 100, halfWidth.isFinite,
      halfWidth > 0
    else { return nil }
    let x0 = max(Int((cx - halfWidth).rounded(.down)) - 2, 0)
    let y0 = max(Int((cy - halfHeight).rounded(.down)) - 2, 0)
    let x1 = min(Int((cx + halfWidth).rounded(.up)) + 2, size.width)
    let y1 = min(Int((cy + halfHeight).rounded(.up)) + 2, size.height)
    guard x0 < x1, y0 < y1 else { return nil }
    return (x0, y0, x1, y1)
  }
}
