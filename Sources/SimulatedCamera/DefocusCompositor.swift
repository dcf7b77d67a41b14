// SPDX-License-Identifier: MIT
import CameraModel
import Imaging

/// Draws scene layers out of focus: the backdrop blurred as a whole, and each object drawn
/// into a scratch layer, blurred together with its coverage mask and composited over what is
/// behind it.
///
/// Blurring the object with its mask (premultiplied alpha) is what makes a defocused object
/// look right: its edge fades into the backdrop behind it, and the backdrop itself is not
/// blurred a second time, as it would be by blurring a rectangle of the finished frame.
///
/// The blur is one box pass across and one down, of half-width `blurPerDefocus` × frame height
/// × `|focus − depth|`: 4 % of the height (29 pixels at 720p) at the far end. A real lens
/// spreads an out-of-focus point into a uniform disc, so a flat box is nearer the truth than a
/// Gaussian, and one pass costs half of two.
///
/// The backdrop changes only with the focus, so it is blurred at a ladder of `backdropLevels`
/// (each the first time a frame needs it, then kept until the frame size changes) and each
/// frame blends the two levels around the wanted defocus: about 1 ms instead of a full-frame
/// blur. At most `cachedLevels` copies are kept (3.1 MB each at 1080p), the least recently used
/// giving way: a focus sweep walks the ladder in order, so each level is blurred once on the way
/// out and those it passes again once on the way back. The blend itself is kept too: while the focus holds still, as it does between
/// focus moves, a frame's backdrop is one copy.
///
/// Owner's thread only (the renderer's): it keeps scratch frames and buffers.
struct DefocusCompositor {
  /// Half-width of the blur, as a fraction of the frame height, at defocus 1.
  static let blurPerDefocus = 0.04
  /// Box radius below which a layer counts as sharp: its blur moves no pixel by a code value.
  static let sharpRadius = 0.02
  /// Defocus values the backdrop is pre-blurred at; denser near focus, where the eye and the
  /// sharpness score are most sensitive.
  static let backdropLevels = [
    0, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 0.4, 0.55, 0.7, 0.85, 1.0,
  ]

  private var blur = BoxBlur()
  private var layer: NV12Frame?
  /// Scratch space for what is blurred at half scale: backdrop levels and object layers.
  private var half: NV12Frame?
  /// A half-scale layer's luma coverage, then its chroma coverage.
  private var halfMasks: [UInt8] = []
  private var lumaMask: [UInt8] = []
  private var chromaMask: [UInt8] = []
  /// Backdrop levels kept at once: the two a frame blends. With their blend that makes three
  /// frames in all (9.3 MB at 1080p).
  static let cachedLevels = 2

  private var levels: [NV12Frame?] = []
  /// Indices of the cached levels, least recently used first.
  private var levelUse: [Int] = []
  private var levelSource: ObjectIdentifier?
  /// The last blend of two levels, and which levels and weight made it.
  private var blended: NV12Frame?
  private var blendedKey: (lower: Int, upper: Int, weight: Int32)?

  /// The box radius, in luma pixels, for `defocus` at frame `height`.
  static func radius(defocus: Double, height: Int) -> Double {
    // Capped so the running sums stay inside Int32 (see `BoxBlur`).
    min(blurPerDefocus * Double(height) * defocus, BoxBlur.largestRadius)
  }

