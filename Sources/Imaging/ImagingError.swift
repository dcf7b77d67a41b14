// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// Why a frame could not be converted, decoded or encoded. The capture session drops the frame
/// and counts it; the set is closed, so conversion APIs throw it as a typed error.
public enum ImagingError: Error, Hashable, Sendable {
  /// The bytes are not a decodable image: not a JPEG, a damaged header, or entropy data the
  /// decoder flagged as corrupt. `reason` is the decoder's own message, for the log.
  case corruptFrame(reason: String)
  /// The frame ends early: fewer bytes than its format needs, or a JPEG without its end marker.
  case truncatedFrame
  /// Pinhole has no conversion for this pixel format.
  case unsupportedFormat(PixelFormat)
  /// The image inside the frame is not the size the device negotiated.
  case sizeMismatch(expected: FrameSize, actual: FrameSize)
  /// The JPEG encoder failed (for example, an empty frame).
  case encodeFailed
  /// The image's header claims more pixels than Pinhole decodes (`JPEGDecoder.pixelBudget`):
  /// a few hundred bytes can claim 65500x65500, which would take gigabytes to decode.
  case imageTooLarge(FrameSize)

  /// One sentence for the log or a banner.
  public var userMessage: String {
    switch self {
    case .corruptFrame(let reason): tr("The camera sent a damaged frame (%1$s).", reason)
    case .truncatedFrame: tr("The camera sent an incomplete frame.")
    case .unsupportedFormat(let format): tr("Pinhole cannot display the %1$s pixel format.", format)
    case .sizeMismatch(let expected, let actual):
      tr("The camera sent a %1$s frame where %2$s was agreed.", actual, expected)
    case .encodeFailed: tr("The photo could not be encoded as JPEG.")
    case .imageTooLarge(let size): tr("The picture is too large to open (%1$s).", size)
    }
  }
}
