// SPDX-License-Identifier: MIT

#if canImport(Glibc)
  import Glibc
#endif

/// A digital zoom: the part of the frame the preview shows enlarged and photos are cropped to.
///
/// The region is kept in sensor space (normalised 0…1 across and down the frame *as
/// captured*), so the preview's source rectangle and a photo's crop come straight from it
/// whatever the preview's mirror and rotation; the view side converts pointer positions and
/// drags with `ViewMapping`. The region always has the frame's aspect ratio and lies inside
/// it. Pure; any thread.
public struct DigitalZoom: Hashable, Sendable {
  /// The smallest factor: the whole frame.
  public static let minimumFactor = 1.0
  /// The largest factor: a quarter of the frame across.
  public static let maximumFactor = 4.0
  /// The factor one wheel notch or one +/− press multiplies or divides by (four steps
  /// double it).
  public static let stepFactor = 1.189_207_115  // 2^(1/4)

  /// How much the preview is enlarged, `minimumFactor…maximumFactor`.
  public private(set) var factor: Double
  /// The region's centre across the frame, 0…1.
  public private(set) var centerX: Double
  /// The region's centre down the frame, 0…1.
  public private(set) var centerY: Double

  /// The whole frame, not zoomed.
  public static let none = DigitalZoom()

  /// Makes a zoom of `factor` centred on (`centerX`, `centerY`); out-of-range or non-finite
  /// values are clamped so the region lies inside the frame.
  public init(factor: Double = 1, centerX: Double = 0.5, centerY: Double = 0.5) {
    self.factor = Self.clampedFactor(factor)
    self.centerX = 0.5
    self.centerY = 0.5
    moveCenter(toX: centerX, y: centerY)
  }

  /// True when only part of the frame is shown.
  public var isZoomed: Bool { factor > Self.minimumFactor + 1e-9 }

  /// The region's width and height as fractions of the frame's.
  public var extent: Double { 1 / factor }

  /// The region's left edge, 0…1.
  public var minX: Double { centerX - extent / 2 }
  /// The region's top edge, 0…1.
  public var minY: Double { centerY - extent / 2 }

  /// The same zoom with factor `newFactor`, keeping the sensor point (`x`, `y`) where it is
  /// on screen (zoom toward the pointer); the centre is then clamped into the frame.
  public func zoomed(to newFactor: Double, keepingX x: Double = 0.5, y: Double = 0.5)
    -> DigitalZoom
  {
    let next = Self.clampedFactor(newFactor)
    guard x.isFinite, y.isFinite else {
      return DigitalZoom(factor: next, centerX: centerX, centerY: centerY)
    }
    // A point at offset d from the centre is shown d × factor from the view's centre; keeping
    // it fixed while the factor changes scales its offset from the new centre by old/new.
    let ratio = factor / next
    return DigitalZoom(
      factor: next, centerX: x - (x - centerX) * ratio, centerY: y - (y - centerY) * ratio)
  }

  /// The zoom after `steps` wheel notches or key presses (positive zooms in), toward sensor
  /// point (`x`, `y`).
  public func stepped(by steps: Int, keepingX x: Double = 0.5, y: Double = 0.5) -> DigitalZoom {
    let clampedSteps = Double(min(max(steps, -64), 64))
    return zoomed(to: factor * pow(Self.stepFactor, clampedSteps), keepingX: x, y: y)
  }

  /// The zoom with its centre moved by (`dx`, `dy`) in sensor fractions, clamped.
  public func panned(byX dx: Double, y dy: Double) -> DigitalZoom {
    guard dx.isFinite, dy.isFinite else { return self }
    var copy = self
    copy.moveCenter(toX: centerX + dx, y: centerY + dy)
    return copy
  }

  /// The region in pixels of a frame of `size`: even edges and size (so NV12's half-size
  /// chroma crops along with it), the frame's aspect ratio, inside the frame. The whole frame
  /// when not zoomed.
  public func cropRectangle(in size: FrameSize) -> PixelRectangle {
    guard isZoomed, size.width >= 2, size.height >= 2 else {
      return PixelRectangle(covering: size)
    }
    let width = max(Self.even(Double(size.width) * extent), 2)
    let height = max(Self.even(Double(size.height) * extent), 2)
    let left = Self.even(Double(size.width) * minX)
    let top = Self.even(Double(size.height) * minY)
    return PixelRectangle(
      left: min(max(left, 0), size.width - width), top: min(max(top, 0), size.height - height),
      width: width, height: height)
  }

  /// The sensor point shown at (`x`, `y`) of the zoomed view, both in the region's own
  /// 0…1 coordinates (before mirror and rotation).
  public func framePoint(fromRegionX x: Double, y: Double) -> (x: Double, y: Double) {
    (minX + x * extent, minY + y * extent)
  }

  private mutating func moveCenter(toX x: Double, y: Double) {
    let half = extent / 2
    centerX = min(max(x.isFinite ? x : 0.5, half), 1 - half)
    centerY = min(max(y.isFinite ? y : 0.5, half), 1 - half)
  }

  private static func clampedFactor(_ factor: Double) -> Double {
    guard factor.isFinite else { return minimumFactor }
    // Snap to 1 near 1 so rounding in repeated steps returns exactly to the whole frame.
    let clamped = min(max(factor, minimumFactor), maximumFactor)
    return abs(clamped - 1) < 1e-6 ? 1 : clamped
  }

  private static func even(_ value: Double) -> Int {
    guard value.isFinite, value > 0 else { return 0 }
    return Int((value / 2).rounded(.down)) * 2
  }
}
