// SPDX-License-Identifier: MIT
import CameraModel
import Imaging
import PhotoPipeline
import Testing

@Suite("Thumbnails")
struct ThumbnailTests {
  private func solidFrame(
    _ size: FrameSize, y: UInt8, cb: UInt8, cr: UInt8, colorimetry: Colorimetry
  ) -> NV12Frame {
    let frame = NV12Frame(size: size)
    frame.metadata.colorimetry = colorimetry
    frame.withPlaneAddresses { luma, chroma in
      for row in 0..<size.height {
        (luma + row * frame.yStride).update(repeating: y, count: size.width)
      }
      for row in 0..<frame.chromaHeight {
        let line = chroma + row * frame.uvStride
        for pair in 0..<(size.width + 1) / 2 {
          line[2 * pair] = cb
          line[2 * pair + 1] = cr
        }
      }
    }
    return frame
  }

  private func pixel(_ thumbnail: Thumbnail, x: Int, y: Int) -> [Int] {
    let offset = (y * thumbnail.width + x) * 4
    return thumbnail.rgba[offset..<offset + 4].map(Int.init)
  }

  private func isClose(_ a: [Int], _ b: [Int], within tolerance: Int = 3) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test(arguments: [
    // (Y, Cb, Cr, colorimetry, expected RGBA): BT.601 limited-range red, green and blue,
    // full-range mid grey, and BT.709 limited white.
    (81, 90, 240, Colorimetry.bt601Limited, [255, 0, 0, 255]),
    (145, 54, 34, Colorimetry.bt601Limited, [0, 255, 0, 255]),
    (41, 240, 110, Colorimetry.bt601Limited, [0, 0, 255, 255]),
    (128, 128, 128, Colorimetry.jpeg, [128, 128, 128, 255]),
    (235, 128, 128, Colorimetry.bt709Limited, [255, 255, 255, 255]),
  ])
  func convertsColoursFaithfully(
    y: Int, cb: Int, cr: Int, colorimetry: Colorimetry, expected: [Int]
  ) {
    let frame = solidFrame(
      FrameSize(width: 1920, height: 1080), y: UInt8(y), cb: UInt8(cb), cr: UInt8(cr),
      colorimetry: colorimetry)
    let thumbnail = Thumbnail(downscaling: frame)
    #expect(thumbnail.width == 284 && thumbnail.height == 160)
    for (x, y) in [(0, 0), (283, 159), (140, 80)] {
      #expect(isClose(pixel(thumbnail, x: x, y: y), expected), "\(pixel(thumbnail, x: x, y: y))")
    }
  }

  @Test func keepsOddAndSmallPicturesWhole() {
    let frame = solidFrame(
      FrameSize(width: 101, height: 57), y: 128, cb: 128, cr: 128, colorimetry: .jpeg)
    let thumbnail = Thumbnail(downscaling: frame)
    #expect(thumbnail.width == 101 && thumbnail.height == 57)
    #expect(thumbnail.rgba.count == 101 * 57 * 4)
  }

  @Test func decodesJPEGsWithTheStrongestReductionThatStillCoversTheHeight() throws {
    #expect(
      Thumbnail.decodeScale(for: FrameSize(width: 1920, height: 1080), height: 160) == .quarter)
    #expect(
      Thumbnail.decodeScale(for: FrameSize(width: 3840, height: 2160), height: 160) == .eighth)
    #expect(Thumbnail.decodeScale(for: FrameSize(width: 640, height: 480), height: 160) == .half)
    #expect(Thumbnail.decodeScale(for: FrameSize(width: 320, height: 180), height: 160) == .full)
    let jpeg = try JPEGEncoder().encode(
      solidFrame(
        FrameSize(width: 1280, height: 720), y: 81, cb: 90, cr: 240, colorimetry: .bt601Limited))
    let thumbnail = try jpeg.withUnsafeBytes { bytes in
      try Thumbnail(
        jpeg: bytes, decoder: JPEGDecoder(),
        scratch: NV12Frame(size: FrameSize(width: 0, height: 0)))
    }
    #expect(thumbnail.width == 284 && thumbnail.height == 160)
    #expect(isClose(pixel(thumbnail, x: 100, y: 100), [255, 0, 0, 255], within: 6))
  }
}
