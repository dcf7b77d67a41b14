// SPDX-License-Identifier: MIT
import CameraModel

/// Which part of a frame to scan, independent of its size until `rectangle(in:)` resolves it.
public enum ScanRegion: Hashable, Sendable {
  /// All of it.
  case whole
  /// A square centred in the frame, its side `fraction` of the frame's shorter side (the
  /// window's default is 0.6).
  case centeredSquare(fraction: Double)
  /// A rectangle in normalised frame coordinates, 0…1 across and down.
  case normalized(x: Double, y: Double, width: Double, height: Double)
  /// A rectangle in frame pixels.
  case pixels(PixelRectangle)

  /// The region the window starts with.
  public static let standard = ScanRegion.centeredSquare(fraction: 0.6)

  /// Parses `--roi X,Y,W,H`: whole numbers are pixels; numbers with a decimal point, all
  /// between 0 and 1, are fractions of the frame. Nil for anything else or an empty area.
  public init?(parsing text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 4 else { return nil }
    let integers = parts.compactMap { Int($0) }
    if integers.count == 4 {
      guard integers.allSatisfy({ (0...(1 << 15)).contains($0) }), integers[2] > 0,
        integers[3] > 0
      else { return nil }
      self = .pixels(
        PixelRectangle(
          left: integers[0], top: integers[1], width: integers[2], height: integers[3]))
      return
    }
    let numbers = parts.compactMap { Double($0) }
    guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && (0...1).contains($0) }),
      numbers[2] > 0, numbers[3] > 0, numbers[0] + numbers[2] <= 1 + 1e-9,
      numbers[1] + numbers[3] <= 1 + 1e-9
    else { return nil }
    self = .normalized(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// The region in pixels of a frame of `size`, clamped inside it (at least one pixel for a
  /// non-empty frame).
  public func rectangle(in size: FrameSize) -> PixelRectangle {
    let width = Double(max(size.width, 0))
    let height = Double(max(size.height, 0))
    let rectangle: PixelRectangle
    switch self {
    case .whole:
      rectangle = PixelRectangle(covering: size)
    case .centeredSquare(let fraction):
      let share = fraction.isFinite ? min(max(fraction, 0), 1) : 1
      let side = Int((min(width, height) * share).rounded())
      rectangle = PixelRectangle(
        left: (size.width - side) / 2, top: (size.height - side) / 2, width: side, height: side)
    case .normalized(let x, let y, let w, let h):
      let clamp = { (value: Double) in value.isFinite ? min(max(value, 0), 1) : 0 }
      let left = Int((clamp(x) * width).rounded())
      let top = Int((clamp(y) * height).rounded())
      rectangle = PixelRectangle(
        left: left, top: top, width: Int((clamp(w) * width).rounded()),
        height: Int((clamp(h) * height).rounded()))
    case .pixels(let pixels):
      rectangle = pixels
    }
    return rectangle.clamped(to: size)
  }
}
