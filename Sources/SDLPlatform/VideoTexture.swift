// SPDX-License-Identifier: MIT

import CSDL2
import CameraModel
import Overlay

/// The camera picture on the GPU: a streaming NV12 texture that frames are uploaded into and
/// that is drawn aspect-fit, letterboxed, into the window. Main thread only.
///
/// NV12 is native on SDL's GL and GLES renderers, so an upload is the only copy a frame
/// costs; the software renderer converts on the CPU.
public final class VideoTexture {
  private let window: PreviewWindow
  private var texture: OpaquePointer?
  private var textureSize: FrameSize?
  private var textureColorimetry: Colorimetry?
  /// A straight-alpha RGBA layer drawn over the picture with its placement, turns, mirror and
  /// zoom (the viewfinder aids), at its own size, usually smaller than the frame's.
  private var layer: OpaquePointer?
  private var layerSize: FrameSize?
  /// The parts of the layer drawn, or `nil` for all of it.
  private var layerPieces: [PixelRectangle]?

  /// Makes an empty picture for `window`; the texture is created by the first upload.
  public init(window: PreviewWindow) {
    self.window = window
  }

  deinit {
    if let texture { SDL_DestroyTexture(texture) }
    if let layer { SDL_DestroyTexture(layer) }
  }

  /// Replaces the layer drawn over the picture with `width` × `height` RGBA bytes (straight
  /// alpha), covering the whole frame; an empty size removes it. With `pieces`, only those
  /// parts hold anything: only the rows they span are uploaded and only they are drawn, which
  /// spares blending the empty rest of the layer over the picture.
  public func uploadLayer(
    rgba: [UInt8], width: Int, height: Int, pieces: [PixelRectangle]? = nil
  ) throws(PlatformError) {
    guard width > 0, height > 0 else { return removeLayer() }
    precondition(rgba.count == width * height * 4, "RGBA byte count does not match the size")
    let size = FrameSize(width: width, height: height)
    if layer == nil || layerSize != size {
      removeLayer()
      guard
        let created = SDL_CreateTexture(
          window.renderer, SDL_PIXELFORMAT_RGBA32.rawValue,
          Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
      else {
        throw .textureCreationFailed(width: width, height: height, reason: SDLRuntime.lastError)
      }
      SDL_SetTextureBlendMode(created, SDL_BLENDMODE_BLEND)
      // Peaking marks are one sample wide: nearest keeps them crisp when scaled up.
      SDL_SetTextureScaleMode(created, SDL_ScaleModeNearest)
      layer = created
      layerSize = size
    }
    let kept = pieces?.compactMap { $0.intersection(PixelRectangle(covering: size)) }
    layerPieces = kept
    // Only what is drawn must be fresh: the rows the pieces span, or all of it.
    let top = kept.map { $0.map(\.top).min() ?? 0 } ?? 0
    let bottom = kept.map { $0.map(\.bottom).max() ?? 0 } ?? height
    guard bottom > top else { return }
    var rows = SDL_Rect(x: 0, y: Int32(top), w: Int32(width), h: Int32(bottom - top))
    let status = rgba.withUnsafeBytes { bytes -> Int32 in
      guard let base = bytes.baseAddress else { return -1 }
      return SDL_UpdateTexture(layer, &rows, base + top * width * 4, Int32(width * 4))
    }
    guard status == 0 else { throw .textureUploadFailed(reason: SDLRuntime.lastError) }
  }

  /// Stops drawing a layer over the picture.
  public func removeLayer() {
    if let layer { SDL_DestroyTexture(layer) }
    layer = nil
    layerSize = nil
    layerPieces = nil
  }

  /// The size of the last uploaded frame, or `nil` before the first upload.
  public var frameSize: FrameSize? { textureSize }

  /// Copies `frame` into the texture, first recreating the texture when the frame's size or
  /// colorimetry differs from the last one.
  public func upload(_ frame: NV12Frame) throws(PlatformError) {
    let texture = try texture(for: frame.size, colorimetry: frame.metadata.colorimetry)
    let status = frame.withPlanes { y, uv in
      SDL_UpdateNVTexture(
        texture, nil, y.baseAddress, Int32(frame.yStride), uv.baseAddress, Int32(frame.uvStride))
    }
    guard status == 0 else { throw .textureUploadFailed(reason: SDLRuntime.lastError) }
  }

  /// Draws the picture as large as fits in the window with its aspect ratio kept, centred,
  /// turned clockwise by `quarterTurns` × 90° and then mirrored left to right when `isMirrored`
  /// (as a webcam preview is, like a mirror), darkened when `isDimmed`; returns where it landed in drawable pixels (for the
  /// overlay's tap mapping), or `nil` before the first upload.
  @discardableResult
  ///
  /// `zoom` picks the part of the frame shown: an SDL source rectangle on the texture, so the
  /// enlarged preview costs no copy.
  public func draw(
    isMirrored: Bool = false, quarterTurns: Int = 0, isDimmed: Bool = false,
    zoom: DigitalZoom = .none
  ) -> Rect? {
    guard let texture, let fitted = placement(quarterTurns: quarterTurns) else { return nil }
    // A dimmed picture is the last frame of a camera that went away: kept, but clearly old.
    let level: UInt8 = isDimmed ? 96 : 255
    SDL_SetTextureColorMod(texture, level, level, level)
    let turns = ((quarterTurns % 4) + 4) % 4
    let isSideways = turns % 2 == 1
    // SDL rotates the destination rectangle about its centre, so a sideways picture is given
    // the unrotated rectangle (width and height swapped) centred where it must land.
    let width = isSideways ? fitted.height : fitted.width
    let height = isSideways ? fitted.width : fitted.height
    var destination = SDL_Rect(
      x: Int32((fitted.center.x - width / 2).rounded()),
      y: Int32((fitted.center.y - height / 2).rounded()), w: Int32(width), h: Int32(height))
    // SDL flips in texture space before rotating: after a quarter turn, a left-right mirror on
    // screen is an up-down flip of the texture.
    let flip =
      isMirrored ? (isSideways ? SDL_FLIP_VERTICAL : SDL_FLIP_HORIZONTAL) : SDL_FLIP_NONE
    copy(texture, size: textureSize, zoom: zoom, to: &destination, turns: turns, flip: flip)
    if let layer {
      if let layerPieces, let layerSize {
        copy(
          layer, pieces: layerPieces, size: layerSize, zoom: zoom, into: destination,
          turns: turns, isMirrored: isMirrored, isSideways: isSideways)
      } else {
        copy(layer, size: layerSize, zoom: zoom, to: &destination, turns: turns, flip: flip)
      }
    }
    return fitted
  }

  /// Draws `texture` (holding the whole frame at `size`) with the zoom's part of it picked.
  private func copy(
    _ texture: OpaquePointer, size: FrameSize?, zoom: DigitalZoom,
    to destination: inout SDL_Rect, turns: Int, flip: SDL_RendererFlip
  ) {
    if zoom.isZoomed, let size {
      let crop = zoom.cropRectangle(in: size)
      var source = SDL_Rect(
        x: Int32(crop.left), y: Int32(crop.top), w: Int32(max(crop.width, 1)),
        h: Int32(max(crop.height, 1)))
      SDL_RenderCopyEx(
        window.renderer, texture, &source, &destination, Double(turns * 90), nil, flip)
    } else {
      SDL_RenderCopyEx(
        window.renderer, texture, nil, &destination, Double(turns * 90), nil, flip)
    }
  }

  /// Draws only `pieces` of `texture` (holding the whole frame at `size`), each where it lies
  /// when the whole is drawn into `destination` with the zoom's part of it picked.
  private func copy(
    _ texture: OpaquePointer, pieces: [PixelRectangle], size: FrameSize, zoom: DigitalZoom,
    into destination: SDL_Rect, turns: Int, isMirrored: Bool, isSideways: Bool
  ) {
    let crop = zoom.isZoomed ? zoom.cropRectangle(in: size) : PixelRectangle(covering: size)
    let box = Rect(
      x: Double(destination.x), y: Double(destination.y), width: Double(destination.w),
      height: Double(destination.h))
    let flip =
      isMirrored ? (isSideways ? SDL_FLIP_VERTICAL : SDL_FLIP_HORIZONTAL) : SDL_FLIP_NONE
    for piece in pieces {
      guard
        let placed = VideoGeometry.placement(
          ofPart: piece, crop: crop, box: box, quarterTurns: turns,
          flipsHorizontally: isMirrored && !isSideways, flipsVertically: isMirrored && isSideways)
      else { continue }
      var source = SDL_Rect(
        x: Int32(placed.source.left), y: Int32(placed.source.top),
        w: Int32(placed.source.width), h: Int32(placed.source.height))
      var target = SDL_FRect(
        x: Float(placed.box.minX), y: Float(placed.box.minY), w: Float(placed.box.width),
        h: Float(placed.box.height))
      SDL_RenderCopyExF(
        window.renderer, texture, &source, &target, Double(turns * 90), nil, flip)
    }
  }

  /// Where `draw` puts the picture, in drawable pixels, without drawing; `nil` before the first
  /// upload or in a window too small to show it.
  public func placement(quarterTurns: Int = 0) -> Rect? {
    guard texture != nil, let size = textureSize else { return nil }
    let isSideways = ((quarterTurns % 4) + 4) % 4 % 2 == 1
    let shown = Size(
      width: Double(isSideways ? size.height : size.width),
      height: Double(isSideways ? size.width : size.height))
    let bounds = Rect(origin: .zero, size: window.drawableSize)
    let fitted = VideoGeometry.aspectFit(content: shown, in: bounds)
    return fitted.isEmpty ? nil : fitted
  }

  /// The texture for frames of `size` and `colorimetry`, made anew when either changed.
  private func texture(
    for size: FrameSize, colorimetry: Colorimetry
  ) throws(PlatformError) -> OpaquePointer {
    if let texture, size == textureSize, colorimetry == textureColorimetry { return texture }
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    let created = try Self.makeNV12Texture(window.renderer, size: size, colorimetry: colorimetry)
    texture = created
    textureSize = size
    textureColorimetry = colorimetry
    return created
  }

  /// A streaming NV12 texture of `size` for pictures in `colorimetry`, scaled linearly. The
  /// conversion mode is global and read when a YUV texture is created, so it is set first and
  /// the texture must be remade whenever the colorimetry changes.
  static func makeNV12Texture(
    _ renderer: OpaquePointer?, size: FrameSize, colorimetry: Colorimetry
  ) throws(PlatformError) -> OpaquePointer {
    SDL_SetYUVConversionMode(conversionMode(for: colorimetry))
    guard
      let created = SDL_CreateTexture(
        renderer, SDL_PIXELFORMAT_NV12.rawValue,
        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(size.width), Int32(size.height))
    else {
      throw .textureCreationFailed(
        width: size.width, height: size.height, reason: SDLRuntime.lastError)
    }
    SDL_SetTextureScaleMode(created, SDL_ScaleModeLinear)
    return created
  }

  /// SDL knows one full-range mode (JPEG, which is BT.601); full-range BT.709 is rare from
  /// cameras and is shown with it, a small hue error rather than a wrong range.
  static func conversionMode(for colorimetry: Colorimetry) -> SDL_YUV_CONVERSION_MODE {
    switch (colorimetry.range, colorimetry.matrix) {
    case (.full, _): SDL_YUV_CONVERSION_JPEG
    case (.limited, .bt601): SDL_YUV_CONVERSION_BT601
    case (.limited, .bt709): SDL_YUV_CONVERSION_BT709
    }
  }
}
