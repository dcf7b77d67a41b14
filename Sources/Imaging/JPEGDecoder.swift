// SPDX-License-Identifier: MIT
import CTurboJPEG
import CameraModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes whole JPEG files into NV12 frames, optionally scaled down in the decoder. For
/// thumbnails, photo review and tests; the live preview goes through `PixelConverter`, which
/// shares the same decoding core.
///
/// Owner's thread only.
public final class JPEGDecoder {
  private let core = JPEGPlaneDecoder()

  /// The most pixels a file may claim before it is refused unread: 100 megapixels, beyond any
  /// camera Pinhole drives, and at most about 150 MB of NV12 even at full size.
  public static let pixelBudget = 100_000_000

  /// Makes a decoder.
  public init() {}

  /// Reads the JPEG header without decoding pixels.
  public func header(of bytes: UnsafeRawBufferPointer) throws(ImagingError) -> JPEGHeader {
    try core.readHeader(bytes)
  }

  /// Reads the JPEG header of `bytes`.
  public func header(of bytes: some ContiguousBytes) throws(ImagingError) -> JPEGHeader {
    try Self.withBytes(bytes) { buffer throws(ImagingError) in try core.readHeader(buffer) }
  }

  /// Decodes `bytes` into `frame`, resizing it to the (scaled) image size. The frame is marked
  /// full-range BT.601 with source format JPEG.
  public func decode(
    _ bytes: UnsafeRawBufferPointer, scale: JPEGScale = .full, into frame: NV12Frame
  ) throws(ImagingError) {
    let header = try core.readHeader(bytes)
    guard header.size.isValid, header.size.area <= Self.pixelBudget else {
      throw .imageTooLarge(header.size)
    }
    let size = Self.scaledSize(header.size, by: scale)
    try core.decode(bytes, header: header, size: size, into: frame)
    frame.metadata.sourceFormat = .jpeg
  }

  /// Decodes `bytes` into a new frame.
  public func decode(
    _ bytes: some ContiguousBytes, scale: JPEGScale = .full
  ) throws(ImagingError) -> NV12Frame {
    let frame = NV12Frame(size: FrameSize(width: 0, height: 0))
    try Self.withBytes(bytes) { buffer throws(ImagingError) in
      try decode(buffer, scale: scale, into: frame)
    }
    return frame
  }

  /// The size turbojpeg produces for `size` at `scale`: each side times 1/denominator, rounded
  /// up (turbojpeg's `TJSCALED`). turbojpeg 2.1 offers every 1/8 step from 1/8 to 2; all four
  /// `JPEGScale` cases are among them (checked in tests against `tjGetScalingFactors`).
  public static func scaledSize(_ size: FrameSize, by scale: JPEGScale) -> FrameSize {
    let denominator = scale.denominator
    return FrameSize(
      width: (size.width + denominator - 1) / denominator,
      height: (size.height + denominator - 1) / denominator)
  }

  /// The scaling factors this turbojpeg offers, as (numerator, denominator) pairs.
  public static var availableScalingFactors: [(numerator: Int, denominator: Int)] {
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return [] }
    return (0..<Int(count)).map { (Int(factors[$0].num), Int(factors[$0].denom)) }
  }

  private static func withBytes<Result>(
    _ bytes: some ContiguousBytes,
    _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> Result
  ) throws(ImagingError) -> Result {
    let outcome: Swift.Result<Result, ImagingError> = bytes.withUnsafeBytes { buffer in
      do throws(ImagingError) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try outcome.get()
  }
}
