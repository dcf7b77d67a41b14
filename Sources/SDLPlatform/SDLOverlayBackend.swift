// SPDX-License-Identifier: MIT

// Overlay drawing for Pinhole's SDL2 platform layer.
//
// [x] Filled rectangles with rounded corners, circles and rings: SDL_RenderGeometry
//     triangles with a one-pixel feathered edge (hard edges on the software renderer),
//     batched between texture draws.
// [x] Straight-alpha blending (SDL_BLENDMODE_BLEND).
// [x] Text: SDL2_ttf with the system sans-serif font (fontconfig, DejaVu Sans fallback),
//     white textures cached by (string, size) with an LRU bound and tinted per draw.
// [x] Text measurement for overlay layout (TextMeasurer).
// [x] Images registered from RGBA bytes, scaled into their rectangle.
// [x] Images streamed from NV12 pictures (a playing video), scaled the same way.
// [x] Clip rectangles.
// [x] HiDPI: commands arrive in drawable pixels (the overlay applies the pixel scale).
// [ ] Sub-pixel text positioning (text snaps to whole pixels).
// [ ] Colour emoji and right-to-left shaping (SDL2_ttf without HarfBuzz in use).

import CSDL2
import CameraModel
import Overlay

/// Draws the overlay's `DrawCommand` lists onto a `PreviewWindow` and measures text for its
/// layout. Main thread only.
///
/// ```swift
/// let backend = try SDLOverlayBackend(window: window)
/// let overlay = Overlay(measurer: backend)
/// backend.draw(overlay.frame(input: input, state: state).commands)
/// ```
public final class SDLOverlayBackend: TextMeasurer {
  /// The font file in use.
  public let fontPath: String
  private let window: PreviewWindow
  private let text: TextTextureCache
  private var geometry = GeometryBuilder()
  private var images: [ImageID: OpaquePointer] = [:]
  /// The size and colours of images that are NV12 streaming textures (a playing video).
  private var videoImages: [ImageID: (size: FrameSize, colorimetry: Colorimetry)] = [:]
  /// Clockwise quarter turns a video image is drawn with (a turned recording), 1…3.
  private var imageTurns: [ImageID: Int] = [:]
  /// The size of images registered from RGBA bytes, so one replaced by a picture of the same
  /// size (a live panel, every frame) reuses its texture.
  private var rgbaImageSizes: [ImageID: FrameSize] = [:]

  /// Makes a backend for `window` with the font at `fontPath` (default: the system
  /// sans-serif font), keeping up to `textCacheCapacity` rendered text lines.
  public init(
    window: PreviewWindow, fontPath: String? = nil, textCacheCapacity: Int = 256
  ) throws(PlatformError) {
    if TTF_WasInit() == 0, TTF_Init() != 0 {
      throw .fontEngineFailed(reason: SDLRuntime.lastError)
    }
    guard let path = fontPath ?? FontLocator.sansSerifPath() else { throw .fontNotFound }
    self.fontPath = path
    self.window = window
    if window.rendererName == "software" { geometry.featherWidth = 0 }
    text = TextTextureCache(
      renderer: window.renderer, fontPath: path, capacity: textCacheCapacity)
    // Opening one size now turns a broken font file into an error here, not blank labels.
    _ = try text.font(pixelSize: 16)
  }

  deinit {
    for texture in images.values { SDL_DestroyTexture(texture) }
  }

  /// Number of text lines currently cached as textures.
  public var cachedTextCount: Int { text.count }

  /// The size of `text` on one line with a font of `pointSize` drawable pixels.
  public func size(of text: String, pointSize: Double) -> Size {
    let measured = self.text.measure(text, pixelSize: Self.pixelSize(pointSize))
    return Size(width: Double(measured.width), height: Double(measured.height))
  }

