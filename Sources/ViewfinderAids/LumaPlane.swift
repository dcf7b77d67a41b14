// SPDX-License-Identifier: MIT
import CameraModel
import Imaging

/// The luma of a frame at the size the preview shows it: the one plane every aid reads.
/// Downsampling first keeps each aid's cost to the pixels on screen, and makes focus peaking
/// judge sharpness at the scale the person sees. Owner's thread only.
public struct LumaPlane: Sendable {
  /// Width in samples.
  public private(set) var width = 0
  /// Height in samples.
  public private(set) var height = 0
  /// `width * height` samples, rows packed.
  public private(set) var samples: [UInt8] = []
  /// Whether black and white sit at 16 and 235 (limited range) or 0 and 255.
  public private(set) var range = Colorimetry.Range.full

  /// Makes an empty plane.
  public init() {}

  /// Makes a plane from packed samples (tests); `samples` must hold `width * height` bytes.
  public init(width: Int, height: Int, samples: [UInt8], range: Colorimetry.Range = .full) {
    precondition(samples.count == width * height, "sample count does not match the size")
    self.width = width
    self.height = height
    self.samples = samples
    self.range = range
  }

  /// The size `frame` is shown at, kept no larger than the frame itself: a picture shown
  /// `shown` pixels large (width and height as the frame lies, before any quarter turn).
  public static func workingSize(frame: FrameSize, shown: FrameSize) -> FrameSize {
    guard frame.width > 0, frame.height > 0, shown.width > 0, shown.height > 0 else {
      return FrameSize(width: 0, height: 0)
    }
    let scale = min(
      Double(shown.width) / Double(frame.width), Double(shown.height) / Double(frame.height), 1)
    return FrameSize(
      width: max(Int((Double(frame.width) * scale).rounded()), 1),
      height: max(Int((Double(frame.height) * scale).rounded()), 1))
  }

  /// Fills the plane with `frame`'s luma scaled to `size` (a box filter, libyuv).
  public mutating func downsample(_ frame: NV12Frame, to size: FrameSize) {
    let size = Self.workingSize(frame: frame.size, shown: size)
    if size.width != width || size.height != height {
      width = size.width
      height = size.height
      samples = [UInt8](repeating: 0, count: width * height)
    }
    range = frame.metadata.colorimetry.range
    guard width > 0, height > 0 else { return }
    let (targetWidth, targetHeight) = (width, height)
    frame.withPlaneAddresses { y, _ in
      samples.withUnsafeMutableBufferPointer { target in
        guard let base = target.baseAddress else { return }
        PlaneScaling.scale(
          y, stride: frame.yStride, width: frame.size.width, height: frame.size.height,
          into: base, stride: targetWidth, width: targetWidth, height: targetHeight,
          filter: .box)
      }
    }
  }
}
