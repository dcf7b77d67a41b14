// SPDX-License-Identifier: MIT

import CameraModel
import Overlay
import SDLPlatform
import Testing

extension SDLPlatformTests {
  @Suite("NV12 video texture")
  struct VideoTextureTests {
    /// A frame whose left half is one Y'CbCr colour and right half another.
    private func splitFrame(
      width: Int, height: Int, left: (UInt8, UInt8, UInt8), right: (UInt8, UInt8, UInt8),
      colorimetry: Colorimetry = .bt601Limited
    ) -> NV12Frame {
      let frame = NV12Frame(size: FrameSize(width: width, height: height))
      frame.metadata.colorimetry = colorimetry
      frame.withPlanes { y, uv in
        for row in 0..<height {
          for column in 0..<width {
            y[row * frame.yStride + column] = column < width / 2 ? left.0 : right.0
          }
        }
        for row in 0..<frame.chromaHeight {
          for pair in 0..<(width / 2) {
            let color = pair * 2 < width / 2 ? left : right
            uv[row * frame.uvStride + pair * 2] = color.1
            uv[row * frame.uvStride + pair * 2 + 1] = color.2
          }
        }
      }
      return frame
    }

    @Test func uploadedFrameReadsBackAsItsColours() throws {
      let window = try PreviewWindow(offscreenWidth: 128, height: 64)
      let video = VideoTexture(window: window)
      // BT.601 limited range: (81, 90, 240) is pure red, (41, 240, 110) pure blue.
      try video.upload(
        splitFrame(width: 64, height: 32, left: (81, 90, 240), right: (41, 240, 110)))
      window.clear(to: .black)
      let rect = video.draw()
      #expect(rect == Rect(x: 0, y: 0, width: 128, height: 64))
      let pixels = Readback(window)
      // Sampled away from the edges and the bottom-right corner, where the software
      // renderer's NV12 path leaves an artefact.
      #expect(pixels.matches(x: 32, y: 32, Color(red: 255, green: 0, blue: 0), tolerance: 8))
      #expect(pixels.matches(x: 96, y: 20, Color(red: 0, green: 0, blue: 255), tolerance: 8))
    }