  /// Writes `sharp` (the background) blurred for `defocus` into `frame`.
  mutating func drawBackdrop(_ sharp: NV12Frame, defocus: Double, into frame: NV12Frame) {
    precondition(sharp.byteCount == frame.byteCount, "backdrop and frame share a layout")
    if levelSource != ObjectIdentifier(sharp) {
      levels = Array(repeating: nil, count: Self.backdropLevels.count)
      levelUse = []
      levelSource = ObjectIdentifier(sharp)
      blendedKey = nil
    }
    let ladder = Self.backdropLevels
    let upper = ladder.firstIndex { $0 >= defocus } ?? ladder.count - 1
    let lower = max(upper - 1, 0)
    let span = ladder[upper] - ladder[lower]
    let weight = span > 0 ? Int32(((defocus - ladder[lower]) / span * 256).rounded()) : 256
    let clamped = min(max(weight, 0), 256)
    // Only the levels a frame blends are blurred, each the first time it is needed.
    let high = level(upper, of: sharp)
    guard clamped < 256 else {
      frame.copyPixels(from: high)
      return
    }
    if let blended, let key = blendedKey, key == (lower, upper, clamped) {
      levelUse.removeAll { $0 == lower }
      levelUse.append(lower)
      frame.copyPixels(from: blended)
      return
    }
    let mixed = blended ?? NV12Frame(size: sharp.size)
    mixed.resize(to: sharp.size)
    Self.mix(level(lower, of: sharp), high, weight: clamped, into: mixed)
    blended = mixed
    blendedKey = (lower, upper, clamped)
    frame.copyPixels(from: mixed)
  }

  /// Backdrop level `index`, blurring it from `sharp` on first use.
  private mutating func level(_ index: Int, of sharp: NV12Frame) -> NV12Frame {
    levelUse.removeAll { $0 == index }
    levelUse.append(index)
    if let cached = levels[index] { return cached }
    var reused: NV12Frame?
    if levelUse.count > Self.cachedLevels {
      let evicted = levelUse.removeFirst()
      reused = levels[evicted]
      levels[evicted] = nil
    }
    let copy = reused ?? NV12Frame(size: sharp.size)
    let radius = Self.radius(defocus: Self.backdropLevels[index], height: sharp.size.height)
    if radius >= Self.halfScaleRadius {
      blurAtHalfScale(sharp, radius: radius, into: copy)
    } else {
      copy.copyPixels(from: sharp)
      if radius >= Self.sharpRadius {
        blurLayer(copy, x0: 0, y0: 0, x1: sharp.size.width, y1: sharp.size.height, radius)
      }
    }
    levels[index] = copy
    return copy
  }

  /// Blur radius, in luma pixels, from which a backdrop level or an object layer is blurred at
  /// half scale: such a blur leaves no detail that half the pixels cannot hold, and costs a
  /// quarter as much. The autofocus continually sweeps the lens across the ladder as objects
  /// pass the centre, so levels are blurred again and again, and every defocused object is
  /// blurred on every frame.
  static let halfScaleRadius = 3.0

  /// Shrinks `sharp` to half size, blurs it by half of `radius` and enlarges it into `level`.
  private mutating func blurAtHalfScale(_ sharp: NV12Frame, radius: Double, into level: NV12Frame) {
    let halfSize = FrameSize(
      width: max((sharp.size.width + 1) / 2, 1), height: max((sharp.size.height + 1) / 2, 1))
    let half = self.half ?? NV12Frame(size: halfSize)
    half.resize(to: halfSize)
    self.half = half
    sharp.scale(into: half, filter: .box)
    blurLayer(half, x0: 0, y0: 0, x1: halfSize.width, y1: halfSize.height, radius / 2)
    half.scale(into: level, filter: .bilinear)
  }

  /// `frame = a + (b − a) × weight / 256`, byte by byte over both planes.
  private static func mix(_ a: NV12Frame, _ b: NV12Frame, weight: Int32, into frame: NV12Frame) {
    precondition(a.byteCount == frame.byteCount && b.byteCount == frame.byteCount)
    let keep = 256 - weight
    a.withPlaneAddresses { first, _ in
      b.withPlaneAddresses { second, _ in
        frame.withPlaneAddresses { target, _ in
          for index in 0..<frame.byteCount {
            let value =
              (Int32(first[index]) &* keep &+ Int32(second[index]) &* weight &+ 128) >> 8
            target[index] = UInt8(truncatingIfNeeded: value)
          }
        }
      }
    }
  }

