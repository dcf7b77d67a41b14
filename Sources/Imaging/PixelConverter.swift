// SPDX-License-Identifier: MIT
import CLibYUV
import CameraModel

/// Converts every format Pinhole displays into NV12, the preview texture's format: raw YUV
/// through libyuv, MJPEG through turbojpeg decoding straight into the NV12 planes.
///
/// One converter per capture thread; it keeps its turbojpeg handle and chroma scratch planes
/// across frames so the steady state allocates nothing.
///
/// Capture thread only.
public final class PixelConverter: FrameConverter {
  private let jpeg = JPEGPlaneDecoder()

  /// Makes a converter.
  public init() {}

  /// True for NV12, NV21, YU12, YV12, YUYV, UYVY, GREY, MJPG and JPEG.
  public func canConvert(_ format: PixelFormat) -> Bool {
    switch format {
    case .nv12, .nv21, .yu12, .yv12, .yuyv, .uyvy, .grey, .mjpeg, .jpeg: true
    default: false
    }
  }

  /// Converts `raw` into `frame` (resized to `raw.size`) and records the colorimetry and source
  /// format. Raw formats keep the driver's colorimetry; decoded JPEG is full-range BT.601.
  public func convert(_ raw: RawFrame, into frame: NV12Frame) throws(ImagingError) {
    try convert(raw, into: frame, reducedBy: 1)
  }

  /// Converts like `convert(_:into:)`; MJPEG and JPEG decode `denominator` (2 or 4) times
  /// smaller in each direction, inside turbojpeg's DCT. Any other denominator is full size.
  public func convert(
    _ raw: RawFrame, into frame: NV12Frame, reducedBy denominator: Int
  ) throws(ImagingError) {
    if raw.format.isCompressed {
      let scale = JPEGScale(rawValue: denominator).flatMap { $0 == .eighth ? nil : $0 } ?? .full
      try convertJPEG(raw, scale: scale, into: frame)
    } else {
      try convertUncompressed(raw, into: frame)
      frame.metadata.colorimetry = raw.colorimetry
    }
    frame.metadata.sourceFormat = raw.format
  }

  private func convertJPEG(
    _ raw: RawFrame, scale: JPEGScale, into frame: NV12Frame
  ) throws(ImagingError) {
    let header = try jpeg.readHeader(raw.bytes)
    guard header.size == raw.size else {
      throw .sizeMismatch(expected: raw.size, actual: header.size)
    }
    let size = JPEGDecoder.scaledSize(header.size, by: scale)
    try jpeg.decode(raw.bytes, header: header, size: size, into: frame)
  }

  private func convertUncompressed(_ raw: RawFrame, into frame: NV12Frame) throws(ImagingError) {
    let layout = try RawFrameLayout(
      format: raw.format, size: raw.size, bytesPerLine: raw.bytesPerLine)
    guard raw.bytes.count >= layout.byteCount, let base = raw.bytes.baseAddress else {
      throw .truncatedFrame
    }
    frame.resize(to: raw.size)
    let source = base.assumingMemoryBound(to: UInt8.self)
    frame.withPlaneAddresses { y, uv in
      let target = Planes(frame, y: y, uv: uv)
      let lumaStride = Int32(layout.lumaStride)
      let chromaStride = Int32(layout.chromaStride)
      switch raw.format {
      case .nv12:
        NV12Copy(
          source, lumaStride, source + layout.firstChromaOffset, chromaStride,
          target.y, target.yStride, target.uv, target.uvStride, target.width, target.height)
      case .nv21:
        NV21ToNV12(
          source, lumaStride, source + layout.firstChromaOffset, chromaStride,
          target.y, target.yStride, target.uv, target.uvStride, target.width, target.height)
      case .yu12, .yv12:
        // YV12 stores Cr before Cb: pass the planes swapped.
        let first = source + layout.firstChromaOffset
        let second = source + layout.secondChromaOffset
        let (cb, cr) = raw.format == .yu12 ? (first, second) : (second, first)
        I420ToNV12(
          source, lumaStride, cb, chromaStride, cr, chromaStride,
          target.y, target.yStride, target.uv, target.uvStride, target.width, target.height)
      case .yuyv:
        convertPacked(YUY2ToNV12, source, stride: lumaStride, into: target)
      case .uyvy:
        convertPacked(UYVYToNV12, source, stride: lumaStride, into: target)
      default:
        copyGrey(source, stride: layout.lumaStride, into: target, chromaHeight: frame.chromaHeight)
      }
    }
  }

  /// Packed 4:2:2 through libyuv, in column stripes.
  ///
  /// libyuv 1857 (Debian 12) computes wrong chroma for the columns after the last whole SIMD
  /// block when a row also has whole blocks: a 62-pixel row came out right for 48 pixels and
  /// wrong after (the "any width" tail of its row function). A call whose row is a whole number
  /// of 16-pair blocks, or shorter than one 8-pair block, is right on SSE2 and AVX2 alike, so a
  /// row is split into at most three such stripes. Common widths (640, 1280, 1920) take one.
  private func convertPacked(
    _ kernel: PackedToNV12, _ source: UnsafePointer<UInt8>, stride: Int32, into target: Planes
  ) {
    let pairs = (Int(target.width) + 1) / 2
    let whole = pairs & ~15
    let middle = pairs - whole >= 8 ? 8 : 0
    let stripes = [(0, whole), (whole, middle), (whole + middle, pairs - whole - middle)]
    for (start, count) in stripes where count > 0 {
      let width = min(count * 2, Int(target.width) - start * 2)
      _ = kernel(
        source + start * 4, stride, target.y + start * 2, target.yStride, target.uv + start * 2,
        target.uvStride, Int32(width), target.height)
    }
  }

  /// Luma-only frames: copy Y and set chroma to 128 (no colour), in both value ranges.
  private func copyGrey(
    _ source: UnsafePointer<UInt8>, stride: Int, into target: Planes, chromaHeight: Int
  ) {
    CopyPlane(source, Int32(stride), target.y, target.yStride, target.width, target.height)
    let chromaBytes = (Int(target.width) + 1) / 2 * 2
    SetPlane(target.uv, target.uvStride, Int32(chromaBytes), Int32(chromaHeight), 128)
  }
}

/// libyuv's packed 4:2:2 → NV12 signature (`YUY2ToNV12`, `UYVYToNV12`).
private typealias PackedToNV12 =
  @convention(c) (
    UnsafePointer<UInt8>?, Int32, UnsafeMutablePointer<UInt8>?, Int32,
    UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32
  ) -> Int32

/// The destination planes of one conversion, typed for libyuv's `(uint8_t *, int)` arguments.
private struct Planes {
  let y: UnsafeMutablePointer<UInt8>
  let yStride: Int32
  let uv: UnsafeMutablePointer<UInt8>
  let uvStride: Int32
  let width: Int32
  let height: Int32

  /// The planes of `frame`, whose addresses `y` and `uv` came from its `withPlaneAddresses`
  /// scope; valid only inside it.
  init(_ frame: NV12Frame, y: UnsafeMutablePointer<UInt8>, uv: UnsafeMutablePointer<UInt8>) {
    self.y = y
    yStride = Int32(frame.yStride)
    self.uv = uv
    uvStride = Int32(frame.uvStride)
    width = Int32(frame.size.width)
    height = Int32(frame.size.height)
  }
}
