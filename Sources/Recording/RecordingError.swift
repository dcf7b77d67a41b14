// SPDX-License-Identifier: MIT
import Foundation
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
      return "The disk is full; the recording was stopped and kept as \(path)."
    case .writeFailed(let path, let reason):
      return "Writing \(path) failed (\(reason)); the recording was stopped and kept."
    case .encoderMissing(let name):
      return "This FFmpeg has no \(name) encoder; install Debian's libavcodec59 (or another"
        + " build with \(name))."
    case .library(let call, let reason):
      return "FFmpeg could not record (\(call): \(reason))."
    case .librariesMissing(let reason):
      return "Video needs FFmpeg's libraries (\(reason)); install Debian's libavcodec59 and"
        + " libavformat59."
    case .notCompressed:
      return "MJPEG pass-through needs a camera streaming MJPEG; use --format MJPG or --codec h264."
    case .frameSizeChanged:
      return "The camera changed its frame size, so the recording was stopped."
    case .noFrames:
      return "The recording ended before its first frame was written, so no file was kept."
    case .noVideo:
      return "The file holds no video to play."
    case .notAFile(let path):
      return "\(path) is not a regular file, so Pinhole does not read it."
    case .readFailed(let path, let reason):
      return "Pinhole cannot read the video \(path): \(reason)."
    case .unsupportedName(let path, let codec):
      return RecordingDestination(exactPath: URL(fileURLWithPath: path)).problem(storing: codec)
        ?? "Pinhole cannot record into \(path)."
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