  /// Draws a layer whose pixels all fall inside `bounds` (x0, y0, x1, y1 in luma pixels) into
  /// `frame`, blurred by box radius `radius`. `draw` paints the layer onto the canvas given.
  mutating func composite(
    bounds: (Int, Int, Int, Int), radius: Double, into frame: NV12Frame,
    draw: (NV12Canvas) -> Void
  ) {
    // The blur spreads the layer by up to radius + 1; keep the region even-aligned so luma
    // and chroma rectangles match.
    let margin = Int(radius) + 3
    let x0 = max(bounds.0 - margin, 0) & ~1
    let y0 = max(bounds.1 - margin, 0) & ~1
    let x1 = min(bounds.2 + margin, frame.size.width)
    let y1 = min(bounds.3 + margin, frame.size.height)
    guard x0 < x1, y0 < y1 else { return }
    let layer = self.layer ?? NV12Frame(size: frame.size)
    layer.resize(to: frame.size)
    self.layer = layer
    // The blur reads up to `radius + 1` samples beyond the region: clear and mask that much
    // more, so nothing left from an earlier layer (or never written) leaks in.
    let apron = Int(radius) + 2
    let outer = (
      max(x0 - apron, 0) & ~1, max(y0 - apron, 0) & ~1, min(x1 + apron, frame.size.width),
      min(y1 + apron, frame.size.height)
    )
    clear(layer, x0: outer.0, y0: outer.1, x1: outer.2, y1: outer.3)
    NV12Canvas.drawing(into: layer, draw)
    buildMasks(from: layer, x0: outer.0, y0: outer.1, x1: outer.2, y1: outer.3)
    if radius >= Self.halfScaleRadius {
      blurAtHalfScale(layer, outer: outer, radius: radius)
    } else {
      blurLayer(layer, x0: x0, y0: y0, x1: x1, y1: y1, radius)
      blurMasks(layer.size, x0: x0, y0: y0, x1: x1, y1: y1, radius)
    }
    blend(layer, into: frame, x0: x0, y0: y0, x1: x1, y1: y1)
  }

