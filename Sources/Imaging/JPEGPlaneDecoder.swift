// SPDX-License-Identifier: MIT
import CLibYUV
import CTurboJPEG
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Decodes a JPEG into an `NV12Frame`: luma goes directly into the frame's Y plane (when its
/// rows are 64-byte aligned), chroma into scratch planes that are then interleaved (and resampled to 4:2:0) by libyuv.
/// Decoding to planes skips libjpeg's colour conversion and upsampling, which is where most of
/// the time beyond Huffman decoding would go.
///
/// Damage policy: turbojpeg reports damaged entropy data as a *warning* and still fills the
/// image (grey where data was missing). A live preview is better off keeping the previous frame,
/// so every warning rejects the frame: `truncatedFrame` when the end-of-image marker is missing,
/// `corruptFrame` otherwise. Bytes after the end-of-image marker are never read, so padded
/// frames (some webcams, v4l2loopback's first buffer) decode normally.
///
/// Poisoning: libjpeg-turbo 2.1's decompressor is left in a broken state by a rejected header
/// (0x0, or a side over 65500): every later call on the same handle fails, even on valid files
/// ("Bogus marker length", "two SOI markers"). So after any failed call the handle is replaced
/// with a fresh one (`handleReplacements` counts them).
///
/// Tables: libjpeg keeps the Huffman tables a JPEG defines in its decompressor, and a later
/// JPEG without tables (a UVC frame) is then decoded with those instead of the standard ones,
/// into "Corrupt JPEG data" (found by fuzzing: a file with its own tables, then a camera
/// frame). A JPEG without tables on a handle that has seen some gets a fresh handle.
///
/// Owner's thread only.
final class JPEGPlaneDecoder {
  private var handle = TurboJPEGHandle(.decompress)
  /// True once a JPEG decoded on `handle` defined its own Huffman tables.
  private var handleHoldsTables = false
  /// How many times a failure, or tables left by an earlier JPEG, made the decoder start over
  /// with a fresh handle.
  private(set) var handleReplacements = 0
  private let alignedLuma = PlaneBuffer()
  private let cbPlane = PlaneBuffer()
  private let crPlane = PlaneBuffer()
  private let resampledCb = PlaneBuffer()
  private let resampledCr = PlaneBuffer()

  /// Reads the frame header. Throws for anything that is not a readable baseline or
  /// progressive JPEG in YCbCr or greyscale.
  func readHeader(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> JPEGHeader {
    try Self.checkStartMarker(bytes)
    // A damaged header counts as defining tables: turbojpeg may have read some before failing.
    let definesTables = (try? JPEGMarkerWalk(bytes))?.hasHuffmanTables ?? true
    if !definesTables && handleHoldsTables { replaceHandle() }
    if definesTables { handleHoldsTables = true }
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
    try frame.withPlaneAddresses { (frameY, frameUV) throws(ImagingError) in
      let luma = lumaDestination(for: frame, y: frameY, subsampling: subsamp)
      var planes: [UnsafeMutablePointer<UInt8>?] = [luma.pointer, cbPlane.bytes, crPlane.bytes]
      var strides: [Int32] = [Int32(luma.stride), Int32(cbPlane.stride), Int32(crPlane.stride)]
      // libjpeg-turbo's fast integer IDCT, when it also scales (its reduced-size IDCTs), gives
      // chroma far off the full-size decode: scaled decodes use the accurate IDCT.
      let flags = size == header.size ? TJFLAG_FASTDCT : TJFLAG_ACCURATEDCT
      let status = tjDecompressToYUVPlanes(
        handle.raw, jpegBase(bytes), UInt(bytes.count), &planes, Int32(size.width), &strides,
        Int32(size.height), flags)
      guard status == 0 else { throw failure(bytes) }
      if luma.pointer != frameY {
        CopyPlane(
          luma.pointer, Int32(luma.stride), frameY, Int32(frame.yStride), Int32(size.width),
          Int32(size.height))
      }
      mergeChroma(
        header.subsampling, planeWidth: planeWidth, planeHeight: planeHeight, into: frame,
        y: frameY, uv: frameUV)
    }
    frame.metadata.colorimetry = .jpeg
  }

  /// Where turbojpeg writes luma: the frame's own plane when its rows start on 64-byte
  /// boundaries, else an aligned scratch plane copied over afterwards. turbojpeg's IDCT stores
  /// are 10–15 % slower into rows that straddle cache lines (1080p 4:2:2, stride 1936 against
  /// 1984: 14.0–14.9 against 12.5–12.8 ms), far more than the 0.2 ms copy.
  ///
  /// turbojpeg writes whole MCU rows of luma: for 4:2:0 and 4:4:0 an odd height gets one extra
  /// row (`tjPlaneHeight`). In the frame that row lands at the start of the CbCr plane, which
  /// is written afterwards; the scratch plane is sized for it.
  private func lumaDestination(
    for frame: NV12Frame, y: UnsafeMutablePointer<UInt8>, subsampling: Int32
  ) -> (pointer: UnsafeMutablePointer<UInt8>, stride: Int) {
    let width = Int(tjPlaneWidth(0, Int32(frame.size.width), subsampling))
    let height = Int(tjPlaneHeight(0, Int32(frame.size.height), subsampling))
    precondition(width <= frame.yStride && height <= frame.size.height + 1, "luma plane too big")
    if frame.yStride % 64 == 0 {
      return (y, frame.yStride)
    }
    alignedLuma.reserve(width: width, height: height)
    return (alignedLuma.bytes, alignedLuma.stride)
  }

  /// Turns the decoded Cb/Cr planes into the frame's interleaved 4:2:0 plane.
  private func mergeChroma(
    _ subsampling: JPEGSubsampling, planeWidth: Int, planeHeight: Int, into frame: NV12Frame,
    y: UnsafeMutablePointer<UInt8>, uv: UnsafeMutablePointer<UInt8>
  ) {
    let yStride = Int32(frame.yStride)
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
      halveChromaVertically(
        planeWidth: planeWidth, planeHeight: planeHeight, into: frame, uv: uv)
    case .yuv444:
      // A nil destination Y skips the luma copy: the decoder already wrote luma in place.
      // I444ToNV12 refuses a nil *source* Y, so it is given the frame's own.
      I444ToNV12(y, yStride, cb, cbStride, cr, crStride, nil, 0, uv, uvStride, width, height)
    case .grey:
      // 128 is zero chroma in full-range Y'CbCr: a neutral grey picture.
      SetPlane(uv, uvStride, Int32(chromaWidth * 2), Int32(frame.chromaHeight), 128)
    case .yuv440, .yuv411:
      resampleChroma(planeWidth: planeWidth, planeHeight: planeHeight, into: frame, uv: uv)
    }
  }

