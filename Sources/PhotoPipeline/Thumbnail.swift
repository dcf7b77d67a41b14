// SPDX-License-Identifier: MIT
import CameraModel
import Imaging
import MediaStore

/// A small RGBA picture of a photo for the strip: 8-bit red, green, blue, alpha bytes in that
/// order (SDL's `SDL_PIXELFORMAT_RGBA32`), rows packed `width * 4` bytes apart.
public struct Thumbnail: Sendable, Equatable {
  /// The pixels, `width * height * 4` bytes.
  public var rgba: [UInt8]
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// A video's length in seconds, for the strip's badge; nil for a photo.
  public var videoDuration: Double?

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
  /// 1080p → 160 pixels this reads every luma sample once.
  public init(downscaling frame: NV12Frame, height: Int = Thumbnail.standardHeight) {
    let out = Thumbnail.size(for: frame.size, height: height)
    var pixels = [UInt8](repeating: 255, count: out.width * out.height * 4)
    let converter = YCbCrToRGB(frame.metadata.colorimetry)
    let columns = Thumbnail.boxes(source: frame.size.width, output: out.width)
    let rows = Thumbnail.boxes(source: frame.size.height, output: out.height)
    pixels.withUnsafeMutableBufferPointer { buffer in
      frame.withPlaneAddresses { luma, chroma in
        let planes = BoxSampler(
          luma: luma, chroma: chroma, lumaStride: frame.yStride, chromaStride: frame.uvStride)
        var offset = 0
        for row in rows {
          for column in columns {
            let (luma, cb, cr) = planes.average(columns: column, rows: row)
            let rgb = converter.rgb(y: luma, cb: cb, cr: cr)
            buffer[offset] = rgb.r
            buffer[offset + 1] = rgb.g
            buffer[offset + 2] = rgb.b
            offset += 4
          }
        }
      }
    }
    self.init(rgba: pixels, width: out.width, height: out.height)
  }

  /// The source range each of `output` boxes covers along one axis (never empty).
  private static func boxes(source: Int, output: Int) -> [Range<Int>] {
    (0..<output).map { index in
      let start = index * source / output
      return start..<max(start + 1, (index + 1) * source / output)
    }
  }

  /// A thumbnail of a JPEG: turbojpeg decodes it already reduced (the strongest reduction that
  /// still leaves at least `height` rows, so the box filter only ever shrinks), then the box
  /// filter brings it to `height`. Owner's thread of `decoder`.
  public init(
    jpeg bytes: UnsafeRawBufferPointer, height: Int = Thumbnail.standardHeight,
    decoder: JPEGDecoder, scratch: NV12Frame
  ) throws(ImagingError) {
    let header = try decoder.header(of: bytes)
    let (mirrored, turn) = Thumbnail.transform(for: EXIFOrientationReader.orientation(of: bytes))
    // A quarter turn makes the stored width the shown height: shrink the stored picture so
    // that, turned, it stands `height` pixels tall.
    var storedHeight = height
    if turn.swapsSides, header.size.width > 0 {
      storedHeight = max(1, min(height * header.size.height / header.size.width, height * 8))
    }
    let scale = Thumbnail.decodeScale(for: header.size, height: storedHeight)
    try decoder.decode(bytes, scale: scale, into: scratch)
    self.init(downscaling: scratch, height: storedHeight)
    if mirrored || turn != .none {
      let shown = PixelRotation.apply(
        rgba, width: width, height: self.height, mirrored: mirrored, turn: turn)
      self.init(rgba: shown.pixels, width: shown.width, height: shown.height)
    }
  }

  /// How to bring stored pixels upright for an EXIF orientation: mirror left to right first
  /// (for the mirrored ones), then turn clockwise.
  public static func transform(for orientation: PhotoMetadata.Orientation) -> (
    mirrored: Bool, turn: PixelRotation.Turn
  ) {
    switch orientation {
    case .up: (false, .none)
    case .upMirrored: (true, .none)
    case .down: (false, .half)
    case .downMirrored: (true, .half)
    case .leftMirrored: (true, .anticlockwise)
    case .right: (false, .clockwise)
    case .rightMirrored: (true, .clockwise)
    case .left: (false, .anticlockwise)
    }
  }

  /// The strongest turbojpeg reduction that keeps at least `height` rows of `size`.
  public static func decodeScale(for size: FrameSize, height: Int) -> JPEGScale {
    let ordered: [JPEGScale] = [.eighth, .quarter, .half]
    return ordered.first { JPEGDecoder.scaledSize(size, by: $0).height >= height } ?? .full
  }
}

/// Box averages over an NV12 frame's planes, with the pointers and strides read once: the
/// frame's accessors live in another module and cost a call each, which inside the per-pixel
/// loop made the filter twenty times slower. Valid only inside the frame's `withPlanes` scope.
private struct BoxSampler {
  let luma: UnsafePointer<UInt8>
  let chroma: UnsafePointer<UInt8>
  let lumaStride: Int
  let chromaStride: Int

  init(
    luma: UnsafeMutablePointer<UInt8>, chroma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
    chromaStride: Int
  ) {
    self.luma = UnsafePointer(luma)
    self.chroma = UnsafePointer(chroma)
    self.lumaStride = lumaStride
    self.chromaStride = chromaStride
  }

  /// Mean Y, Cb and Cr over a box of pixels.
  func average(columns: Range<Int>, rows: Range<Int>) -> (Int, Int, Int) {
    var lumaSum = 0
    for y in rows {
      let row = luma + y * lumaStride
      for x in columns { lumaSum += Int(row[x]) }
    }
    var cbSum = 0
    var crSum = 0
    let chromaRows = (rows.lowerBound / 2)..<((rows.upperBound + 1) / 2)
    let chromaColumns = (columns.lowerBound / 2)..<((columns.upperBound + 1) / 2)
    for y in chromaRows {
      let row = chroma + y * chromaStride
      for x in chromaColumns {
        cbSum += Int(row[2 * x])
        crSum += Int(row[2 * x + 1])
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
