// SPDX-License-Identifier: MIT
import CTurboJPEG

/// Owns one turbojpeg instance. turbojpeg handles keep per-call error state, so each owner
/// (converter, encoder, decoder) has its own and never shares it across threads.
///
/// Owner's thread only.
final class TurboJPEGHandle {
  /// Which half of turbojpeg the handle serves.
  enum Role {
    case compress
    case decompress
  }

  /// The C handle.
  let raw: tjhandle

  init(_ role: Role) {
    let handle = role == .compress ? tjInitCompress() : tjInitDecompress()
    // tjInit* fails only when malloc does; there is nothing sensible to do then.
    guard let handle else { preconditionFailure("turbojpeg could not allocate a handle") }
    raw = handle
  }

  deinit { tjDestroy(raw) }

  /// The message of the last failed call.
  var lastErrorMessage: String {
    guard let text = tjGetErrorStr2(raw) else { return "unknown turbojpeg error" }
    return String(cString: text)
  }

  /// True when the last failure was a warning: libjpeg finished the image but found damage
  /// (for example "Premature end of JPEG file" or "Corrupt JPEG data").
  var lastErrorWasWarning: Bool {
    tjGetErrorCode(raw) == Int32(TJERR_WARNING.rawValue)
  }
}
