// SPDX-License-Identifier: MIT
import CTurboJPEG

/// How a JPEG stores chroma relative to luma. UVC cameras usually send 4:2:2; photos are
/// written as 4:2:0.
public enum JPEGSubsampling: Hashable, Sendable, CaseIterable {
  /// Full-resolution chroma.
  case yuv444
  /// Chroma halved horizontally (UVC MJPEG's usual layout).
  case yuv422
  /// Chroma halved in both directions.
  case yuv420
  /// Luma only.
  case grey
  /// Chroma halved vertically.
  case yuv440
  /// Chroma quartered horizontally.
  case yuv411

  /// Maps turbojpeg's `TJSAMP` value; nil for layouts turbojpeg cannot describe.
  init?(turboJPEG value: Int32) {
    switch value {
    case Int32(TJSAMP_444.rawValue): self = .yuv444
    case Int32(TJSAMP_422.rawValue): self = .yuv422
    case Int32(TJSAMP_420.rawValue): self = .yuv420
    case Int32(TJSAMP_GRAY.rawValue): self = .grey
    case Int32(TJSAMP_440.rawValue): self = .yuv440
    case Int32(TJSAMP_411.rawValue): self = .yuv411
    default: return nil
    }
  }

  /// turbojpeg's `TJSAMP` value.
  var turboJPEGValue: Int32 {
    switch self {
    case .yuv444: Int32(TJSAMP_444.rawValue)
    case .yuv422: Int32(TJSAMP_422.rawValue)
    case .yuv420: Int32(TJSAMP_420.rawValue)
    case .grey: Int32(TJSAMP_GRAY.rawValue)
    case .yuv440: Int32(TJSAMP_440.rawValue)
    case .yuv411: Int32(TJSAMP_411.rawValue)
    }
  }
}
