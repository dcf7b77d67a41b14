// SPDX-License-Identifier: MIT
import CLibYUV
import CTurboJPEG
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Decodes a JPEG straight into an `NV12Frame`: luma goes directly into the frame's Y plane,
/// chroma into scratch planes that are then interleaved (and resampled to 4:2:0) by libyuv.
/// Decoding to planes skips libjpeg's colour conversion and upsampling, which is where most of
/// the time beyond Huffman decoding would go.
///
/// Damage policy: turbojpeg reports damaged entropy data as a *warning* and still fills the
/// image (grey where data was missing). A live preview is better off keeping the previous frame,
/// so every warning rejects the frame: `truncatedFrame` when the end-of-image marker is missing,
/// `corruptFrame` otherwise. Bytes after the end-of-image marker are never read, so padded
/// frames (some webcams, v4l2loopback's first buffer) decode normally.
///
/// Owner's thread only.
final class JPEGPlaneDecoder {
  private let handle = TurboJPEGHandle(.decompress)
  private let cbPlane = PlaneBuffer()
  private let crPlane = PlaneBuffer()
  private let resampledCb = PlaneBuffer()
  private let resampledCr = PlaneBuffer()

  /// Reads the frame header. Throws for anything that is not a readable baseline or
  /// progressive JPEG in YCbCr or greyscale.
  func readHeader(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> JPEGHeader {
    try Self.checkStartMarker(bytes)
    var width: Int32 = 0
    var height: Int32 = 0
    var subsamp: Int32 = 0
    var colorspace: Int32 = 0
    let status = tjDecompressHeader3(
      handle.raw, jpegBase(bytes), UInt(bytes.count), &width, &height, &subsamp, &colorspace)
    guard status == 0 else { throw failure(bytes) }
    guard colorspace == Int32(TJCS_YCbCr.rawValue) || colorspace == Int32(TJCS_GRAY.rawValue)
    else { throw .corruptFrame(reason: "JPEG colour space \(colorspace) is not Y'CbCr") }
    guard let subsampling = JPEGSubsampling(turboJPEG: subsamp) else {
      throw .corruptFrame(reason: "unknown JPEG chroma subsampling \(subsamp)")
    }
    return JPEGHeader(
      size: FrameSize(width: Int(width), height: Int(height)), subsampling: subsampling)
  }

  /// Decodes `bytes`, whose header is `header`, into `frame` at `size` (the header's size or
  /// one of turbojpeg's scaled sizes), and marks the frame as full-range JPEG colour.
  func decode(
    _ bytes: UnsafeRawBufferPointer, header: JPEGHeader, size: FrameSize, into frame: NV12Frame
  ) throws(ImagingError) {
    frame.resize(to: size)
    let subsamp = header.subsampling.turboJPEGValue
    let planeWidth = Int(tjPlaneWidth(1, Int32(size.width), subsamp))
    let planeHeight = Int(tjPlaneHeight(1, Int32(size.height), subsamp))
    cbPlane.reserve(width: planeWidth, height: planeHeight)
    crPlane.reserve(width: planeWidth, height: planeHeight)
    var planes: [UnsafeMutablePointer<UInt8>?] = [
      frame.yPlane.assumingMemoryBound(to: UInt8.self), cbPlane.bytes, crPlane.bytes,
    ]
    var strides: [Int32] = [Int32(frame.yStride), Int32(cbPlane.stride), Int32(crPlane.stride)]
    let status = tjDecompressToYUVPlanes(
      handle.raw, jpegBase(bytes), UInt(bytes.count), &planes, Int32(size.width), &strides,
      Int32(size.height), TJFLAG_FASTDCT)
    guard status == 0 else { throw failure(bytes) }
    mergeChroma(header.subsampling, planeWidth: planeWidth, planeHeight: planeHeight, into: frame)
    frame.metadata.colorimetry = .jpeg
  }

  /// Turns the decoded Cb/Cr planes into the frame's interleaved 4:2:0 plane.
  private func mergeChroma(
    _ subsampling: JPEGSubsampling, planeWidth: Int, planeHeight: Int, into frame: NV12Frame
  ) {
    let y = frame.yPlane.assumingMemoryBound(to: UInt8.self)
    let yStride = Int32(frame.yStride)
    let uv = frame.uvPlane.assumingMemoryBound(to: UInt8.self)
    let uvStride = Int32(frame.uvStride)
    let width = Int32(frame.size.width)
    let height = Int32(frame.size.height)
    let chromaWidth = (frame.size.width + 1) / 2
    let cb = cbPlane.bytes
    let cr = crPlane.bytes
    let cbStride = Int32(cbPlane.stride)
    let crStride = Int32(crPlane.stride)
    switch subsampling {
    case .yuv420:
      MergeUVPlane(
        cb, cbStride, cr, crStride, uv, uvStride, Int32(chromaWidth), Int32(frame.chromaHeight))
    case .yuv422:
      // libyuv 1857 has no I422ToNV12; NV21 with Cb and Cr swapped is NV12. A nil destination
      // Y skips the luma copy: the decoder already wrote luma in place. (I444ToNV12 refuses a
      // nil *source* Y, so both calls are given the frame's own.)
      I422ToNV21(y, yStride, cr, crStride, cb, cbStride, nil, 0, uv, uvStride, width, height)
    case .yuv444:
      I444ToNV12(y, yStride, cb, cbStride, cr, crStride, nil, 0, uv, uvStride, width, height)
    case .grey:
      // 128 is zero chroma in full-range Y'CbCr: a neutral grey picture.
      SetPlane(uv, uvStride, Int32(chromaWidth * 2), Int32(frame.chromaHeight), 128)
    case .yuv440, .yuv411:
      resampleChroma(planeWidth: planeWidth, planeHeight: planeHeight, into: frame)
    }
  }

  /// The rare layouts: box-filter each chroma plane to 4:2:0 size, then interleave.
  private func resampleChroma(planeWidth: Int, planeHeight: Int, into frame: NV12Frame) {
    let chromaWidth = (frame.size.width + 1) / 2
    let chromaHeight = frame.chromaHeight
    for (source, target) in [(cbPlane, resampledCb), (crPlane, resampledCr)] {
      target.reserve(width: chromaWidth, height: chromaHeight)
      ScalePlane(
        source.bytes, Int32(source.stride), Int32(planeWidth), Int32(planeHeight), target.bytes,
        Int32(target.stride), Int32(chromaWidth), Int32(chromaHeight), kFilterBox)
    }
    MergeUVPlane(
      resampledCb.bytes, Int32(resampledCb.stride), resampledCr.bytes, Int32(resampledCr.stride),
      frame.uvPlane.assumingMemoryBound(to: UInt8.self), Int32(frame.uvStride),
      Int32(chromaWidth), Int32(chromaHeight))
  }

  /// Classifies the last turbojpeg failure on `bytes`.
  private func failure(_ bytes: UnsafeRawBufferPointer) -> ImagingError {
    if !Self.containsEndMarker(bytes) { return .truncatedFrame }
    return .corruptFrame(reason: handle.lastErrorMessage)
  }

  private func jpegBase(_ bytes: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
  }

  /// Rejects empty buffers and anything not starting with SOI (FF D8) before turbojpeg sees it.
  static func checkStartMarker(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) {
    guard bytes.count >= 2 else {
      throw bytes.isEmpty ? .truncatedFrame : .corruptFrame(reason: "frame too short for a JPEG")
    }
    guard bytes[0] == 0xFF, bytes[1] == 0xD8 else {
      throw .corruptFrame(reason: "no JPEG start-of-image marker")
    }
  }

  /// True when the EOI marker (FF D9) occurs. Entropy-coded data stuffs every FF with 00, so
  /// FF D9 can only be the marker itself (or damage that turbojpeg reports anyway).
  static func containsEndMarker(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress, bytes.count >= 2 else { return false }
    var offset = 0
    // memchr skips to each FF quickly; memmem would do it in one call but needs _GNU_SOURCE.
    while offset < bytes.count - 1 {
      guard let hit = memchr(base + offset, 0xFF, bytes.count - 1 - offset) else { return false }
      let index = base.distance(to: UnsafeRawPointer(hit))
      if bytes[index + 1] == 0xD9 { return true }
      offset = index + 1
    }
    return false
  }
}
