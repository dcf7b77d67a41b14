// SPDX-License-Identifier: MIT

/// A reduction turbojpeg applies inside the DCT while decoding, far cheaper than decoding at
/// full size and scaling afterwards. Thumbnails use `.eighth`.
public enum JPEGScale: Int, Hashable, Sendable, CaseIterable {
  /// Full size.
  case full = 1
  /// Half width and height.
  case half = 2
  /// A quarter of width and height.
  case quarter = 4
  /// An eighth of width and height.
  case eighth = 8

  /// The denominator of the scaling factor (numerator 1).
  public var denominator: Int { rawValue }
}
