// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Imaging
import Testing

/// libjpeg-turbo 2.1 leaves a decompressor broken after it rejects a frame header; the
/// decoders start over with a fresh handle, so one bad file or frame spoils nothing after it.
@Suite struct DecoderRecoveryTests {
  static let size = FrameSize(width: 160, height: 120)

  static func validFrame() throws -> [UInt8] {
    try MJPEGDecodingTests.uvcFrame(TestPatterns.gradient(size), subsampling: .yuv422)
  }

  static func hostileHeaders() throws -> [[UInt8]] {
    let valid = try validFrame()
    return [
      JPEGFrameHeaderPatch.resized(valid, width: 0, height: 0),
      JPEGFrameHeaderPatch.resized(valid, width: 65535, height: 65535),
      JPEGFrameHeaderPatch.resized(valid, width: 160, height: 0),
    ]
  }

  @Test func liveConverterDecodesValidFramesAfterARejectedHeader() throws {
    let valid = try Self.validFrame()
    let converter = PixelConverter()
    let frame = NV12Frame(size: Self.size)
    for hostile in try Self.hostileHeaders() {
      #expect(throws: ImagingError.self) {
        try MJPEGDecodingTests.convert(hostile, size: Self.size, converter: converter, into: frame)
      }
      for _ in 0..<3 {
        let decoded = try MJPEGDecodingTests.convert(
          valid, size: Self.size, converter: converter, into: frame)
        #expect(decoded.size == Self.size)
      }
    }
  }

  @Test func fileDecoderDecodesValidFilesAfterARejectedHeader() throws {
    let valid = try JPEGEncoder().encode(TestPatterns.colorBars(Self.size), quality: 90)
    let decoder = JPEGDecoder()
    for hostile in try Self.hostileHeaders() {
      #expect(throws: ImagingError.self) { try decoder.decode(hostile, scale: .eighth) }
      #expect(throws: ImagingError.self) { try decoder.header(of: hostile) }
      #expect(try decoder.header(of: valid).size == Self.size)
      #expect(try decoder.decode(valid, scale: .eighth).size == FrameSize(width: 20, height: 15))
      #expect(try decoder.decode(valid).size == Self.size)
    }
  }
}

/// libjpeg keeps Huffman tables between images on one decompressor: a camera frame without
/// tables must not be decoded with the tables of the JPEG before it.
@Suite struct DecoderTableStateTests {
  @Test func aFrameWithoutTablesAfterAFileWithItsOwnTablesDecodesCleanly() throws {
    let size = FrameSize(width: 64, height: 48)
    let crashInput = DecoderTableStateTests.fileWithOwnTables
    // Noise uses many Huffman codes, so tables other than the standard ones show.
    let valid = try MJPEGDecodingTests.uvcFrame(
      TestPatterns.noise(size, seed: 3), subsampling: .yuv422)
    let converter = PixelConverter()
    let frame = NV12Frame(size: size)
    _ = try? MJPEGDecodingTests.convert(crashInput, size: size, converter: converter, into: frame)
    let decoded = try MJPEGDecodingTests.convert(
      valid, size: size, converter: converter, into: frame)
    #expect(decoded.size == size)
  }

  /// The input libFuzzer found (1,230 bytes): a 64x48 JFIF file with its own Huffman tables,
  /// base64 so the repository holds no binary file.
  static let fileWithOwnTables: [UInt8] = [UInt8](
    Data(base64Encoded: fileWithOwnTablesBase64) ?? Data())
  static let fileWithOwnTablesBase64 = [
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIs",
    "IxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIy",
    "MjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAA",
    "AAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAk",
    "M2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKT",
    "lJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QA",
    "HwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECBAMRBSExBhJBUQdh",
    "cRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hp",
    "anN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk",
    "5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDwu3tC5yRW1aWPTirNpY9OK3LSx6cV5NKJ5VKJWtLHpxW5aWPT",
    "irNpY9OK3LSx6cV6FKJ6FKJWtLHpxW5aWPTirNpY9OK3LSx6cV6NKJ6NKJWtLHpxW5aWPTirNpY9OK2razCjJFaY",
    "qv8AV6Dmt9l6/wBahjq/sKDt8T0X+f8AXWx8xWlj04rctLHpxVq0senFblpY9OK8KlE8alEq2lj04rctLHpxVq0s",
    "enFblpY9OK9GlE9GlEq2lj04rctLHpxVm1scY4qt4k8VaH4L0p77V7yOEBGaKEMDLORgbY0zljlh7DOSQOa9ClE9",
    "ClE1CLextZLm5ljhhiQvJJIwVUUDJJJ4AA5zXgfxG+O8l15ukeC5dttJFtl1MoySEnHEQOCmBkFiM5J24wGPC+Pf",
    "ijrnj+58oeZp+khAo0+KYsrnIJaQ4G87gCMjC4GBnJPK2tlk8ivCzGv7WvyLaOnz6/5fI+ex1f29d2+FaL/P5/lY",
    "+i7Sx6cVuWlj04qzaWPTity0senFaUonRSiVrSx6cVtW1mFGSKeRb2NrJc3MscMMSF5JJGCqigZJJPAAHOa8D+I3",
    "x3kuvN0jwXLttpItsuplGSQk44iBwUwMgsRnJO3GAx9GlE9GlE7/AOI3xc0rwKJdMtY/tuumLckA/wBXATjaZTkE",
    "ZB3BRyQBnaGDV8xa1res+LdVOpa1eyXd0UVN7AKFUdAqqAFHU4AHJJ6k1Rt7QuckVtWlj04rTFV/q9BzW+y9f61D",
    "HV/YUHb4nov8/wCutiraWPTity0senFWrSx6cVuWlj04r5qlE+epRP/Z",
  ].joined()
}
