// SPDX-License-Identifier: MIT

/// Fixed-width text columns for the benchmark's report, without Foundation's formatting.
enum TextTable {
  /// `text` padded with spaces (or cut) to `width` characters.
  static func column(_ text: String, _ width: Int) -> String {
    text.count >= width
      ? String(text.prefix(width - 1)) + " "
      : text + String(repeating: " ", count: width - text.count)
  }

  /// `value` with `decimals` digits after the point, right-aligned in `width` characters.
  static func number(_ value: Double, decimals: Int, width: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = String(scaled / Int(scale))
    let fraction = String(scaled % Int(scale))
    let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
    let text = decimals > 0 ? "\(whole).\(padded)" : whole
    return String(repeating: " ", count: max(width - text.count, 0)) + text
  }
}