  /// Registers (or replaces) the image `id` from `width`×`height` RGBA bytes.
  public func setImage(
    _ id: ImageID, rgba: [UInt8], width: Int, height: Int
  ) throws(PlatformError) {
    precondition(rgba.count == width * height * 4, "RGBA byte count does not match the size")
    if let texture = images[id], rgbaImageSizes[id] == FrameSize(width: width, height: height) {
      rgba.withUnsafeBytes {
        _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(width * 4))
      }
      return
    }
    guard
      let texture = SDL_CreateTexture(
        window.renderer, SDL_PIXELFORMAT_RGBA32.rawValue,
        Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(width), Int32(height))
    else {
      throw .textureCreationFailed(width: width, height: height, reason: SDLRuntime.lastError)
    }
    rgba.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(width * 4)) }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
    removeImage(id)
    images[id] = texture
    rgbaImageSizes[id] = FrameSize(width: width, height: height)
  }

  /// Registers (or updates) the image `id` from an NV12 picture: a streaming texture that is
  /// reused while size and colours stay, so a playing video costs one upload per picture, as
  /// the preview does.
  public func setVideoImage(
    _ id: ImageID, frame: NV12Frame, quarterTurns: Int = 0
  ) throws(PlatformError) {
    let size = frame.size
    let colorimetry = frame.metadata.colorimetry
    if images[id] == nil || videoImages[id]?.size != size
      || videoImages[id]?.colorimetry != colorimetry
    {
      let created = try VideoTexture.makeNV12Texture(
        window.renderer, size: size, colorimetry: colorimetry)
      removeImage(id)
      images[id] = created
      videoImages[id] = (size, colorimetry)
    }
    let turns = ((quarterTurns % 4) + 4) % 4
    imageTurns[id] = turns == 0 ? nil : turns
    guard let texture = images[id] else { return }
    let status = frame.withPlanes { y, uv in
      SDL_UpdateNVTexture(
        texture, nil, y.baseAddress, Int32(frame.yStride), uv.baseAddress, Int32(frame.uvStride))
    }
    guard status == 0 else { throw .textureUploadFailed(reason: SDLRuntime.lastError) }
  }

  /// Forgets the image `id`; later commands naming it draw nothing.
  public func removeImage(_ id: ImageID) {
    videoImages[id] = nil
    imageTurns[id] = nil
    rgbaImageSizes[id] = nil
    if let texture = images.removeValue(forKey: id) { SDL_DestroyTexture(texture) }
  }

  /// Draws `commands` in order over what the window already shows, then lifts any clip.
  public func draw(_ commands: [DrawCommand]) {
    let renderer = window.renderer
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    for command in commands {
      switch command {
      case .fillRect(let rect, let color, let radius):
        geometry.addRoundedRect(rect, radius: radius, color: color)
      case .ring(let center, let radius, let thickness, let color):
        geometry.addRing(center: center, radius: radius, thickness: thickness, color: color)
      case .text(let string, let origin, let size, let color):
        flushGeometry()
        drawText(string, origin: origin, pixelSize: Self.pixelSize(size), color: color)
      case .image(let id, let rect):
        flushGeometry()
        guard let texture = images[id] else { continue }
        guard let turns = imageTurns[id] else {
          var destination = SDL_FRect(
            x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width),
            h: Float(rect.height))
          SDL_RenderCopyF(renderer, texture, nil, &destination)
          continue
        }
        // SDL turns about the rectangle's centre: a sideways picture is given the unturned
        // rectangle (sides swapped) centred where `rect` is.
        let isSideways = turns % 2 == 1
        let width = isSideways ? rect.height : rect.width
        let height = isSideways ? rect.width : rect.height
        var destination = SDL_FRect(
          x: Float(rect.center.x - width / 2), y: Float(rect.center.y - height / 2),
          w: Float(width), h: Float(height))
        SDL_RenderCopyExF(
          renderer, texture, nil, &destination, Double(turns * 90), nil, SDL_FLIP_NONE)
      case .clip(let rect):
        flushGeometry()
        setClip(rect)
      }
    }
    flushGeometry()
    SDL_RenderSetClipRect(renderer, nil)
  }

  private func drawText(_ string: String, origin: Point, pixelSize: Int, color: Color) {
    guard color.alpha > 0, let entry = text.entry(for: string, pixelSize: pixelSize) else {
      return
    }
    SDL_SetTextureColorMod(entry.texture, color.red, color.green, color.blue)
    SDL_SetTextureAlphaMod(entry.texture, color.alpha)
    var destination = SDL_Rect(
      x: Int32(origin.x.rounded()), y: Int32(origin.y.rounded()), w: Int32(entry.width),
      h: Int32(entry.height))
    SDL_RenderCopy(window.renderer, entry.texture, nil, &destination)
  }

  private func setClip(_ rect: Rect?) {
    guard let rect else {
      SDL_RenderSetClipRect(window.renderer, nil)
      return
    }
    var clip = SDL_Rect(
      x: Int32(rect.minX.rounded()), y: Int32(rect.minY.rounded()),
      w: Int32(max(rect.width.rounded(), 0)), h: Int32(max(rect.height.rounded(), 0)))
    SDL_RenderSetClipRect(window.renderer, &clip)
  }

  private func flushGeometry() {
    guard !geometry.isEmpty else { return }
    geometry.vertices.withUnsafeBufferPointer { vertices in
      geometry.indices.withUnsafeBufferPointer { indices in
        _ = SDL_RenderGeometry(
          window.renderer, nil, vertices.baseAddress, Int32(vertices.count),
          indices.baseAddress, Int32(indices.count))
      }
    }
    geometry.removeAll()
  }

  /// Font sizes are whole pixels: SDL2_ttf caches glyphs per opened size.
  private static func pixelSize(_ pointSize: Double) -> Int { max(Int(pointSize.rounded()), 1) }
}
