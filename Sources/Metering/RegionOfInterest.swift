// SPDX-License-Identifier: MIT
import CameraModel

/// A rectangle of the sensor image, in normalised coordinates (0…1 across and down), that
/// focus and exposure are measured in.
///
/// The region is clamped on creation: its size to 0…1 and its centre so the whole rectangle
/// lies inside the image. A tap near an edge therefore meters a region of the requested size
/// pushed inwards, rather than a smaller one, which keeps the statistics comparable.
public struct RegionOfInterest: Hashable, Sendable {
  /// Horizontal centre, 0 (left) … 1 (right).
  public let centerX: Double
  /// Vertical centre, 0 (top) … 1 (bottom).
  public let centerY: Double
  /// Width as a fraction of the image width.
  public let width: Double
  /// Height as a fraction of the image height.
  public let height: Double

  /// Makes a region centred on (`centerX`, `centerY`), clamped to lie inside the image.
  /// NaN counts as the image centre for a centre and as zero for a size.
  public init(centerX: Double, centerY: Double, width: Double, height: Double) {
    self.width = Self.unit(width, fallback: 0)
    self.height = Self.unit(height, fallback: 0)
    self.centerX = min(max(Self.unit(centerX, fallback: 0.5), self.width / 2), 1 - self.width / 2)
    self.centerY = min(
      max(Self.unit(centerY, fallback: 0.5), self.height / 2), 1 - self.height / 2)
  }

  /// The whole image.
  public static let full = RegionOfInterest(centerX: 0.5, centerY: 0.5, width: 1, height: 1)

  /// A region of `size` × `size` (fractions of each dimension) around `point`, the usual
  /// tap-to-meter region; 20 % matches what phone cameras meter after a tap.
  public static func around(x: Double, y: Double, size: Double = 0.2) -> RegionOfInterest {
    RegionOfInterest(centerX: x, centerY: y, width: size, height: size)
  }

  /// The pixel columns and rows the region covers in an image of `size`: every pixel whose
  /// centre lies inside, and never less than one pixel in each direction for a non-empty image.
  public func pixelBounds(in size: FrameSize) -> (columns: Range<Int>, rows: Range<Int>) {
    (
      Self.pixels(center: centerX, extent: width, count: size.width),
      Self.pixels(center: centerY, extent: height, count: size.height)
    )
  }

  /// The region as a pixel rectangle of an image of `size`: the pixels `pixelBounds` covers,
  /// which is what a camera's own region of interest (UVC 1.5) is given in.
  public func pixelRectangle(in size: FrameSize) -> PixelRectangle {
    let (columns, rows) = pixelBounds(in: size)
    return PixelRectangle(
      left: columns.lowerBound, top: rows.lowerBound, width: columns.count, height: rows.count)
  }

  private static func pixels(center: Double, extent: Double, count: Int) -> Range<Int> {
    guard count > 0 else { return 0..<0 }
    let first = Int((((center - extent / 2) * Double(count)) - 0.5).rounded(.up))
    let end = Int((((center + extent / 2) * Double(count)) - 0.5).rounded(.up))
    let lower = min(max(first, 0), count - 1)
    return lower..<min(max(end, lower + 1), count)
  }

  private static func unit(_ value: Double, fallback: Double) -> Double {
    value.isNaN ? fallback : min(max(value, 0), 1)
  }
}
