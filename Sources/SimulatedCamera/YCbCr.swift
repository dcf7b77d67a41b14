// SPDX-License-Identifier: MIT

/// One pixel's 8-bit Y'CbCr code values.
public struct YCbCr: Hashable, Sendable {
  /// Luma code value.
  public var y: UInt8
  /// Blue-difference chroma code value.
  public var cb: UInt8
  /// Red-difference chroma code value.
  public var cr: UInt8

  /// The interleaved NV12 chroma pair as one little-endian 16-bit word (Cb in the low byte).
  var chromaWord: UInt16 { UInt16(cb) | UInt16(cr) << 8 }
}
