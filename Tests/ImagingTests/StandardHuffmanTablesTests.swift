// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Imaging
import Testing

/// The Annex K tables written out in `StandardHuffmanTables` must be the ones decoders assume
/// for UVC frames, and inserting them must turn a frame into a complete JPEG file.
@Suite struct StandardHuffmanTablesTests {
  /// Table body (counts + symbols) by class/destination byte, from every DHT segment.
  static func tables(in jpeg: [UInt8]) -> [UInt8: [UInt8]] {
    var tables: [UInt8: [UInt8]] = [:]
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset + 1] != 0xDA {
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      if jpeg[offset + 1] == 0xC4 {
        var cursor = offset + 4
        while cursor < offset + 2 + length {
          let counts = jpeg[(cursor + 1)...(cursor + 16)]
          let symbolCount = counts.reduce(0) { $0 + Int($1) }
          tables[jpeg[cursor]] = Array(jpeg[(cursor + 1)..<(cursor + 17 + symbolCount)])
          cursor += 17 + symbolCount
        }
      }
      offset += 2 + length
    }
    return tables
  }

  @Test func theSegmentHoldsFourTablesIn420Bytes() {
    let segment = StandardHuffmanTables.segment
    #expect(segment.count == 420)
    #expect(segment.prefix(4) == [0xFF, 0xC4, 0x01, 0xA2])
    let tables = Self.tables(in: [0xFF, 0xD8] + segment + [0xFF, 0xDA, 0x00, 0x02])
    #expect(tables.keys.sorted() == [0x00, 0x01, 0x10, 0x11])
    #expect(tables[0x00]?.count == 16 + 12 && tables[0x10]?.count == 16 + 162)
  }

  /// turbojpeg's encoder writes the same Annex K tables unless asked to optimise them.
  @Test func theTablesMatchTheOnesTurboJPEGWrites() throws {
    let jpeg = try JPEGEncoder().encode(TestPatterns.gradient(FrameSize(width: 32, height: 32)))
    let written = Self.tables(in: [UInt8](jpeg))
    let ours = Self.tables(in: [0xFF, 0xD8] + StandardHuffmanTables.segment + [0xFF, 0xDA])
    #expect(written.count == 4)
    #expect(written == ours)
  }

  @Test(arguments: [JPEGSubsampling.yuv420, .yuv422, .yuv444, .grey])
  func insertedTablesDecodeToTheSamePixelsAsTheTablelessFrame(
    subsampling: JPEGSubsampling
  ) throws {
    let size = FrameSize(width: 97, height: 55)
    let tableless = try MJPEGDecodingTests.uvcFrame(
      TestPatterns.colorBars(size), subsampling: subsampling)
    #expect(!(try StandardHuffmanTables.hasHuffmanTables(tableless)))
    let repaired = [UInt8](try StandardHuffmanTables.inserting(into: tableless))
    #expect(try StandardHuffmanTables.hasHuffmanTables(repaired))
    #expect(repaired.count == tableless.count + 420)
    let decoder = JPEGDecoder()
    let before = try decoder.decode(tableless)
    let after = try decoder.decode(repaired)
    #expect(ImageComparison.luma(of: before) == ImageComparison.luma(of: after))
    #expect(ImageComparison.chroma(of: before) == ImageComparison.chroma(of: after))
  }

  @Test(.enabled(if: ExternalTool.isInstalled("djpeg")))
  func djpegDecodesTheRepairedFileWithoutWarnings() throws {
    let size = FrameSize(width: 64, height: 48)
    let tableless = try MJPEGDecodingTests.uvcFrame(
      TestPatterns.gradient(size), subsampling: .yuv422)
    let repaired = [UInt8](try StandardHuffmanTables.inserting(into: tableless))
    let result = try ExternalTool.run("djpeg", ["-pnm"], input: repaired, suffix: "jpg")
    #expect(result.status == 0)
    #expect(result.errors.isEmpty, "djpeg said: \(result.errors)")
    let header = String(decoding: result.output.prefix(15), as: UTF8.self)
    #expect(header.hasPrefix("P6\n64 48\n255"))
  }

  @Test func framesThatHaveTablesAreLeftAlone() throws {
    let jpeg = try JPEGEncoder().encode(TestPatterns.gradient(FrameSize(width: 16, height: 16)))
    #expect(try StandardHuffmanTables.inserting(into: jpeg) == jpeg)
  }

  @Test func damagedHeadersAreRefused() throws {
    let jpeg = try MJPEGDecodingTests.uvcFrame(
      TestPatterns.gradient(FrameSize(width: 16, height: 16)), subsampling: .yuv420)
    #expect(throws: ImagingError.self) { try StandardHuffmanTables.inserting(into: [UInt8]()) }
    #expect(throws: ImagingError.self) { try StandardHuffmanTables.inserting(into: [0x00, 0x01]) }
    #expect(throws: ImagingError.truncatedFrame) {
      try StandardHuffmanTables.inserting(into: Array(jpeg.prefix(30)))
    }
    var broken = jpeg
    broken[2] = 0x00  // The first marker loses its FF.
    #expect(throws: ImagingError.self) { try StandardHuffmanTables.inserting(into: broken) }
  }
}
