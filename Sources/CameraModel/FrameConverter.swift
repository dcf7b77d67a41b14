// SPDX-License-Identifier: MIT

/// Turns raw device frames into NV12 for display. The capture session owns one per capture
/// thread and calls it between DQBUF and QBUF, so the driver buffer is read exactly once.
///
/// Capture thread only.
public protocol FrameConverter: AnyObject {
  /// True when `format` can be converted.
  func canConvert(_ format: PixelFormat) -> Bool

  /// Converts `raw` into `frame`, resizing `frame` to `raw.size`, and sets its colorimetry and
  /// source format. Throws when the frame is corrupt or truncated; `frame` is then unspecified
  /// and the caller drops it.
  func convert(_ raw: RawFrame, into frame: NV12Frame) throws

  /// Converts like `convert(_:into:)`, but a compressed frame may come out `denominator` (1, 2
  /// or 4, see `PreviewReduction`) times smaller in each direction. Raw formats ignore it.
  func convert(_ raw: RawFrame, into frame: NV12Frame, reducedBy denominator: Int) throws
}

extension FrameConverter {
  /// Converters that cannot scale convert at full size.
  public func convert(_ raw: RawFrame, into frame: NV12Frame, reducedBy denominator: Int) throws {
    try convert(raw, into: frame)
  }
}