  /// Blurs the layer and its masks over `outer` (even-aligned, and wide enough to hold the
  /// whole blur) at half scale: shrunk, blurred by half the radius, enlarged back in place.
  /// Every step is linear, so the layer stays premultiplied by its coverage.
  private mutating func blurAtHalfScale(
    _ layer: NV12Frame, outer: (Int, Int, Int, Int), radius: Double
  ) {
    let (ox0, oy0, ox1, oy1) = outer
    let width = ox1 - ox0
    let height = oy1 - oy0
    guard width > 1, height > 1 else { return }
    let halfSize = FrameSize(width: (width + 1) / 2, height: (height + 1) / 2)
    let half = self.half ?? NV12Frame(size: halfSize)
    half.resize(to: halfSize)
    self.half = half
    let frameWidth = layer.size.width
    let chromaWidth = (frameWidth + 1) / 2
    let chroma = (
      x: ox0 / 2, y: oy0 / 2, width: (ox1 + 1) / 2 - ox0 / 2,
      height: min((oy1 + 1) / 2, layer.chromaHeight) - oy0 / 2
    )
    let halfChroma = (width: (halfSize.width + 1) / 2, height: half.chromaHeight)
    let lumaCount = halfSize.width * halfSize.height
    if halfMasks.count < lumaCount + halfChroma.width * halfChroma.height {
      halfMasks = [UInt8](
        repeating: 0, count: lumaCount + halfChroma.width * halfChroma.height)
    }
    let fullLuma = (ox0, oy0, width, height)
    let fullChroma = (chroma.x, chroma.y, chroma.width, chroma.height)
    layer.withPlaneAddresses { y, uv in
      half.withPlaneAddresses { halfY, halfUV in
        let layerY = y + oy0 * layer.yStride + ox0
        let layerUV = uv + chroma.y * layer.uvStride + 2 * chroma.x
        PlaneScaling.scale(
          layerY, stride: layer.yStride, width: width, height: height, into: halfY,
          stride: half.yStride, width: halfSize.width, height: halfSize.height, filter: .box)
        PlaneScaling.scalePairs(
          layerUV, stride: layer.uvStride, width: chroma.width, height: chroma.height,
          into: halfUV, stride: half.uvStride, width: halfChroma.width,
          height: halfChroma.height, filter: .box)
      }
    }
    scaleMasks(
      fullLuma: fullLuma, fullChroma: fullChroma, frameWidth: frameWidth,
      chromaWidth: chromaWidth, half: (halfSize, halfChroma), enlarging: false)
    blurLayer(half, x0: 0, y0: 0, x1: halfSize.width, y1: halfSize.height, radius / 2)
    var blur = BoxBlur()
    swap(&blur, &self.blur)
    halfMasks.withUnsafeMutableBufferPointer { masks in
      let base = masks.baseAddress.unsafelyUnwrapped
      blur.apply(
        to: BoxBlur.Plane(
          base: base, stride: halfSize.width, width: halfSize.width, height: halfSize.height,
          channels: 1),
        x0: 0, y0: 0, x1: halfSize.width, y1: halfSize.height, radius: radius / 2)
      blur.apply(
        to: BoxBlur.Plane(
          base: base + lumaCount, stride: halfChroma.width, width: halfChroma.width,
          height: halfChroma.height, channels: 1),
        x0: 0, y0: 0, x1: halfChroma.width, y1: halfChroma.height, radius: radius / 4)
    }
    self.blur = blur
    layer.withPlaneAddresses { y, uv in
      half.withPlaneAddresses { halfY, halfUV in
        let layerY = y + oy0 * layer.yStride + ox0
        let layerUV = uv + chroma.y * layer.uvStride + 2 * chroma.x
        PlaneScaling.scale(
          halfY, stride: half.yStride, width: halfSize.width, height: halfSize.height,
          into: layerY, stride: layer.yStride, width: width, height: height, filter: .bilinear)
        PlaneScaling.scalePairs(
          halfUV, stride: half.uvStride, width: halfChroma.width, height: halfChroma.height,
          into: layerUV, stride: layer.uvStride, width: chroma.width, height: chroma.height,
          filter: .bilinear)
      }
    }
    scaleMasks(
      fullLuma: fullLuma, fullChroma: fullChroma, frameWidth: frameWidth,
      chromaWidth: chromaWidth, half: (halfSize, halfChroma), enlarging: true)
  }

  /// Shrinks the coverage masks' `fullLuma` and `fullChroma` rectangles (x, y, width,
  /// height) into `halfMasks`, or enlarges them back.
  private mutating func scaleMasks(
    fullLuma: (Int, Int, Int, Int), fullChroma: (Int, Int, Int, Int), frameWidth: Int,
    chromaWidth: Int, half: (FrameSize, (width: Int, height: Int)), enlarging: Bool
  ) {
    let (halfSize, halfChroma) = half
    let lumaCount = halfSize.width * halfSize.height
    let filter: NV12Frame.ScaleFilter = enlarging ? .bilinear : .box
    halfMasks.withUnsafeMutableBufferPointer { halves in
      let halfLuma = halves.baseAddress.unsafelyUnwrapped
      let halfChromaBase = halfLuma + lumaCount
      lumaMask.withUnsafeMutableBufferPointer { mask in
        let full = mask.baseAddress.unsafelyUnwrapped + fullLuma.1 * frameWidth + fullLuma.0
        if enlarging {
          PlaneScaling.scale(
            halfLuma, stride: halfSize.width, width: halfSize.width, height: halfSize.height,
            into: full, stride: frameWidth, width: fullLuma.2, height: fullLuma.3,
            filter: filter)
        } else {
          PlaneScaling.scale(
            full, stride: frameWidth, width: fullLuma.2, height: fullLuma.3, into: halfLuma,
            stride: halfSize.width, width: halfSize.width, height: halfSize.height,
            filter: filter)
        }
      }
      chromaMask.withUnsafeMutableBufferPointer { mask in
        let full =
          mask.baseAddress.unsafelyUnwrapped + fullChroma.1 * chromaWidth + fullChroma.0
        if enlarging {
          PlaneScaling.scale(
            halfChromaBase, stride: halfChroma.width, width: halfChroma.width,
            height: halfChroma.height, into: full, stride: chromaWidth, width: fullChroma.2,
            height: fullChroma.3, filter: filter)
        } else {
          PlaneScaling.scale(
            full, stride: chromaWidth, width: fullChroma.2, height: fullChroma.3,
            into: halfChromaBase, stride: halfChroma.width, width: halfChroma.width,
            height: halfChroma.height, filter: filter)
        }
      }
    }
  }