    @Test func fullRangeFramesAreNotStretched() throws {
      let window = try PreviewWindow(offscreenWidth: 64, height: 64)
      let video = VideoTexture(window: window)
      let grey: (UInt8, UInt8, UInt8) = (200, 128, 128)
      try video.upload(splitFrame(width: 64, height: 64, left: grey, right: grey))
      window.clear(to: .black)
      video.draw()
      // Limited range stretches 16…235 to 0…255: 200 becomes (200 - 16) × 255 / 219 ≈ 214.
      #expect(
        Readback(window).matches(x: 20, y: 20, Color(red: 214, green: 214, blue: 214), tolerance: 3)
      )
      try video.upload(
        splitFrame(width: 64, height: 64, left: grey, right: grey, colorimetry: .jpeg))
      window.clear(to: .black)
      video.draw()
      #expect(
        Readback(window).matches(x: 20, y: 20, Color(red: 200, green: 200, blue: 200), tolerance: 3)
      )
    }

    /// An MJPEG preview decoded at a quarter size switches to full-size frames while a
    /// recording taps them, and back: each upload gets a texture of its frame's own size (rows
    /// of the reduced frame are 64 bytes apart for 32 pixels).
    @Test func framesThatChangeSizeEachGetATextureOfTheirOwnSize() throws {
      let window = try PreviewWindow(offscreenWidth: 128, height: 72)
      let video = VideoTexture(window: window)
      let red: (UInt8, UInt8, UInt8) = (81, 90, 240)
      let blue: (UInt8, UInt8, UInt8) = (41, 240, 110)
      let sizes = [(32, 18, red), (128, 72, blue), (32, 18, red), (64, 36, blue)]
      for (width, height, color) in sizes {
        try video.upload(splitFrame(width: width, height: height, left: color, right: color))
        #expect(video.frameSize == FrameSize(width: width, height: height))
        window.clear(to: .black)
        #expect(video.draw() == Rect(x: 0, y: 0, width: 128, height: 72))
        let expected =
          color == red ? Color(red: 255, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 255)
        #expect(Readback(window).matches(x: 40, y: 30, expected, tolerance: 8), "\(width)")
      }
    }

    @Test func narrowFrameIsPillarboxed() throws {
      let window = try PreviewWindow(offscreenWidth: 128, height: 64)
      let video = VideoTexture(window: window)
      #expect(video.draw() == nil)
      try video.upload(
        splitFrame(width: 32, height: 32, left: (81, 90, 240), right: (81, 90, 240)))
      #expect(video.frameSize == FrameSize(width: 32, height: 32))
      window.clear(to: .black)
      #expect(video.draw() == Rect(x: 32, y: 0, width: 64, height: 64))
      let pixels = Readback(window)
      #expect(pixels.matches(x: 10, y: 32, .black))
      #expect(pixels.matches(x: 118, y: 32, .black))
      #expect(pixels.matches(x: 64, y: 20, Color(red: 255, green: 0, blue: 0), tolerance: 8))
    }

    @Test func mirroredPictureSwapsLeftAndRight() throws {
      let window = try PreviewWindow(offscreenWidth: 128, height: 64)
      let video = VideoTexture(window: window)
      try video.upload(
        splitFrame(width: 64, height: 32, left: (81, 90, 240), right: (41, 240, 110)))
      window.clear(to: .black)
      #expect(video.draw(isMirrored: true) == Rect(x: 0, y: 0, width: 128, height: 64))
      let pixels = Readback(window)
      #expect(pixels.matches(x: 32, y: 32, Color(red: 0, green: 0, blue: 255), tolerance: 8))
      #expect(pixels.matches(x: 96, y: 20, Color(red: 255, green: 0, blue: 0), tolerance: 8))
    }

    @Test func quarterTurnStandsThePictureUpright() throws {
      let window = try PreviewWindow(offscreenWidth: 128, height: 128)
      let video = VideoTexture(window: window)
      try video.upload(
        splitFrame(width: 64, height: 32, left: (81, 90, 240), right: (41, 240, 110)))
      window.clear(to: .black)
      // Turned clockwise, the 64x32 picture is 32 wide and 64 tall (fitted: 64x128): its left
      // half (red) is now on top.
      #expect(video.draw(quarterTurns: 1) == Rect(x: 32, y: 0, width: 64, height: 128))
      var pixels = Readback(window)
      #expect(pixels.matches(x: 64, y: 30, Color(red: 255, green: 0, blue: 0), tolerance: 8))
      #expect(pixels.matches(x: 64, y: 90, Color(red: 0, green: 0, blue: 255), tolerance: 8))
      #expect(pixels.matches(x: 10, y: 64, .black))
      window.clear(to: .black)
      video.draw(isMirrored: true, quarterTurns: 1)
      pixels = Readback(window)
      // Mirroring left to right keeps top and bottom.
      #expect(pixels.matches(x: 64, y: 30, Color(red: 255, green: 0, blue: 0), tolerance: 8))
    }

    /// A 64x32 picture shown 128x64 in a 128x128 window, with a layer green over its left
    /// half: upright, mirrored and turned clockwise, the green lies where that half does.
    private func expectGreenOverTheLeftHalf(_ video: VideoTexture, _ window: PreviewWindow) {
      let green = Color(red: 0, green: 255, blue: 0)
      window.clear(to: .black)
      video.draw()
      var pixels = Readback(window)
      // Upright: the 64x32 picture fills 128x64 from y 32; green on its left half.
      #expect(pixels.matches(x: 32, y: 64, green, tolerance: 8))
      #expect(!pixels.matches(x: 96, y: 64, green, tolerance: 40))
      window.clear(to: .black)
      video.draw(isMirrored: true)
      pixels = Readback(window)
      #expect(pixels.matches(x: 96, y: 64, green, tolerance: 8))
      #expect(!pixels.matches(x: 32, y: 64, green, tolerance: 40))
      window.clear(to: .black)
      // Turned clockwise the picture's left half is on top, as the picture's own is.
      video.draw(quarterTurns: 1)
      pixels = Readback(window)
      #expect(pixels.matches(x: 64, y: 30, green, tolerance: 8))
      #expect(!pixels.matches(x: 64, y: 90, green, tolerance: 40))
    }

    @Test func layerFollowsThePicturesMirrorAndTurnAndGoesAway() throws {
      let window = try PreviewWindow(offscreenWidth: 128, height: 128)
      let video = VideoTexture(window: window)
      let grey = (UInt8(126), UInt8(128), UInt8(128))
      try video.upload(splitFrame(width: 64, height: 32, left: grey, right: grey))
      // A 32x16 layer (half the frame's size) whose left half is opaque green.
      var rgba = [UInt8](repeating: 0, count: 32 * 16 * 4)
      for row in 0..<16 {
        for column in 0..<16 {
          let index = (row * 32 + column) * 4
          rgba[index + 1] = 255
          rgba[index + 3] = 255
        }
      }
      try video.uploadLayer(rgba: rgba, width: 32, height: 16)
      let green = Color(red: 0, green: 255, blue: 0)
      expectGreenOverTheLeftHalf(video, window)
      video.removeLayer()
      window.clear(to: .black)
      video.draw()
      let pixels = Readback(window)
      #expect(!pixels.matches(x: 32, y: 64, green, tolerance: 40))
    }

    @Test func layerPiecesAloneAreDrawnWhereTheWholeLayerWouldBe() throws {
      let window = try PreviewWindow(offscreenWidth: 128, height: 128)
      let video = VideoTexture(window: window)
      let grey = (UInt8(126), UInt8(128), UInt8(128))
      try video.upload(splitFrame(width: 64, height: 32, left: grey, right: grey))
      // A 32x16 layer that is opaque green all over, of which only the left half is a piece.
      var rgba = [UInt8](repeating: 0, count: 32 * 16 * 4)
      for index in stride(from: 0, to: rgba.count, by: 4) {
        rgba[index + 1] = 255
        rgba[index + 3] = 255
      }
      try video.uploadLayer(
        rgba: rgba, width: 32, height: 16,
        pieces: [PixelRectangle(left: 0, top: 0, width: 16, height: 16)])
      let green = Color(red: 0, green: 255, blue: 0)
      expectGreenOverTheLeftHalf(video, window)
      window.clear(to: .black)
      video.draw(isMirrored: true, quarterTurns: 3)
      var pixels = Readback(window)
      // Turned anticlockwise the left half is at the bottom; mirroring keeps it there.
      #expect(pixels.matches(x: 64, y: 90, green, tolerance: 8))
      #expect(!pixels.matches(x: 64, y: 30, green, tolerance: 40))
      // No pieces: nothing of the layer is drawn.
      try video.uploadLayer(rgba: rgba, width: 32, height: 16, pieces: [])
      window.clear(to: .black)
      video.draw()
      pixels = Readback(window)
      #expect(!pixels.matches(x: 32, y: 64, green, tolerance: 40))
    }
  }
}
