// SPDX-License-Identifier: MIT
import CLibYUV

/// Turns and mirrors packed 4-byte pixels (RGBA, ARGB: the byte order does not matter) with
/// libyuv, for showing photos the way their EXIF Orientation says. Any thread.
public enum PixelRotation {
  /// Clockwise turns libyuv offers.
  public enum Turn: Sendable {
    /// No turn.
    case none
    /// A quarter turn clockwise.
    case clockwise
    /// A half turn.
    case half
    /// A quarter turn anticlockwise.
    case anticlockwise

    /// True when the turn swaps width and height.
    public var swapsSides: Bool { self == .clockwise || self == .anticlockwise }

    fileprivate var mode: RotationMode {
      switch self {
      case .none: kRotate0
      case .clockwise: kRotate90
      case .half: kRotate180
      case .anticlockwise: kRotate270
      }
    }
  }

  /// `pixels` (`width` x `height`, 4 bytes each, rows packed) mirrored left to right when
  /// `mirrored`, then turned by `turn`; returns the new pixels and their size.
  public static func apply(
    _ pixels: [UInt8], width: Int, height: Int, mirrored: Bool, turn: Turn
  ) -> (pixels: [UInt8], width: Int, height: Int) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
    guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
      return (pixels, width, height)
    }
    var source = pixels
    if mirrored {
      var flipped = [UInt8](repeating: 0, count: pixels.count)
      pixels.withUnsafeBufferPointer { src in
        flipped.withUnsafeMutableBufferPointer { dst in
          _ = ARGBMirror(
            src.baseAddress, Int32(width * 4), dst.baseAddress, Int32(width * 4), Int32(width),
            Int32(height))
        }
      }
      source = flipped
    }
    guard turn != .none else { return (source, width, height) }
    let outWidth = turn.swapsSides ? height : width
    let outHeight = turn.swapsSides ? width : height
    var turned = [UInt8](repeating: 0, count: source.count)
    source.withUnsafeBufferPointer { src in
      turned.withUnsafeMutableBufferPointer { dst in
        _ = ARGBRotate(
          src.baseAddress, Int32(width * 4), dst.baseAddress, Int32(outWidth * 4), Int32(width),
          Int32(height), turn.mode)
      }
    }
    return (turned, outWidth, outHeight)
  }
}
