// SPDX-License-Identifier: MIT
import CameraModel

/// A greyscale image with rows packed tightly, cut from a frame's luma plane: the part a scan
/// looks at, owned, so it can cross to the scan thread while the frame goes back to the pool.
public struct LumaImage: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Where the image's top-left pixel sat in the frame it was cut from.
  public let origin: (x: Int, y: Int)
  /// `width * height` bytes, row after row.
  public let pixels: [UInt8]

  /// Wraps pixels already packed; nil when the count does not match the size.
  public init?(width: Int, height: Int, pixels: [UInt8], origin: (x: Int, y: Int) = (0, 0)) {
    guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15,
      pixels.count == width * height
    else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.origin = origin
  }

  /// Copies `region` (clamped inside the plane) out of a luma plane of `width` x `height`
  /// pixels whose rows are `stride` bytes apart. Nil when the plane's numbers do not describe
  /// a plane (non-positive sizes, a stride shorter than a row, more bytes than `luma` holds).
  public init?(
    copying luma: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int,
    region: PixelRectangle? = nil
  ) {
    guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, stride >= width,
      stride <= 1 << 17, luma.count >= stride * (height - 1) + width,
      let base = luma.baseAddress
    else { return nil }
    let size = FrameSize(width: width, height: height)
    let cut = (region ?? PixelRectangle(covering: size)).clamped(to: size)
    guard cut.width > 0, cut.height > 0 else { return nil }
    self.width = cut.width
    self.height = cut.height
    origin = (cut.left, cut.top)
    pixels = [UInt8](unsafeUninitializedCapacity: cut.width * cut.height) { buffer, count in
      guard let target = buffer.baseAddress else { return }
      for row in 0..<cut.height {
        (target + row * cut.width).initialize(
          from: (base + (cut.top + row) * stride + cut.left).assumingMemoryBound(to: UInt8.self),
          count: cut.width)
      }
      count = cut.width * cut.height
    }
  }

  /// Copies `region` of `frame`'s luma plane (the whole frame when nil). Owner's thread.
  public init?(_ frame: NV12Frame, region: PixelRectangle? = nil) {
    let image = frame.withYPlane { plane in
      LumaImage(
        copying: UnsafeRawBufferPointer(plane), width: frame.size.width,
        height: frame.size.height, stride: frame.yStride, region: region)
    }
    guard let image else { return nil }
    self = image
  }

  /// The region of the frame this image covers.
  public var frameRegion: PixelRectangle {
    PixelRectangle(left: origin.x, top: origin.y, width: width, height: height)
  }
}
