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

extension FrameConverter {
  /// Converts like `convert(_:into:reducedBy:)`, but takes `frame` `sending` and hands it back
  /// `sending`, converted or not, so the caller can still pass the frame to another thread (or
  /// recycle a frame that failed to convert); a failure's error goes into `failure`. Passing the
  /// frame to the converter directly would tie it to the converter's region for good.
  public func converting(
    _ raw: RawFrame, into frame: sending NV12Frame, reducedBy denominator: Int = 1,
    failure: inout (any Error)?
  ) -> sending NV12Frame {
    // The one unchecked step, on the capture thread that owns the frame: converters write
    // into the frame during the call and keep no
    // reference to it afterwards (a converter owns only its own scratch buffers and handles),
    // so the frame leaves the call as unshared as it came in. Only this binding itself may be
    // returned: a tuple or struct built from it would count as the converter's again.
    nonisolated(unsafe) let target = frame
    do {
      try convert(raw, into: target, reducedBy: denominator)
    } catch {
      failure = error
    }
    return target
  }

  /// Decodes `frame.compressedSource` (the camera's bytes, already copied out of the driver
  /// buffer) into `frame` itself, as `converting(_:into:reducedBy:failure:)` does: `raw`
  /// describes the bytes (format, size, colorimetry); its own `bytes` are not read.
  public func convertingCompressedSource(
    of frame: sending NV12Frame, describedBy raw: RawFrame, reducedBy denominator: Int = 1,
    failure: inout (any Error)?
  ) -> sending NV12Frame {
    // Unchecked for the reason given in `converting(_:into:reducedBy:failure:)`.
    nonisolated(unsafe) let target = frame
    do {
      try target.compressedSource.withUnsafeBytes { copy in
        var source = raw
        source.bytes = copy
        try convert(source, into: target, reducedBy: denominator)
      }
    } catch {
      failure = error
    }
    return target
  }
}
