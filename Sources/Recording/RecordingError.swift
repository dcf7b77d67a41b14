// SPDX-License-Identifier: MIT
import Foundation
import Localization
import MediaStore

/// Why a recording could not start or had to stop.
public enum RecordingError: Error, Equatable, Sendable {
  /// The folder cannot hold the file (missing, read-only, full, no permission).
  case storage(StorageError)
  /// The disk filled up while recording; what was written is kept.
  case diskFull(path: String)
  /// Writing the file failed for another reason; what was written is kept.
  case writeFailed(path: String, reason: String)
  /// The installed FFmpeg lacks an encoder Pinhole needs (libx264, aac).
  case encoderMissing(name: String)
  /// An FFmpeg call failed while recording; `reason` is FFmpeg's own text. Reading a file
  /// back reports `.readFailed` instead.
  case library(call: String, reason: String)
  /// FFmpeg's libraries could not be opened (they load on first use); `reason` names which.
  case librariesMissing(reason: String)
  /// `--codec mjpeg` was asked of a camera that does not send JPEG frames.
  case notCompressed
  /// The camera changed its frame size during the recording.
  case frameSizeChanged
  /// The recording ended before its first frame was written, so there is no file.
  case noFrames
  /// A file to play holds no video stream.
  case noVideo
  /// The file name's extension names no container Pinhole writes, or one that cannot hold
  /// `codec`.
  case unsupportedName(path: String, codec: VideoCodec)
  /// A file to play or probe is not a regular file (a folder, FIFO, device or socket).
  case notAFile(path: String)
  /// A file to play or probe could not be read; `reason` says why in a few words.
  case readFailed(path: String, reason: String)

  /// One sentence for a banner or the terminal.
  public var userMessage: String {
    switch self {
    case .storage(let error): return error.userMessage
    case .diskFull(let path):
      return tr("The disk is full; the recording was stopped and kept as %1$s.", path)
    case .writeFailed(let path, let reason):
      return tr("Writing %1$s failed (%2$s); the recording was stopped and kept.", path, reason)
    case .encoderMissing(let name):
      return tr(
        "This FFmpeg has no %1$s encoder; install Debian's libavcodec59 (or another build with %1$s).",
        name)
    case .library(let call, let reason):
      return tr("FFmpeg could not record (%1$s: %2$s).", call, reason)
    case .librariesMissing(let reason):
      return tr(
        "Video needs FFmpeg's libraries (%1$s); install Debian's libavcodec59 and libavformat59.",
        reason)
    case .notCompressed:
      return tr(
        "MJPEG pass-through needs a camera streaming MJPEG; use --format MJPG or --codec h264.")
    case .frameSizeChanged:
      return tr("The camera changed its frame size, so the recording was stopped.")
    case .noFrames:
      return tr("The recording ended before its first frame was written, so no file was kept.")
    case .noVideo:
      return tr("The file holds no video to play.")
    case .notAFile(let path):
      return tr("%1$s is not a regular file, so Pinhole does not read it.", path)
    case .readFailed(let path, let reason):
      return tr("Pinhole cannot read the video %1$s: %2$s.", path, reason)
    case .unsupportedName(let path, let codec):
      return RecordingDestination(exactPath: URL(fileURLWithPath: path)).problem(storing: codec)
        ?? tr("Pinhole cannot record into %1$s.", path)
    }
  }
}

extension RecordingError {
  /// The same failure, naming `path` as where the recording was kept (the part file's final
  /// name, once it was moved into place).
  func kept(at path: String) -> RecordingError {
    switch self {
    case .diskFull: .diskFull(path: path)
    case .writeFailed(_, let reason): .writeFailed(path: path, reason: reason)
    default: self
    }
  }
}
