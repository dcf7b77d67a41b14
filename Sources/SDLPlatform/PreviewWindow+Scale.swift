// SPDX-License-Identifier: MIT

import CSDL2
import CameraModel

/// The overlay's scale on this window: read once from the desktop when the window opens, and
/// again when the window system's own scaling changes (the window moved to another output).
/// Main thread only.
extension PreviewWindow {
  /// The overlay's scale and where it came from.
  public var desktopScale: DesktopScale {
    let backing = pixelScale
    if let resolved = resolvedScale, resolved.backing == backing { return resolved.scale }
    var inputs = scaleInputs
    inputs.backingScale = backing
    let scale = DesktopScale.resolve(inputs)
    resolvedScale = (backing, scale)
    return scale
  }

  /// Drawable pixels per overlay point: what `OverlayInput.pixelScale` is.
  public var overlayScale: Double { desktopScale.factor }

  /// The window's size in overlay points.
  public var overlaySize: Size {
    let scale = overlayScale
    let size = drawableSize
    return Size(width: size.width / scale, height: size.height / scale)
  }

  /// Overlay points per window point: converts pointer positions (window points) into the
  /// overlay's points.
  var pointerScale: Double { pixelScale / overlayScale }

  /// Reads what the desktop says about its scale: the X resources (`Xft.dpi`) when SDL is on
  /// X11, and SDL's DPI of the window's display.
  func readDesktopScale() {
    if let (display, _) = x11Window, let resources = XResourceManagerString(display) {
      scaleInputs.resources = String(cString: resources)
    }
    if let window {
      var diagonal: Float = 0
      let index = SDL_GetWindowDisplayIndex(window)
      if index >= 0, SDL_GetDisplayDPI(index, &diagonal, nil, nil) == 0 {
        scaleInputs.displayDPI = Double(diagonal)
      }
    }
    resolvedScale = nil
  }

  /// Gives the window `requested` overlay points at its scale, as much as the screen's usable
  /// area holds, centred, and a smallest size of `WindowSizing.minimum` overlay points.
  func sizeForScale(requested: (width: Int, height: Int)) {
    guard let window else { return }
    // On X11 a window is sized in pixels; where the window system scales, in its points.
    let windowScale = overlayScale / pixelScale
    var bounds = SDL_Rect()
    let usable =
      SDL_GetDisplayUsableBounds(max(SDL_GetWindowDisplayIndex(window), 0), &bounds) == 0
      ? (width: Int(bounds.w), height: Int(bounds.h)) : nil
    let size = WindowSizing.openingSize(requested: requested, usable: usable, scale: windowScale)
    let minimum = WindowSizing.minimumSize(scale: windowScale, usable: usable)
    SDL_SetWindowMinimumSize(window, Int32(minimum.width), Int32(minimum.height))
    SDL_SetWindowSize(window, Int32(size.width), Int32(size.height))
    SDL_SetWindowPosition(window, CSDL2_WINDOWPOS_CENTERED, CSDL2_WINDOWPOS_CENTERED)
  }
}
