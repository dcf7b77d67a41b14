// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Glibc
import Imaging
import PhotoPipeline
import Testing

/// Hostile files in the photo folder cannot make the strip or the viewer allocate gigabytes:
/// the file size is checked before reading, the claimed pixel count before decoding.
@Suite struct PhotoMemoryCapTests {
  @Test func aFileOverTheSizeCapIsRefusedUnread() throws {
    let folder = try TestFolder()
    let url = folder.url.appendingPathComponent("huge.jpg")
    let descriptor = open(url.path, O_CREAT | O_WRONLY, 0o644)
    #expect(descriptor >= 0)
    // Sparse: 3 GB claimed, nothing written.
    #expect(ftruncate(descriptor, 3 << 30) == 0)
    close(descriptor)
    #expect(throws: PhotoFileReader.Failure.tooLarge(bytes: 3 << 30)) {
      try PhotoFileReader().read(url)
    }
  }

  @Test func aFIFOIsNotAPhotoAndDoesNotBlock() throws {
    let folder = try TestFolder()
    let url = folder.url.appendingPathComponent("pipe.jpg")
    #expect(mkfifo(url.path, 0o644) == 0)
    #expect(throws: PhotoFileReader.Failure.notAFile) { try PhotoFileReader().read(url) }
  }

  @Test func aSmallFileReadsWhole() throws {
    let folder = try TestFolder()
    let url = folder.url.appendingPathComponent("small.jpg")
    try Data([1, 2, 3]).write(to: url)
    #expect(try PhotoFileReader().read(url) == Data([1, 2, 3]))
  }

  @Test func aTinyFileClaiming65500SquaredIsRefusedBeforeDecoding() throws {
    let size = FrameSize(width: 64, height: 48)
    let valid = [UInt8](try JPEGEncoder().encode(TestPatterns.gradient(size), quality: 50))
    let claim = JPEGFrameHeaderPatch.resized(valid, width: 65500, height: 65500)
    #expect(claim.count < 4096)
    let decoder = JPEGDecoder()
    let tooLarge = ImagingError.imageTooLarge(FrameSize(width: 65500, height: 65500))
    #expect(throws: tooLarge) { try decoder.decode(claim, scale: .eighth) }
    #expect(throws: tooLarge) {
      try claim.withUnsafeBytes { bytes throws(ImagingError) in
        try Thumbnail(
          jpeg: bytes, decoder: decoder, scratch: NV12Frame(size: FrameSize(width: 0, height: 0)))
      }
    }
    // The decoder is fine afterwards.
    #expect(try decoder.decode(valid).size == size)
  }

  @Test func theCannotOpenPlaceholderIsAVisibleTile() {
    let tile = Thumbnail.cannotOpenPlaceholder(height: 60)
    #expect(tile.width == 80 && tile.height == 60)
    let reds = stride(from: 0, to: tile.rgba.count, by: 4).filter {
      tile.rgba[$0] > 200 && tile.rgba[$0 + 1] < 100
    }
    #expect(reds.count > 100)
    #expect(tile.rgba[0] < 80)
  }
}
