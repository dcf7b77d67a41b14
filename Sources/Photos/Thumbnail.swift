// SPDX-License-Identifier: MIT
import CameraModel
import Imaging

/// A small RGBA picture of a photo for the strip: 8-bit red, green, blue, alpha bytes in that
/// order (SDL's `SDL_PIXELFORMAT_RGBA32`), rows packed `width * 4` bytes apart.
public struct Thumbnail: Sendable, Equatable {
  /// The pixels, `width * height * 4` bytes.
  public var rgba: [UInt8]
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// The height thumbnails are made at: the strip shows them at about 80 points, so 160 pixels
  /// stay sharp on a 2x display.
  public static let standardHeight = 160

  /// Makes a thumbnail from packed RGBA bytes.
  public init(rgba: [UInt8], width: Int, height: Int) {
    precondition(rgba.count == width * height * 4, "RGBA bytes do not match the size")
    self.rgba = rgba
    self.width = width
    self.height = height
  }

  /// The size of a thumbnail `height` pixels tall for a picture of `size`, keeping its shape.
  public static func size(for size: FrameSize, height: Int) -> FrameSize {
    guard size.width > 0, size.height > 0 else { return FrameSize(width: 0, height: 0) }
    let outHeight = min(height, size.height)
    let outWidth = max(1, (size.width * outHeight + size.height / 2) / size.height)
    return FrameSize(width: outWidth, height: outHeight)
  }

  /// A box-filtered, `height`-pixel-tall RGBA copy of `frame`. Each output pixel averages the
  /// luma and chroma samples its box covers, so thin details fade instead of shimmering; at
  /// 1080p → 160 pixels this reads every luma sample once, about 2 ms in a release build.
  public init(downscaling frame: NV12Frame, height: Int = Thumbnail.standardHeight) {
    let out = Thumbnail.size(for: frame.size, height: height)
    var pixels = [UInt8](repeating: 255, count: out.width * out.height * 4)
    let converter = YCbCrToRGB(frame.metadata.colorimetry)
    let source = frame.size
    for row in 0..<out.height {
      let y0 = row * source.height / out.height
      let y1 = max(y0 + 1, (row + 1) * source.height / out.height)
      for column in 0..<out.width {
        let x0 = column * source.width / out.width
        let x1 = max(x0 + 1, (column + 1) * source.width / out.width)
        let (luma, cb, cr) = Thumbnail.average(frame, x0..<x1, y0..<y1)
        let rgb = converter.rgb(y: luma, cb: cb, cr: cr)
        let offset = (row * out.width + column) * 4
        pixels[offset] = rgb.r
        pixels[offset + 1] = rgb.g
        pixels[offset + 2] = rgb.b
      }
    }
    self.init(rgba: pixels, width: out.width, height: out.height)
  }

  /// A thumbnail of a JPEG: turbojpeg decodes it already reduced (the strongest reduction that
  /// still leaves at least `height` rows, so the box filter only ever shrinks), then the box
  /// filter brings it to `height`. Owner's thread of `decoder`.
  public init(
    jpeg bytes: UnsafeRawBufferPointer, height: Int = Thumbnail.standardHeight,
    decoder: JPEGDecoder, scratch: NV12Frame
  ) throws(ImagingError) {
    let header = try decoder.header(of: bytes)
    let scale = Thumbnail.decodeScale(for: header.size, height: height)
    try decoder.decode(bytes, scale: scale, into: scratch)
    self.init(downscaling: scratch, height: height)
  }

  /// The strongest turbojpeg reduction that keeps at least `height` rows of `size`.
  public static func decodeScale(for size: FrameSize, height: Int) -> JPEGScale {
    let ordered: [JPEGScale] = [.eighth, .quarter, .half]
    return ordered.first { JPEGDecoder.scaledSize(size, by: $0).height >= height } ?? .full
  }

  /// Mean Y, Cb and Cr over a box of pixels.
  private static func average(
    _ frame: NV12Frame, _ columns: Range<Int>, _ rows: Range<Int>
  ) -> (Int, Int, Int) {
    var lumaSum = 0
    for y in rows {
      let row = frame.yPlane + y * frame.yStride
      for x in columns { lumaSum += Int(row.load(fromByteOffset: x, as: UInt8.self)) }
    }
    var cbSum = 0
    var crSum = 0
    let chromaRows = (rows.lowerBound / 2)...((rows.upperBound - 1) / 2)
    let chromaColumns = (columns.lowerBound / 2)...((columns.upperBound - 1) / 2)
    for y in chromaRows {
      let row = frame.uvPlane + y * frame.uvStride
      for x in chromaColumns {
        cbSum += Int(row.load(fromByteOffset: 2 * x, as: UInt8.self))
        crSum += Int(row.load(fromByteOffset: 2 * x + 1, as: UInt8.self))
      }
    }
    let chromaCount = chromaRows.count * chromaColumns.count
    return (lumaSum / (columns.count * rows.count), cbSum / chromaCount, crSum / chromaCount)
  }
}

/// Y'CbCr → R'G'B' for one colorimetry, in fixed point.
private struct YCbCrToRGB {
  // Coefficients × 1024: Cr→R, Cb→G, Cr→G, Cb→B (ITU-R BT.601 and BT.709 matrices).
  let coefficients: (Int, Int, Int, Int)
  let isLimited: Bool

  init(_ colorimetry: Colorimetry) {
    switch colorimetry.matrix {
    case .bt601: coefficients = (1436, 352, 731, 1815)
    case .bt709: coefficients = (1613, 192, 479, 1900)
    }
    isLimited = colorimetry.range == .limited
  }

  func rgb(y: Int, cb: Int, cr: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
    // Limited range: luma 16–235 and chroma 16–240 stretched to full range first.
    let luma = isLimited ? (y - 16) * 1192 / 1024 : y
    let u = isLimited ? (cb - 128) * 1167 / 1024 : cb - 128
    let v = isLimited ? (cr - 128) * 1167 / 1024 : cr - 128
    let (rv, gu, gv, bu) = coefficients
    return (
      clamp(luma + (rv * v) / 1024), clamp(luma - (gu * u + gv * v) / 1024),
      clamp(luma + (bu * u) / 1024)
    )
  }

  private func clamp(_ value: Int) -> UInt8 { UInt8(min(max(value, 0), 255)) }
}
