// SPDX-License-Identifier: MIT

import CameraModel
import Overlay
import SDLPlatform
import Testing

extension SDLPlatformTests {
  @Suite("SDL overlay backend")
  struct OverlayBackendTests {
    private let red = Color(red: 255, green: 0, blue: 0)

    private func render(
      width: Int = 200, height: Int = 100, _ commands: [DrawCommand]
    ) throws -> Readback {
      let window = try PreviewWindow(offscreenWidth: width, height: height)
      let backend = try SDLOverlayBackend(window: window)
      window.clear(to: .black)
      backend.draw(commands)
      return Readback(window)
    }

    @Test func fillRectCoversExactlyItsPixels() throws {
      let pixels = try render([
        .fillRect(Rect(x: 10, y: 10, width: 50, height: 30), color: red, cornerRadius: 0)
      ])
      #expect(pixels.matches(x: 10, y: 10, red))
      #expect(pixels.matches(x: 59, y: 39, red))
      #expect(pixels.matches(x: 9, y: 10, .black))
      #expect(pixels.matches(x: 60, y: 39, .black))
      #expect(pixels.matches(x: 30, y: 40, .black))
    }

    @Test func roundedCornersLeaveTheCornerEmpty() throws {
      let pixels = try render([
        .fillRect(Rect(x: 0, y: 0, width: 100, height: 100), color: red, cornerRadius: 30)
      ])
      #expect(pixels.matches(x: 1, y: 1, .black))
      #expect(pixels.matches(x: 98, y: 98, .black))
      #expect(pixels.matches(x: 30, y: 30, red))
      #expect(pixels.matches(x: 50, y: 0, red))
    }

    @Test func ringIsHollowAndCircleIsFilled() throws {
      let pixels = try render([
        .ring(center: Point(x: 50, y: 50), radius: 30, thickness: 6, color: red),
        .ring(center: Point(x: 150, y: 50), radius: 20, thickness: 20, color: red),
      ])
      #expect(pixels.matches(x: 77, y: 50, red))
      #expect(pixels.matches(x: 50, y: 22, red))
      #expect(pixels.matches(x: 50, y: 50, .black))
      #expect(pixels.matches(x: 150, y: 50, red))
      #expect(pixels.matches(x: 95, y: 50, .black))
    }

    @Test func translucentFillBlendsWithWhatIsBelow() throws {
      let pixels = try render([
        .fillRect(
          Rect(x: 0, y: 0, width: 40, height: 40), color: Color.white.withOpacity(0.5),
          cornerRadius: 0)
      ])
      #expect(pixels.matches(x: 20, y: 20, Color(red: 128, green: 128, blue: 128), tolerance: 3))
    }

    @Test func textLandsInsideItsMeasuredBox() throws {
      let window = try PreviewWindow(offscreenWidth: 200, height: 100)
      let backend = try SDLOverlayBackend(window: window)
      let size = backend.size(of: "Pinhole", pointSize: 24)
      #expect(size.width > 40 && size.width < 150)
      #expect(size.height >= 24 && size.height < 40)
      window.clear(to: .black)
      backend.draw([.text("Pinhole", origin: Point(x: 20, y: 30), pointSize: 24, color: .white)])
      let pixels = Readback(window)
      let box = Rect(origin: Point(x: 20, y: 30), size: size)
      #expect(pixels.brightCount(in: box) > 50)
      let everything = Rect(x: 0, y: 0, width: 200, height: 100)
      #expect(pixels.brightCount(in: everything) == pixels.brightCount(in: box))
    }

    @Test func clipKeepsDrawingInsideTheClip() throws {
      let pixels = try render([
        .clip(Rect(x: 0, y: 0, width: 100, height: 100)),
        .fillRect(Rect(x: 0, y: 0, width: 200, height: 100), color: red, cornerRadius: 0),
        .clip(nil),
      ])
      #expect(pixels.matches(x: 99, y: 50, red))
      #expect(pixels.matches(x: 100, y: 50, .black))
    }

    @Test func textCacheStaysWithinItsBound() throws {
      let window = try PreviewWindow(offscreenWidth: 200, height: 100)
      let backend = try SDLOverlayBackend(window: window, textCacheCapacity: 2)
      for label in ["one", "two", "three", "two"] {
        backend.draw([.text(label, origin: .zero, pointSize: 14, color: .white)])
      }
      #expect(backend.cachedTextCount == 2)
    }

    @Test func registeredImageIsDrawnScaled() throws {
      let window = try PreviewWindow(offscreenWidth: 100, height: 100)
      let backend = try SDLOverlayBackend(window: window)
      try backend.setImage(ImageID("dot"), rgba: [0, 0, 255, 255], width: 1, height: 1)
      window.clear(to: .black)
      backend.draw([.image(ImageID("dot"), rect: Rect(x: 10, y: 10, width: 20, height: 20))])
      let pixels = Readback(window)
      #expect(pixels.matches(x: 20, y: 20, Color(red: 0, green: 0, blue: 255)))
      #expect(pixels.matches(x: 40, y: 40, .black))
    }

    @Test func measuredWidthsStayRightPastTheKeptCount() throws {
      let window = try PreviewWindow(offscreenWidth: 64, height: 64)
      let backend = try SDLOverlayBackend(window: window)
      let short = backend.size(of: "Photo", pointSize: 14)
      let long = backend.size(of: "Photo mode (V)", pointSize: 14)
      #expect(short.width > 0 && long.width > short.width)
      // More distinct strings than are kept, then the first ones again.
      for index in 0...1100 { _ = backend.size(of: "label \(index)", pointSize: 14) }
      #expect(backend.size(of: "Photo", pointSize: 14) == short)
      #expect(backend.size(of: "Photo mode (V)", pointSize: 14) == long)
      #expect(backend.size(of: "Photo", pointSize: 28).width > short.width)
      #expect(backend.size(of: "", pointSize: 14).width == 0)
    }

    @Test func overlayFrameDrawsTranslucentBars() throws {
      let window = try PreviewWindow(offscreenWidth: 640, height: 360)
      let backend = try SDLOverlayBackend(window: window)
      let overlay = Overlay(measurer: backend)
      let device = DeviceInfo(path: "/dev/video0", name: "Camera", driver: "vivid", busInfo: "")
      let state = OverlayState(cameraState: .noCamera, cameraName: device.name)
      let frame = overlay.frame(
        input: OverlayInput(windowSize: window.windowSize), state: state)
      window.clear(to: .white)
      backend.draw(frame.commands)
      let pixels = Readback(window)
      let bar = pixels.color(x: 320, y: 2)
      #expect(bar.red > 100 && bar.red < 200)
      #expect(pixels.matches(x: 5, y: 100, .white))
    }
  }
}
