// SPDX-License-Identifier: MIT
import CameraModel
import Scanning
import SimulatedCamera

/// A white greyscale page the tests paint codes on.
struct TestPage {
  let width: Int
  let height: Int
  var pixels: [UInt8]

  init(width: Int, height: Int, shade: UInt8 = 255) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: shade, count: width * height)
  }

  /// Darkens the rectangle `x..<x+w` × `y..<y+h` (clipped).
  mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ value: UInt8 = 0) {
    for row in max(y, 0)..<min(y + h, height) {
      for column in max(x, 0)..<min(x + w, width) { pixels[row * width + column] = value }
    }
  }

  /// Paints `code`'s modules with their top-left module at (x, y), `module` pixels each.
  mutating func paint(_ code: SceneCode, x: Int, y: Int, module: Int) {
    for row in 0..<code.side {
      for column in 0..<code.side where code.modules[row * code.side + column] {
        fill(x: x + column * module, y: y + row * module, width: module, height: module)
      }
    }
  }

  /// Paints bars from a pattern of modules ("1" dark, "0" light) starting at `x`.
  mutating func paintBars(_ pattern: String, x: Int, y: Int, module: Int, height h: Int) {
    for (index, bit) in pattern.enumerated() where bit == "1" {
      fill(x: x + index * module, y: y, width: module, height: h)
    }
  }

  func scan(with scanner: CodeScanner, region: PixelRectangle? = nil) -> [DetectedCode] {
    pixels.withUnsafeBytes {
      scanner.scan(luma: $0, width: width, height: height, stride: width, region: region)
    }
  }
}

/// Bar patterns for linear codes, written from the symbology standards' tables.
enum LinearPatterns {
  /// EAN-13 for 12 digits (the check digit is computed), guards included.
  static func ean13(_ digits: String) -> (pattern: String, text: String) {
    let values = digits.compactMap(\.wholeNumberValue)
    precondition(values.count == 12)
    let sum = values.enumerated().reduce(0) {
      $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3)
    }
    let all = values + [(10 - sum % 10) % 10]
    let left = [
      "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111",
      "0111011", "0110111", "0001011",
    ]
    let right = left.map { String($0.map { $0 == "0" ? "1" : "0" }) }
    let even = right.map { String($0.reversed()) }
    let parity = [
      "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG",
      "LGLGGL", "LGGLGL",
    ]
    var pattern = "101"
    for (index, mark) in parity[all[0]].enumerated() {
      pattern += mark == "L" ? left[all[index + 1]] : even[all[index + 1]]
    }
    pattern += "01010"
    for index in 7..<13 { pattern += right[all[index]] }
    pattern += "101"
    return (pattern, all.map(String.init).joined())
  }

  /// Code 39 for upper-case letters, digits and space, with start and stop characters.
  static func code39(_ text: String) -> String {
    // Narrow/wide patterns per character: bars and spaces alternate, starting with a bar;
    // "w" is three modules, "n" one; characters are separated by one narrow space.
    let table: [Character: String] = [
      "0": "nnnwwnwnn", "1": "wnnwnnnnw", "2": "nnwwnnnnw", "3": "wnwwnnnnn", "4": "nnnwwnnnw",
      "5": "wnnwwnnnn", "6": "nnwwwnnnn", "7": "nnnwnnwnw", "8": "wnnwnnwnn", "9": "nnwwnnwnn",
      "A": "wnnnnwnnw", "B": "nnwnnwnnw", "C": "wnwnnwnnn", "D": "nnnnwwnnw", "E": "wnnnwwnnn",
      "F": "nnwnwwnnn", "G": "nnnnnwwnw", "H": "wnnnnwwnn", "I": "nnwnnwwnn", "J": "nnnnwwwnn",
      "K": "wnnnnnnww", "L": "nnwnnnnww", "M": "wnwnnnnwn", "N": "nnnnwnnww", "O": "wnnnwnnwn",
      "P": "nnwnwnnwn", "Q": "nnnnnnwww", "R": "wnnnnnwwn", "S": "nnwnnnwwn", "T": "nnnnwnwwn",
      "U": "wwnnnnnnw", "V": "nwwnnnnnw", "W": "wwwnnnnnn", "X": "nwnnwnnnw", "Y": "wwnnwnnnn",
      "Z": "nwwnwnnnn", " ": "nwwnnnwnn", "*": "nwnnwnwnn",
    ]
    var pattern = ""
    for character in "*" + text + "*" {
      guard let widths = table[character] else { continue }
      for (index, width) in widths.enumerated() {
        let bit: Character = index.isMultiple(of: 2) ? "1" : "0"
        pattern += String(repeating: bit, count: width == "w" ? 3 : 1)
      }
      pattern += "0"
    }
    return pattern
  }
}
