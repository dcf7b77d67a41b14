// SPDX-License-Identifier: MIT

/// The screen torch: a warm-white frame around the visible picture that lights a face from
/// the screen, thicker and brighter with the torch's strength.
enum CameraRingLight {
  /// Warm white, about 4000 K: kinder to skin than the screen's blue-ish white.
  static let color = Color(red: 255, green: 236, blue: 205)

  /// The frame's four bands inside `area` (the picture between the bars), for `strength`
  /// 0…1: from 12 points at 55 % opacity up to 48 points fully opaque.
  static func commands(area: Rect, strength: Double, scale: Double) -> [DrawCommand] {
    guard !area.isEmpty else { return [] }
    let strength = min(max(strength, 0), 1)
    let band = min(
      ((12 + 36 * strength) * scale).rounded(), (min(area.width, area.height) / 3).rounded())
    let color = color.withOpacity(0.55 + 0.45 * strength)
    let bands = [
      Rect(x: area.minX, y: area.minY, width: area.width, height: band),
      Rect(x: area.minX, y: area.maxY - band, width: area.width, height: band),
      Rect(x: area.minX, y: area.minY + band, width: band, height: area.height - 2 * band),
      Rect(
        x: area.maxX - band, y: area.minY + band, width: band, height: area.height - 2 * band),
    ]
    return bands.map { .fillRect($0, color: color, cornerRadius: 0) }
  }
}