  /// 4:2:2, the usual UVC layout: average each pair of chroma rows, then interleave.
  ///
  /// libyuv 1857 has no I422ToNV12, and its I422ToNV21 (with Cb and Cr swapped) allocates and
  /// frees a half-frame buffer on every call (an mmap and page faults per 1080p frame).
  /// InterpolatePlane over the even and odd rows (stride doubled, weight 128 = rounded mean)
  /// does the averaging; working in bands of `bandRows` output rows keeps the averaged rows in
  /// L1/L2 until MergeUVPlane interleaves them.
  private func halveChromaVertically(
    planeWidth: Int, planeHeight: Int, into frame: NV12Frame, uv: UnsafeMutablePointer<UInt8>
  ) {
    let bandRows = 16
    resampledCb.reserve(width: planeWidth, height: bandRows)
    resampledCr.reserve(width: planeWidth, height: bandRows)
    var row = 0
    while row < frame.chromaHeight {
      let rows = min(bandRows, frame.chromaHeight - row)
      for (source, target) in [(cbPlane, resampledCb), (crPlane, resampledCr)] {
        averageRowPairs(
          source, firstOutputRow: row, count: rows, sourceHeight: planeHeight, into: target,
          width: planeWidth)
      }
      MergeUVPlane(
        resampledCb.bytes, Int32(resampledCb.stride), resampledCr.bytes,
        Int32(resampledCr.stride), uv + row * frame.uvStride, Int32(frame.uvStride),
        Int32(planeWidth), Int32(rows))
      row += rows
    }
  }

  /// Writes `count` rows into `target`, row i the mean of source rows 2(first+i) and the one
  /// below; the last row of an odd-height source has no partner and is copied.
  private func averageRowPairs(
    _ source: PlaneBuffer, firstOutputRow first: Int, count: Int, sourceHeight: Int,
    into target: PlaneBuffer, width: Int
  ) {
    let stride = source.stride
    let pairs = min(count, sourceHeight / 2 - first)
    let top = source.bytes + stride * first * 2
    if pairs > 0 {
      InterpolatePlane(
        top, Int32(stride * 2), top + stride, Int32(stride * 2), target.bytes,
        Int32(target.stride), Int32(width), Int32(pairs), 128)
    }
    if pairs < count {
      CopyPlane(
        source.bytes + stride * (sourceHeight - 1), Int32(stride),
        target.bytes + target.stride * pairs, Int32(target.stride), Int32(width), 1)
    }
  }

  /// The rare layouts: box-filter each chroma plane to 4:2:0 size, then interleave.
  private func resampleChroma(
    planeWidth: Int, planeHeight: Int, into frame: NV12Frame, uv: UnsafeMutablePointer<UInt8>
  ) {
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
      uv, Int32(frame.uvStride), Int32(chromaWidth), Int32(chromaHeight))
  }

  /// Classifies the last turbojpeg failure on `bytes`, then replaces the handle so the next
  /// call starts clean (see "Poisoning" above).
  private func failure(_ bytes: UnsafeRawBufferPointer) -> ImagingError {
    let message = handle.lastErrorMessage
    replaceHandle()
    if !Self.containsEndMarker(bytes) { return .truncatedFrame }
    return .corruptFrame(reason: message)
  }

  /// Starts over with a fresh turbojpeg handle, free of any state earlier JPEGs left.
  private func replaceHandle() {
    handle = TurboJPEGHandle(.decompress)
    handleHoldsTables = false
    handleReplacements += 1
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
