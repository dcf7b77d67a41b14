// SPDX-License-Identifier: MIT

/// How Y'CbCr values map to RGB: the matrix and the value range.
public struct Colorimetry: Hashable, Sendable {
  /// The Y'CbCr encoding matrix.
  public enum Matrix: Hashable, Sendable {
    /// ITU-R BT.601 (SD, and JPEG).
    case bt601
    /// ITU-R BT.709 (HD).
    case bt709
  }

  /// Whether Y spans 16–235 (limited, as raw camera YUV) or 0–255 (full, as JPEG).
  public enum Range: Hashable, Sendable {
    /// 16–235 luma, 16–240 chroma.
    case limited
    /// 0–255.
    case full
  }

  /// The matrix.
  public var matrix: Matrix
  /// The range.
  public var range: Range

  /// Makes a colorimetry.
  public init(matrix: Matrix, range: Range) {
    self.matrix = matrix
    self.range = range
  }

  /// Decoded JPEG frames: BT.601 full range (JFIF).
  public static let jpeg = Colorimetry(matrix: .bt601, range: .full)
  /// Raw SD camera YUV.
  public static let bt601Limited = Colorimetry(matrix: .bt601, range: .limited)
  /// Raw HD camera YUV.
  public static let bt709Limited = Colorimetry(matrix: .bt709, range: .limited)
}
