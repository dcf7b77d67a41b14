// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import MediaStore
import PhotoPipeline
import Testing

/// A 64x32 photo whose left half is white and right half black, saved with an EXIF
/// Orientation: the thumbnail (the strip's and the viewer's image) must show it upright.
@Suite("Thumbnails honour EXIF Orientation")
struct ThumbnailOrientationTests {
  private func photo(_ orientation: PhotoMetadata.Orientation) throws -> Data {
    let size = FrameSize(width: 64, height: 32)
    let frame = NV12Frame(size: size)
    frame.metadata.colorimetry = .jpeg
    frame.withPlanes { y, uv in
      for row in 0..<size.height {
        for column in 0..<size.width { y[row * frame.yStride + column] = column < 32 ? 255 : 0 }
      }
      uv.update(repeating: 128)
    }
    let jpeg = try JPEGEncoder().encode(frame, quality: 90)
    let metadata = PhotoMetadata(
      captureDate: Date(timeIntervalSince1970: 0), make: "test", model: "test",
      softwareVersion: "test", size: size, orientation: orientation)
    return try EXIFBuilder().embed(metadata, into: jpeg)
  }

  private func thumbnail(_ orientation: PhotoMetadata.Orientation) throws -> Thumbnail {
    let data = try photo(orientation)
    let decoder = JPEGDecoder()
    let scratch = NV12Frame(size: FrameSize(width: 0, height: 0))
    return try data.withUnsafeBytes { bytes in
      try Thumbnail(jpeg: bytes, height: 16, decoder: decoder, scratch: scratch)
    }
  }

  private func luma(_ image: Thumbnail, x: Int, y: Int) -> Int {
    Int(image.rgba[(y * image.width + x) * 4])
  }

  @Test(
    "the EXIF Orientation written into a photo reads back",
    arguments: PhotoMetadata.Orientation.allCases)
  func orientationReadsBack(_ orientation: PhotoMetadata.Orientation) throws {
    let data = try photo(orientation)
    let read = data.withUnsafeBytes { EXIFOrientationReader.orientation(of: $0) }
    #expect(read == orientation)
  }

  @Test("an upright photo keeps its shape: white left, black right")
  func uprightIsUnchanged() throws {
    let image = try thumbnail(.up)
    #expect(image.width == 32 && image.height == 16)
    #expect(luma(image, x: 2, y: 8) > 200 && luma(image, x: 29, y: 8) < 50)
  }

  @Test("orientation 6 (turn clockwise) stands the photo up, its left half on top, 16 rows tall")
  func rightTurnsClockwise() throws {
    let image = try thumbnail(.right)
    #expect(image.width == 8 && image.height == 16)
    #expect(luma(image, x: 4, y: 1) > 200 && luma(image, x: 4, y: 14) < 50)
  }

  @Test("orientation 8 (turn anticlockwise) puts the left half at the bottom")
  func leftTurnsAnticlockwise() throws {
    let image = try thumbnail(.left)
    #expect(image.width == 8 && image.height == 16)
    #expect(luma(image, x: 4, y: 1) < 50 && luma(image, x: 4, y: 14) > 200)
  }

  @Test("orientation 3 turns the photo half way: white on the right")
  func downTurnsHalfway() throws {
    let image = try thumbnail(.down)
    #expect(image.width == 32 && image.height == 16)
    #expect(luma(image, x: 2, y: 8) < 50 && luma(image, x: 29, y: 8) > 200)
  }

  @Test("orientation 2 mirrors the photo: white on the right")
  func upMirroredMirrors() throws {
    let image = try thumbnail(.upMirrored)
    #expect(luma(image, x: 2, y: 8) < 50 && luma(image, x: 29, y: 8) > 200)
  }
}
