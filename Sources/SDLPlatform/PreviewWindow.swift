// SPDX-License-Identifier: MIT

import CSDL2
import CameraModel
import Overlay

/// The app's window and its renderer: a resizable, HiDPI-aware window drawn with an
/// accelerated, vsynced renderer (software when no accelerated one exists). An off-screen
/// variant draws into memory for tests and snapshots. Main thread only.
///
/// Geometry comes in two units: window points (`windowSize`, pointer positions) and drawable
/// pixels (`drawableSize`, everything drawn). `pixelScale` is pixels per point.
public final class PreviewWindow {
  /// The SDL window, or `nil` for an off-screen target.
  let window: OpaquePointer?
  /// The SDL renderer every texture and draw call of this window goes through.
  let renderer: OpaquePointer
  private let surface: UnsafeMutablePointer<SDL_Surface>?
  /// What the overlay's scale is read from (`PreviewWindow+Scale.swift`).
  var scaleInputs = DesktopScale.Inputs()
  /// The scale last resolved, and the drawable-to-window ratio it was resolved for.
  var resolvedScale: (backing: Double, scale: DesktopScale)?

  /// Opens a window titled `title` of `width`×`height` overlay points, centred on the screen;
  /// on a screen too small for it, as large as fits (`WindowSizing`). The overlay's scale is
  /// `scale` when given, else the desktop's (`DesktopScale`, from `environment`, the X
  /// resources and SDL); the window's size and its smallest size (`WindowSizing.minimum`
  /// points) follow it.
  public init(
    title: String, width: Int = 1280, height: Int = 720, scale: Double? = nil,
    environment: [String: String] = [:]
  ) throws(PlatformError) {
    try SDLRuntime.start(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    // Hidden until it has its scaled size, so it never shows at the wrong one first.
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
      | SDL_WINDOW_HIDDEN.rawValue
    guard
      let window = SDL_CreateWindow(
        title, CSDL2_WINDOWPOS_CENTERED, CSDL2_WINDOWPOS_CENTERED, Int32(width),
        Int32(height), flags)
    else { throw .windowCreationFailed(reason: SDLRuntime.lastError) }
    let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
    guard
      let renderer = SDL_CreateRenderer(window, -1, accelerated)
        ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    else {
      let reason = SDLRuntime.lastError
      SDL_DestroyWindow(window)
      throw .rendererCreationFailed(reason: reason)
    }
    self.window = window
    self.renderer = renderer
    surface = nil
    scaleInputs = DesktopScale.Inputs(override: scale, environment: environment)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    readDesktopScale()
    sizeForScale(requested: (width, height))
    SDL_ShowWindow(window)
    setICCCMName(title)
  }

  /// Makes an off-screen target of `width`×`height` pixels drawn by SDL's software renderer;
  /// it needs no display. `pixelScale` is 1; the overlay's scale is `scale` (default 1).
  public init(offscreenWidth width: Int, height: Int, scale: Double = 1) throws(PlatformError) {
    try SDLRuntime.checkVersion()
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue)
    else { throw .rendererCreationFailed(reason: SDLRuntime.lastError) }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      let reason = SDLRuntime.lastError
      SDL_FreeSurface(surface)
      throw .rendererCreationFailed(reason: reason)
    }
    window = nil
    self.renderer = renderer
    self.surface = surface
    scaleInputs = DesktopScale.Inputs(override: scale)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    if let window { SDL_DestroyWindow(window) }
    if let surface { SDL_FreeSurface(surface) }
  }

  /// The renderer's name: "opengl", "opengles2", "software", …
  public var rendererName: String {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "" }
    return String(cString: name)
  }

  /// Window size in points (what pointer positions refer to).
  public var windowSize: Size {
    guard let window else { return drawableSize }
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    return Size(width: Double(width), height: Double(height))
  }

  /// Renderer output size in pixels (what draw commands refer to).
  public var drawableSize: Size {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    return Size(width: Double(width), height: Double(height))
  }

  /// Drawable pixels per window point: 1 on ordinary screens, 2 on most HiDPI ones.
  public var pixelScale: Double {
    let points = windowSize.width
    return points > 0 ? drawableSize.width / points : 1
  }

  /// True while the window covers the desktop.
  public var isFullscreen: Bool {
    guard let window else { return false }
    return SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
  }

  /// The refresh rate of the display the window is on, in hertz; nil when SDL does not know it
  /// (some drivers report 0).
  public var refreshRate: Int? {
    guard let window else { return nil }
    var mode = SDL_DisplayMode()
    guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return nil }
    return Int(mode.refresh_rate)
  }

  /// Sets the title bar text (and, on X11, WM_NAME in a type every window list reads).
  public func setTitle(_ title: String) {
    guard let window else { return }
    SDL_SetWindowTitle(window, title)
    setICCCMName(title)
  }

  /// Switches between windowed and desktop full-screen (no video mode change, so it is quick
  /// and keeps the desktop's resolution).
  public func toggleFullscreen() {
    guard let window else { return }
    SDL_SetWindowFullscreen(window, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
  }

  /// Clears the whole drawable to `color` (the letterbox colour) and lifts any clip.
  public func clear(to color: Color = .black) {
    SDL_RenderSetClipRect(renderer, nil)
    SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
    SDL_RenderClear(renderer)
  }

  /// Shows what was drawn since `clear`; waits for vsync on accelerated renderers.
  public func present() {
    SDL_RenderPresent(renderer)
  }

  /// Reads back the drawable as RGBA bytes, rows top to bottom, `width * 4` bytes a row.
  /// Slow (it stalls the GPU); for tests and screenshots.
  public func readPixels() -> (width: Int, height: Int, rgba: [UInt8]) {
    let size = drawableSize
    let width = Int(size.width)
    let height = Int(size.height)
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    let status = rgba.withUnsafeMutableBytes { buffer in
      SDL_RenderReadPixels(
        renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buffer.baseAddress, Int32(width * 4))
    }
    return status == 0 ? (width, height, rgba) : (0, 0, [])
  }
}
