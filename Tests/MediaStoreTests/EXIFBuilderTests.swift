// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Testing

@testable import MediaStore

@Suite struct EXIFBuilderTests {
  let metadata = PhotoMetadata(
    captureDate: Date(timeIntervalSince1970: 1_796_043_787.123), utcOffsetSeconds: 3600,
    make: "Acme", model: "Webcam C920", softwareVersion: "1.2.0",
    size: FrameSize(width: 16, height: 8), orientation: .right)

  /// `exiv2 -pa` output as key → interpreted value.
  func exivTags(_ jpeg: Data, in folder: TemporaryFolder) throws -> [String: String] {
    let file = folder.url.appendingPathComponent("tagged.jpg")
    try jpeg.write(to: file)
    let result = try ExternalTool.run("exiv2", ["-pa", file.path])
    var tags: [String: String] = [:]
    for line in result.output.split(separator: "\n") {
      // "Exif.Image.Make                              Ascii       5  Acme"
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
      guard fields.count == 4 else { continue }
      tags[String(fields[0])] = fields[3].trimmingCharacters(in: .whitespaces)
    }
    return tags
  }

  @Test func exiv2ReadsBackEveryTag() throws {
    let folder = try TemporaryFolder()
    let tagged = try EXIFBuilder().embed(metadata, into: try ExternalTool.makeJPEG(in: folder))
    let tags = try exivTags(tagged, in: folder)
    #expect(tags["Exif.Image.Make"] == "Acme")
    #expect(tags["Exif.Image.Model"] == "Webcam C920")
    #expect(tags["Exif.Image.Software"] == "Pinhole 1.2.0")
    #expect(tags["Exif.Image.Orientation"] == "right, top")
    #expect(tags["Exif.Photo.DateTimeOriginal"] == "2026:11:30 14:03:07")
    #expect(tags["Exif.Photo.SubSecTimeOriginal"] == "123")
    #expect(tags["Exif.Photo.OffsetTimeOriginal"] == "+01:00")
    #expect(tags["Exif.Photo.PixelXDimension"] == "16")
    #expect(tags["Exif.Photo.PixelYDimension"] == "8")
  }

  @Test func writesHowThePhotoWasMadeAsImageDescription() throws {
    let folder = try TemporaryFolder()
    var described = metadata
    let original = try ExternalTool.makeJPEG(in: folder)
    #expect(
      try exivTags(EXIFBuilder().embed(described, into: original), in: folder)[
        "Exif.Image.ImageDescription"] == nil)
    described.imageDescription = "Pinhole: 4 frames merged, Balanced"
    let tags = try exivTags(EXIFBuilder().embed(described, into: original), in: folder)
    #expect(tags["Exif.Image.ImageDescription"] == "Pinhole: 4 frames merged, Balanced")
  }

  @Test func keepsJFIFFirstAndPutsExifRightAfterIt() throws {
    let folder = try TemporaryFolder()
    let original = try ExternalTool.makeJPEG(in: folder)
    let tagged = [UInt8](try EXIFBuilder().embed(metadata, into: original))
    #expect(tagged.prefix(4) == [0xFF, 0xD8, 0xFF, 0xE0])
    let afterJFIF = try JPEGSegments.segmentEnd(in: tagged, at: 2)
    #expect(tagged[afterJFIF..<afterJFIF + 2] == [0xFF, 0xE1])
    #expect(Array(tagged[afterJFIF + 4..<afterJFIF + 10]) == Array("Exif\0\0".utf8))
    let payload = try EXIFBuilder().app1Payload(for: metadata)
    let length = Int(tagged[afterJFIF + 2]) << 8 | Int(tagged[afterJFIF + 3])
    #expect(length == payload.count + 2)
    #expect(tagged.count == original.count + payload.count + 4)
    let originalMarkers = markersUntilScan([UInt8](original))
    #expect(originalMarkers.first == 0xE0)
    #expect(markersUntilScan(tagged) == [0xE0, 0xE1] + originalMarkers.dropFirst())
  }

  @Test func insertsRightAfterStartOfImageWithoutJFIF() throws {
    let folder = try TemporaryFolder()
    var bytes = [UInt8](try ExternalTool.makeJPEG(in: folder))
    bytes.removeSubrange(2..<(try JPEGSegments.segmentEnd(in: bytes, at: 2)))
    let tagged = [UInt8](try EXIFBuilder().embed(metadata, into: Data(bytes)))
    #expect(tagged.prefix(4) == [0xFF, 0xD8, 0xFF, 0xE1])
    #expect(markersUntilScan(tagged).first == 0xE1)
    #expect(try exivTags(Data(tagged), in: folder)["Exif.Image.Make"] == "Acme")
  }

  @Test func replacesExistingExifInsteadOfAddingSecond() throws {
    let folder = try TemporaryFolder()
    let once = try EXIFBuilder().embed(metadata, into: try ExternalTool.makeJPEG(in: folder))
    var changed = metadata
    changed.model = "Other"
    let twice = [UInt8](try EXIFBuilder().embed(changed, into: once))
    #expect(markersUntilScan(twice).filter { $0 == 0xE1 }.count == 1)
    #expect(try exivTags(Data(twice), in: folder)["Exif.Image.Model"] == "Other")
  }

  @Test func taggedFileStillDecodes() throws {
    let folder = try TemporaryFolder()
    let tagged = try EXIFBuilder().embed(metadata, into: try ExternalTool.makeJPEG(in: folder))
    let file = folder.url.appendingPathComponent("decode.jpg")
    try tagged.write(to: file)
    let result = try ExternalTool.run("djpeg", ["-outfile", "/dev/null", file.path])
    #expect(result.status == 0)
  }

  @Test func writesNegativeAndHalfHourOffsets() {
    var western = metadata
    western.utcOffsetSeconds = -(5 * 3600 + 30 * 60)
    #expect(western.exifOffset == "-05:30")
    #expect(western.exifDateTime == "2026:11:30 07:33:07")
  }

  @Test func rejectsBytesThatAreNotJPEG() {
    #expect(throws: EXIFError.notJPEG) {
      try EXIFBuilder().embed(metadata, into: Data("not a jpeg".utf8))
    }
  }

  @Test func rejectsSegmentRunningPastEnd() {
    let truncated = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x40, 0x4A])
    #expect(throws: EXIFError.malformedSegment(offset: 2)) {
      try EXIFBuilder().embed(metadata, into: truncated)
    }
  }

  /// Marker bytes from after SOI up to and including SOS, following each segment's length.
  func markersUntilScan(_ bytes: [UInt8]) -> [UInt8] {
    var markers: [UInt8] = []
    var offset = 2
    while offset + 3 < bytes.count, bytes[offset] == 0xFF {
      markers.append(bytes[offset + 1])
      if bytes[offset + 1] == 0xDA { break }
      guard let end = try? JPEGSegments.segmentEnd(in: bytes, at: offset) else { return markers }
      offset = end
    }
    return markers
  }
}
