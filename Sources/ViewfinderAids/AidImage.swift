// SPDX-License-Identifier: MIT

/// A straight-alpha RGBA picture an aid draws into: the peaking and zebra layer laid over the
/// preview, or the histogram and waveform panels. Reused frame after frame; resized only when
/// the size shown changes. Owner's thread only.
public struct AidImage: Hashable, Sendable {
  /// Width in pixels.
  public private(set) var width: Int
  /// Height in pixels.
  public private(set) var height: Int
  /// `width * height * 4` bytes, red, green, blue, alpha, rows top to bottom.
  public var rgba: [UInt8]

  /// Makes a transparent picture; negative sizes count as zero.
  public init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    rgba = [UInt8](repeating: 0, count: self.width * self.height * 4)
  }

  /// Makes the picture `width` × `height` and fully transparent.
  public mutating func reset(width: Int, height: Int) {
    let width = max(width, 0)
    let height = max(height, 0)
    if width != self.width || height != self.height {
      self.width = width
      self.height = height
      rgba = [UInt8](repeating: 0, count: width * height * 4)
    } else {
      rgba.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
    }
  }

  /// Makes the picture `width` × `height`, keeping its bytes when the size is unchanged: for
  /// an aid that writes every pixel anyway.
  public mutating func resize(width: Int, height: Int) {
    if max(width, 0) != self.width || max(height, 0) != self.height {
      reset(width: width, height: height)
    }
  }

  /// The colour at (`x`, `y`), for tests.
  public func pixel(x: Int, y: Int) -> AidColor {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
    let index = (y * width + x) * 4
    return AidColor(
      red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
  }
}

/// A straight-alpha colour of an aid.
public struct AidColor: Hashable, Sendable {
  /// Red, 0…255.
  public var red: UInt8
  /// Green, 0…255.
  public var green: UInt8
  /// Blue, 0…255.
  public var blue: UInt8
  /// Opacity, 0 (none) … 255.
  public var alpha: UInt8

  /// Makes a colour.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The four bytes in memory order, as one word for writing a pixel at once.
  var word: UInt32 {
    UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
  }
}
