// SPDX-License-Identifier: MIT
import CameraModel

/// The screen torch: warm-white light around the picture that lights a face from the screen,
/// brighter with the torch's strength. It fills the letterbox beside the picture, where it
/// hides nothing; on a side without letterbox it draws a thin band over the picture's edge
/// (at most 12 points) with a translucent band inside it, so the picture stays visible.
enum CameraRingLight {
  /// Letterbox narrower than this many points counts as none: the bands go over the picture.
  static let minimumLetterbox = 12.0

  /// The light's rectangles for `strength` 0…1: the letterbox of `area` (the space between
  /// the bars) around `picture` (the visible picture), and edge bands over the picture on the
  /// sides without letterbox: 6 to 12 points at 55 % to 100 % opacity, then as many again at
  /// a third of that.
  static func commands(area: Rect, picture: Rect, strength: Double, scale: Double)
    -> [DrawCommand]
  {
    guard !area.isEmpty else { return [] }
    let strength = min(max(strength, 0), 1)
    let light = OverlayTheme.ringLightColor.withOpacity(0.55 + 0.45 * strength)
    let picture = picture.isEmpty ? area : picture.intersection(area)
    let gaps = (
      left: picture.minX - area.minX, right: area.maxX - picture.maxX,
      top: picture.minY - area.minY, bottom: area.maxY - picture.maxY
    )
    var rects: [(Rect, Color)] = []
    // The letterbox, whole: left and right full height, top and bottom between them.
    if gaps.left > 0 {
      rects.append((Rect(x: area.minX, y: area.minY, width: gaps.left, height: area.height), light))
    }
    if gaps.right > 0 {
      rects.append(
        (Rect(x: picture.maxX, y: area.minY, width: gaps.right, height: area.height), light))
    }
    if gaps.top > 0 {
      rects.append(
        (Rect(x: picture.minX, y: area.minY, width: picture.width, height: gaps.top), light))
    }
    if gaps.bottom > 0 {
      rects.append(
        (
          Rect(x: picture.minX, y: picture.maxY, width: picture.width, height: gaps.bottom),
          light
        ))
    }
    let band = min(
      ((6 + 6 * strength) * scale).rounded(), (min(picture.width, picture.height) / 8).rounded())
    guard band > 0 else { return rects.map { .fillRect($0.0, color: $0.1, cornerRadius: 0) } }
    let minimum = minimumLetterbox * scale
    let glow = light.withOpacity(1.0 / 3)
    for (index, (width, color)) in [(band, light), (band, glow)].enumerated() {
      let offset = Double(index) * band
      let inner = picture.insetBy(dx: offset, dy: offset)
      if gaps.top < minimum {
        rects.append((Rect(x: inner.minX, y: inner.minY, width: inner.width, height: width), color))
      }
      if gaps.bottom < minimum {
        rects.append(
          (Rect(x: inner.minX, y: inner.maxY - width, width: inner.width, height: width), color))
      }
      let top = inner.minY + (gaps.top < minimum ? width : 0)
      let bottom = inner.maxY - (gaps.bottom < minimum ? width : 0)
      if gaps.left < minimum {
        rects.append((Rect(x: inner.minX, y: top, width: width, height: bottom - top), color))
      }
      if gaps.right < minimum {
        rects.append(
          (Rect(x: inner.maxX - width, y: top, width: width, height: bottom - top), color))
      }
    }
    return rects.filter { !$0.0.isEmpty }.map { .fillRect($0.0, color: $0.1, cornerRadius: 0) }
  }
}