  private func clear(_ layer: NV12Frame, x0: Int, y0: Int, x1: Int, y1: Int) {
    layer.withPlaneAddresses { y, uv in
      for row in y0..<y1 {
        (y + row * layer.yStride + x0).update(repeating: 0, count: x1 - x0)
      }
      let chromaEnd = min((x1 + 1) / 2 * 2, layer.uvStride)
      for row in (y0 / 2)..<min((y1 + 1) / 2, layer.chromaHeight) {
        (uv + row * layer.uvStride + x0).update(repeating: 0, count: chromaEnd - x0)
      }
    }
  }

  /// Coverage: 255 where the layer drew (every drawn code value is at least 16), 0 elsewhere.
  private mutating func buildMasks(from layer: NV12Frame, x0: Int, y0: Int, x1: Int, y1: Int) {
    let width = layer.size.width
    let chromaWidth = (width + 1) / 2
    if lumaMask.count != width * layer.size.height {
      lumaMask = [UInt8](repeating: 0, count: width * layer.size.height)
      chromaMask = [UInt8](repeating: 0, count: chromaWidth * layer.chromaHeight)
    }
    let chromaRows = (y0 / 2)..<min((y1 + 1) / 2, layer.chromaHeight)
    let chromaColumns = (x0 / 2)..<min((x1 + 1) / 2, chromaWidth)
    layer.withPlaneAddresses { y, uv in
      lumaMask.withUnsafeMutableBufferPointer { mask in
        let mask = mask.baseAddress.unsafelyUnwrapped
        for row in y0..<y1 {
          let source = y + row * layer.yStride
          let target = mask + row * width
          for x in x0..<x1 { target[x] = source[x] == 0 ? 0 : 255 }
        }
      }
      chromaMask.withUnsafeMutableBufferPointer { mask in
        let mask = mask.baseAddress.unsafelyUnwrapped
        for row in chromaRows {
          let source = uv + row * layer.uvStride
          let target = mask + row * chromaWidth
          for x in chromaColumns { target[x] = source[2 &* x] == 0 ? 0 : 255 }
        }
      }
    }
  }

  private mutating func blurLayer(
    _ frame: NV12Frame, x0: Int, y0: Int, x1: Int, y1: Int, _ radius: Double
  ) {
    frame.withPlaneAddresses { y, uv in
      let luma = BoxBlur.Plane(
        base: y, stride: frame.yStride, width: frame.size.width, height: frame.size.height,
        channels: 1)
      let chroma = BoxBlur.Plane(
        base: uv, stride: frame.uvStride, width: (frame.size.width + 1) / 2,
        height: frame.chromaHeight, channels: 2)
      blur.apply(to: luma, x0: x0, y0: y0, x1: x1, y1: y1, radius: radius)
      blur.apply(
        to: chroma, x0: x0 / 2, y0: y0 / 2, x1: (x1 + 1) / 2, y1: (y1 + 1) / 2,
        radius: radius / 2)
    }
  }

