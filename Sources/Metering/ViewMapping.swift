// SPDX-License-Identifier: MIT
import CameraModel

/// Maps points between the window, the displayed picture and the sensor image.
///
/// The preview shows the sensor image rotated clockwise by `rotation`, then flipped left to
/// right when `isMirrored` (a selfie view), scaled into `videoRect` of the window. Three
/// coordinate spaces take part:
/// - window points, in window pixels;
/// - image points, normalised 0…1 across and down the picture *as displayed*;
/// - sensor points, normalised 0…1 across and down the image *as captured*, which is what
///   `RegionOfInterest` and driver region controls speak.
///
/// Taps on the letterbox bars around `videoRect` map to nil. Pure; any thread.
public struct ViewMapping: Hashable, Sendable {
  /// How far the preview is turned clockwise relative to the sensor image.
  public enum Rotation: Int, Hashable, Sendable, CaseIterable {
    /// Shown as captured.
    case none = 0
    /// Turned a quarter clockwise: the sensor's top edge is on the right.
    case clockwise90 = 90
    /// Upside down.
    case upsideDown = 180
    /// Turned three quarters clockwise: the sensor's top edge is on the left.
    case clockwise270 = 270

    /// True when width and height trade places.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }
  }

  /// Where the picture sits in the window, in window pixels.
  public let videoRect: Rect
  /// The sensor image size in pixels.
  public let imageSize: FrameSize
  /// True when the preview is flipped left to right after rotating.
  public let isMirrored: Bool
  /// The clockwise rotation of the preview.
  public let rotation: Rotation

  /// Makes a mapping for a picture already placed at `videoRect`.
  public init(
    videoRect: Rect, imageSize: FrameSize, isMirrored: Bool = false, rotation: Rotation = .none
  ) {
    self.videoRect = videoRect
    self.imageSize = imageSize
    self.isMirrored = isMirrored
    self.rotation = rotation
  }

  /// Makes the mapping for a picture aspect-fitted (letterboxed or pillarboxed, centred) into
  /// a window of `windowWidth` × `windowHeight` pixels, as the preview draws it.
  public init(
    aspectFitting imageSize: FrameSize, windowWidth: Double, windowHeight: Double,
    isMirrored: Bool = false, rotation: Rotation = .none
  ) {
    let shown =
      rotation.swapsAxes
      ? (Double(imageSize.height), Double(imageSize.width))
      : (Double(imageSize.width), Double(imageSize.height))
    let scale = shown.0 > 0 && shown.1 > 0 ? min(windowWidth / shown.0, windowHeight / shown.1) : 0
    let width = shown.0 * scale
    let height = shown.1 * scale
    self.init(
      videoRect: Rect(
        x: (windowWidth - width) / 2, y: (windowHeight - height) / 2, width: width,
        height: height),
      imageSize: imageSize, isMirrored: isMirrored, rotation: rotation)
  }

  /// The displayed-picture point under `window`, or nil when it falls on a letterbox bar (or
  /// the picture has no area). The picture's right and bottom edges count as inside.
  public func imagePoint(fromWindow window: Point) -> Point? {
    guard videoRect.width > 0, videoRect.height > 0 else { return nil }
    let u = (window.x - videoRect.minX) / videoRect.width
    let v = (window.y - videoRect.minY) / videoRect.height
    // The allowance absorbs rounding in `x + width`, so a tap computed on the far edge counts.
    let slack = 1e-9
    guard u >= -slack, u <= 1 + slack, v >= -slack, v <= 1 + slack else { return nil }
    return Point(x: min(max(u, 0), 1), y: min(max(v, 0), 1))
  }

  /// The window point showing the displayed-picture point `image`.
  public func windowPoint(fromImage image: Point) -> Point {
    Point(
      x: videoRect.minX + image.x * videoRect.width, y: videoRect.minY + image.y * videoRect.height)
  }

  /// The sensor point shown at displayed-picture point `image`: undoes the mirror, then the
  /// rotation.
  public func sensorPoint(fromImage image: Point) -> Point {
    let unmirrored = isMirrored ? Point(x: 1 - image.x, y: image.y) : image
    switch rotation {
    case .none: return unmirrored
    case .clockwise90: return Point(x: unmirrored.y, y: 1 - unmirrored.x)
    case .upsideDown: return Point(x: 1 - unmirrored.x, y: 1 - unmirrored.y)
    case .clockwise270: return Point(x: 1 - unmirrored.y, y: unmirrored.x)
    }
  }

  /// The displayed-picture point showing sensor point `sensor`: rotates, then mirrors.
  public func imagePoint(fromSensor sensor: Point) -> Point {
    let rotated: Point
    switch rotation {
    case .none: rotated = sensor
    // Turning clockwise sends the top-left corner to the top right: (x, y) → (1 − y, x).
    case .clockwise90: rotated = Point(x: 1 - sensor.y, y: sensor.x)
    case .upsideDown: rotated = Point(x: 1 - sensor.x, y: 1 - sensor.y)
    case .clockwise270: rotated = Point(x: sensor.y, y: 1 - sensor.x)
    }
    return isMirrored ? Point(x: 1 - rotated.x, y: rotated.y) : rotated
  }

  /// The sensor point under window point `window`, or nil on a letterbox bar.
  public func sensorPoint(fromWindow window: Point) -> Point? {
    imagePoint(fromWindow: window).map(sensorPoint(fromImage:))
  }

  /// The window point showing sensor point `sensor`.
  public func windowPoint(fromSensor sensor: Point) -> Point {
    windowPoint(fromImage: imagePoint(fromSensor: sensor))
  }

  /// The metering region centred on the sensor point under window point `window`, `size`
  /// of the sensor image across and down (clamped inside it), or nil on a letterbox bar.
  public func region(aroundWindow window: Point, size: Double = 0.2) -> RegionOfInterest? {
    sensorPoint(fromWindow: window).map { RegionOfInterest.around(x: $0.x, y: $0.y, size: size) }
  }

  /// The sensor pixel coordinates (0…width, 0…height) under window point `window`, or nil on
  /// a letterbox bar.
  public func sensorPixel(fromWindow window: Point) -> Point? {
    sensorPoint(fromWindow: window).map {
      Point(x: $0.x * Double(imageSize.width), y: $0.y * Double(imageSize.height))
    }
  }
}
