// SPDX-License-Identifier: MIT

import CSDL2
import Overlay

/// Renders text lines with SDL2_ttf and keeps the resulting textures, keyed by string and
/// pixel size, up to a fixed count; the least recently drawn one goes first. The textures are
/// white and tinted at draw time, so one texture serves every colour. Main thread only.
final class TextTextureCache {
  /// A rendered line.
  struct Entry {
    /// White text on transparent, blended.
    let texture: OpaquePointer
    /// Texture width in pixels.
    let width: Int
    /// Texture height in pixels (the font's line height).
    let height: Int
    /// The `useClock` value when last drawn.
    var lastUse: UInt64
  }

  private struct Key: Hashable {
    let text: String
    let pixelSize: Int
  }

  private let renderer: OpaquePointer
  private let fontPath: String
  private let capacity: Int
  private var fonts: [Int: OpaquePointer] = [:]
  private var entries: [Key: Entry] = [:]
  private var useClock: UInt64 = 0
  /// Widths measured so far: the overlay measures its labels on every frame, and shaping a
  /// line (HarfBuzz, FreeType) each time cost more than the rest of the layout.
  private var widths: [Key: Int] = [:]
  /// Widths kept before the table starts again; far more than one screen's labels.
  static let measuredCapacity = 1024

  /// Makes an empty cache drawing with the font at `fontPath` on `renderer`.
  init(renderer: OpaquePointer, fontPath: String, capacity: Int) {
    self.renderer = renderer
    self.fontPath = fontPath
    self.capacity = max(capacity, 1)
  }

  deinit {
    for entry in entries.values { SDL_DestroyTexture(entry.texture) }
    for font in fonts.values { TTF_CloseFont(font) }
  }

  /// Number of cached textures.
  var count: Int { entries.count }

  /// The font at `pixelSize`, opened on first use. SDL2_ttf's point sizes are at 72 dpi, so
  /// a point is a pixel.
  func font(pixelSize: Int) throws(PlatformError) -> OpaquePointer {
    if let font = fonts[pixelSize] { return font }
    guard let font = TTF_OpenFont(fontPath, Int32(pixelSize)) else {
      throw .fontLoadFailed(path: fontPath, reason: SDLRuntime.lastError)
    }
    fonts[pixelSize] = font
    return font
  }

  /// The line's pixel size without rendering it.
  func measure(_ text: String, pixelSize: Int) -> (width: Int, height: Int) {
    guard let font = try? font(pixelSize: pixelSize) else { return (0, 0) }
    let height = Int(TTF_FontHeight(font))
    let key = Key(text: text, pixelSize: pixelSize)
    if let width = widths[key] { return (width, height) }
    var width: Int32 = 0
    var ignored: Int32 = 0
    if !text.isEmpty { TTF_SizeUTF8(font, text, &width, &ignored) }
    if widths.count >= Self.measuredCapacity { widths.removeAll(keepingCapacity: true) }
    widths[key] = Int(width)
    return (Int(width), height)
  }

  /// The texture for `text` at `pixelSize`, rendered on first use; `nil` for empty text or
  /// when rendering fails.
  func entry(for text: String, pixelSize: Int) -> Entry? {
    guard !text.isEmpty else { return nil }
    useClock += 1
    let key = Key(text: text, pixelSize: pixelSize)
    if var entry = entries[key] {
      entry.lastUse = useClock
      entries[key] = entry
      return entry
    }
    guard let entry = render(text, pixelSize: pixelSize) else { return nil }
    entries[key] = entry
    if entries.count > capacity { evictLeastRecentlyUsed() }
    return entry
  }

  private func render(_ text: String, pixelSize: Int) -> Entry? {
    guard let font = try? font(pixelSize: pixelSize),
      let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    return Entry(
      texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h),
      lastUse: useClock)
  }

  /// A linear scan: the cache holds a few hundred entries at most and evicts rarely.
  private func evictLeastRecentlyUsed() {
    guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
    SDL_DestroyTexture(oldest.value.texture)
    entries[oldest.key] = nil
  }
}