  private mutating func blurMasks(
    _ size: FrameSize, x0: Int, y0: Int, x1: Int, y1: Int, _ radius: Double
  ) {
    let chromaWidth = (size.width + 1) / 2
    // Borrow the blur out of `self` (a swap, not a copy: a copy would duplicate its scratch
    // buffers on first write) while the masks, also stored in `self`, are lent out.
    var blur = BoxBlur()
    swap(&blur, &self.blur)
    lumaMask.withUnsafeMutableBufferPointer { mask in
      let plane = BoxBlur.Plane(
        base: mask.baseAddress.unsafelyUnwrapped, stride: size.width, width: size.width,
        height: size.height, channels: 1)
      blur.apply(to: plane, x0: x0, y0: y0, x1: x1, y1: y1, radius: radius)
    }
    chromaMask.withUnsafeMutableBufferPointer { mask in
      let plane = BoxBlur.Plane(
        base: mask.baseAddress.unsafelyUnwrapped, stride: chromaWidth, width: chromaWidth,
        height: (size.height + 1) / 2, channels: 1)
      blur.apply(
        to: plane, x0: x0 / 2, y0: y0 / 2, x1: (x1 + 1) / 2, y1: (y1 + 1) / 2,
        radius: radius / 2)
    }
    self.blur = blur
  }

  /// `frame = layer + (1 − coverage) × frame`: the layer is premultiplied by its coverage,
  /// because both were blurred alike.
  private func blend(_ layer: NV12Frame, into frame: NV12Frame, x0: Int, y0: Int, x1: Int, y1: Int)
  {
    let width = frame.size.width
    let chromaWidth = (width + 1) / 2
    layer.withPlaneAddresses { layerY, layerUV in
      frame.withPlaneAddresses { frameY, frameUV in
        lumaMask.withUnsafeBufferPointer { mask in
          for row in y0..<y1 {
            Self.blendRow(
              layerY + row * layer.yStride + x0, into: frameY + row * frame.yStride + x0,
              coverage: mask.baseAddress.unsafelyUnwrapped + row * width + x0, count: x1 - x0,
              channels: 1)
          }
        }
        let c0 = x0 / 2
        let c1 = min((x1 + 1) / 2, chromaWidth)
        chromaMask.withUnsafeBufferPointer { mask in
          for row in (y0 / 2)..<min((y1 + 1) / 2, frame.chromaHeight) {
            Self.blendRow(
              layerUV + row * layer.uvStride + 2 * c0,
              into: frameUV + row * frame.uvStride + 2 * c0,
              coverage: mask.baseAddress.unsafelyUnwrapped + row * chromaWidth + c0, count: c1 - c0,
              channels: 2)
          }
        }
      }
    }
  }

  private static func blendRow(
    _ layer: UnsafeMutablePointer<UInt8>, into frame: UnsafeMutablePointer<UInt8>,
    coverage: UnsafePointer<UInt8>, count: Int, channels: Int
  ) {
    // One loop per channel count, so the coverage index is a shift, not a division.
    if channels == 1 {
      for index in 0..<count { blend(layer, frame, index, coverage[index]) }
    } else {
      for index in 0..<(count * channels) { blend(layer, frame, index, coverage[index >> 1]) }
    }
  }

  @inline(__always)
  private static func blend(
    _ layer: UnsafeMutablePointer<UInt8>, _ frame: UnsafeMutablePointer<UInt8>, _ index: Int,
    _ coverage: UInt8
  ) {
    let open = 255 &- Int32(coverage)
    // ((v + 128) × 257) >> 16 is v / 255 to within one code value, without a division.
    let behind = (open &* Int32(frame[index]) &* 257 &+ 32_896) >> 16
    frame[index] = UInt8(truncatingIfNeeded: min(Int32(layer[index]) &+ behind, 255))
  }
}
