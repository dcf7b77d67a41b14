// SPDX-License-Identifier: MIT
import CFFmpeg
import CFFmpegLoader

/// Turns FFmpeg's negative return codes into `RecordingError`, in one place.
enum FFmpegResult {
  /// FFmpeg's sentence for `code` ("No space left on device").
  static func text(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
    guard av_strerror(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Opens FFmpeg's libraries on first use; throws `.librariesMissing` when they are not there.
  /// Every entry point into FFmpeg calls this first, so the reason reaches the person.
  static func requireLibraries() throws(RecordingError) {
    var message: UnsafePointer<CChar>?
    guard cffmpeg_load(&message) != 0 else { return }
    throw .librariesMissing(reason: message.map { String(cString: $0) } ?? "unknown reason")
  }

  /// Throws `.library` when `code` is negative; returns it otherwise.
  @discardableResult
  static func check(_ code: Int32, _ call: String) throws(RecordingError) -> Int32 {
    guard code < 0 else { return code }
    throw .library(call: call, reason: text(code))
  }

  /// The error for a failed write to `path`: a full disk is told apart.
  static func writeError(_ code: Int32, path: String) -> RecordingError {
    code == CFFMPEG_ERROR_ENOSPC
      ? .diskFull(path: path) : .writeFailed(path: path, reason: text(code))
  }
}
