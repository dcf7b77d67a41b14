// SPDX-License-Identifier: MIT
import CameraModel

/// Fits text into widths with a `TextMeasurer`: truncation with an ellipsis and word wrap.
/// Sizes asked for are multiplied by `textScale` (the text-size setting) before measuring, as
/// the overlay multiplies the sizes it draws with (`Overlay.frame`), so layout fits the text
/// as drawn.
struct TextLayout {
  /// The measurer that knows the font.
  let measurer: any TextMeasurer
  /// The text-size setting's factor.
  var textScale = 1.0

  /// The size of `text` at `pointSize`.
  func size(of text: String, pointSize: Double) -> Size {
    measurer.size(of: text, pointSize: pointSize * textScale)
  }

  /// `text`, shortened from the end with "…" until it is at most `width` wide. Returns ""
  /// when not even the ellipsis fits.
  func truncated(_ text: String, pointSize: Double, width: Double) -> String {
    if size(of: text, pointSize: pointSize).width <= width { return text }
    var characters = Array(text)
    while !characters.isEmpty {
      characters.removeLast()
      let candidate = String(characters).trimmingTrailingSpaces() + "…"
      if size(of: candidate, pointSize: pointSize).width <= width { return candidate }
    }
    return size(of: "…", pointSize: pointSize).width <= width ? "…" : ""
  }

  /// `text` broken into lines at spaces so each line is at most `width` wide; a single word
  /// wider than `width` gets a line of its own and is truncated.
  func wrapped(_ text: String, pointSize: Double, width: Double) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if size(of: candidate, pointSize: pointSize).width <= width || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.map { truncated($0, pointSize: pointSize, width: width) }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
