// SPDX-License-Identifier: MIT

/// Names an image the backend knows how to draw (an icon or a photo thumbnail). The overlay
/// refers to images only by name; the backend owns the pixels.
public struct ImageID: Hashable, Sendable, CustomStringConvertible {
  /// The image's name, e.g. "thumbnail-0".
  public var name: String

  /// Makes an image identifier.
  public init(_ name: String) { self.name = name }

  /// The name.
  public var description: String { name }
}
