// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Imaging
import Testing

/// Damaged MJPEG frames must be refused with an `ImagingError`, never crash and never pass a
/// half-grey picture to the preview.
@Suite struct DamagedFrameTests {
  static let size = FrameSize(width: 160, height: 120)

  static func sampleFrame() throws -> [UInt8] {
    try MJPEGDecodingTests.uvcFrame(TestPatterns.gradient(size), subsampling: .yuv422)
  }

  @Test func anEmptyFrameIsTruncated() {
    #expect(throws: ImagingError.truncatedFrame) {
      try MJPEGDecodingTests.convert([], size: Self.size)
    }
  }

  @Test func bytesThatAreNotAJPEGAreCorrupt() {
    var generator = SplitMix64(seed: 5)
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for bytes in [noise, [0x00], Array("not a jpeg at all".utf8)] {
      #expect {
        try MJPEGDecodingTests.convert(bytes, size: Self.size)
      } throws: { error in
        guard case .corruptFrame = error as? ImagingError else { return false }
        return true
      }
    }
  }

  @Test func aFrameCutInHalfIsTruncated() throws {
    let jpeg = try Self.sampleFrame()
    #expect(throws: ImagingError.truncatedFrame) {
      try MJPEGDecodingTests.convert(Array(jpeg.prefix(jpeg.count / 2)), size: Self.size)
    }
  }

  /// Policy: even a frame missing only its end marker is refused. turbojpeg reports the same
  /// "premature end" warning whether two bytes or half the picture are missing, so the
  /// converter cannot tell a complete picture from a grey-filled one.
  @Test func aFrameMissingItsLastBytesIsTruncated() throws {
    let jpeg = try Self.sampleFrame()
    for missing in [1, 2, 16] {
      #expect(throws: ImagingError.truncatedFrame) {
        try MJPEGDecodingTests.convert(Array(jpeg.dropLast(missing)), size: Self.size)
      }
    }
  }

  @Test func framesCutAnywhereInTheHeaderAreRefused() throws {
    let jpeg = try Self.sampleFrame()
    for length in 0..<min(jpeg.count, 700) {
      #expect(throws: ImagingError.self) {
        try MJPEGDecodingTests.convert(Array(jpeg.prefix(length)), size: Self.size)
      }
    }
  }

  /// Flipped bytes in entropy data can decode silently into a wrong picture (JPEG has no
  /// checksum); what matters is that every outcome is a frame of the right size or an
  /// `ImagingError`. Flips in the headers must always be refused or leave the size intact.
  @Test func randomlyFlippedBytesNeverCrashTheConverter() throws {
    let jpeg = try Self.sampleFrame()
    let converter = PixelConverter()
    let frame = NV12Frame(size: Self.size)
    var generator = SplitMix64(seed: 0x5EED)
    var refused = 0
    let cases = 300
    for _ in 0..<cases {
      var damaged = jpeg
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        let index = Int.random(in: 2..<damaged.count, using: &generator)
        damaged[index] ^= UInt8.random(in: 1...255, using: &generator)
      }
      do {
        _ = try MJPEGDecodingTests.convert(
          damaged, size: Self.size, converter: converter, into: frame)
        #expect(frame.size == Self.size)
      } catch {
        refused += 1
      }
    }
    #expect(refused > cases / 4, "only \(refused) of \(cases) damaged frames were refused")
  }

  @Test func theConverterKeepsWorkingAfterAFailure() throws {
    let jpeg = try Self.sampleFrame()
    let converter = PixelConverter()
    #expect(throws: ImagingError.self) {
      try MJPEGDecodingTests.convert(Array(jpeg.prefix(300)), size: Self.size, converter: converter)
    }
    let frame = try MJPEGDecodingTests.convert(jpeg, size: Self.size, converter: converter)
    #expect(ImageComparison.psnr(frame, TestPatterns.gradient(Self.size)) > 30)
  }
}
