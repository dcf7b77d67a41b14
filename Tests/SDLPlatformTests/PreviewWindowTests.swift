// SPDX-License-Identifier: MIT

import CameraModel
import Foundation
import Overlay
import SDLPlatform
import Testing

extension SDLPlatformTests {
  @Suite("Preview window")
  struct PreviewWindowTests {
    /// Without a display the test runs on SDL's dummy video driver, which has no GPU
    /// renderer, so the software fallback is exercised too.
    private func openWindow() throws -> PreviewWindow {
      let environment = ProcessInfo.processInfo.environment
      if environment["DISPLAY"] == nil, environment["WAYLAND_DISPLAY"] == nil {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
      }
      return try PreviewWindow(title: "Pinhole test", width: 640, height: 400)
    }

    @Test func windowReportsItsSizesInPointsAndPixels() throws {
      let window = try openWindow()
      #expect(window.windowSize == Size(width: 640, height: 400))
      #expect(window.drawableSize.width >= 640)
      #expect(window.pixelScale == window.drawableSize.width / 640)
      #expect(!window.rendererName.isEmpty)
      window.setTitle("Pinhole renamed")
    }

    @Test func toggleFullscreenEntersAndLeavesDesktopFullscreen() throws {
      let window = try openWindow()
      #expect(!window.isFullscreen)
      window.toggleFullscreen()
      #expect(window.isFullscreen)
      window.toggleFullscreen()
      #expect(!window.isFullscreen)
    }
  }
}
