// SPDX-License-Identifier: MIT
import CFFmpeg
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a file Pinhole reads back (a recording to play, probe or thumbnail) for libavformat,
/// and only as what Pinhole itself writes: an MP4/MOV or Matroska file on the local disk.
///
/// libavformat left to itself guesses a format from the bytes and follows what the file says:
/// a playlist saved under a `.mp4` name opens any local file it lists, and a FIFO under that
/// name blocks the reader in `open()` until a writer comes. So the path is opened here first,
/// non-blocking, and refused unless `fstat` calls it a regular file; libavformat then opens
/// that same file through `/proc/self/fd` (a new descriptor of the same inode, so the name
/// cannot be swapped in between), with its format list limited to the containers Pinhole
/// writes and its protocol list to `file`, which leaves no way to reach another file or the
/// network. Any thread.
enum MediaFileInput {
  /// libavformat's names of the containers Pinhole writes: MP4 (H.264 + AAC) and Matroska
  /// (MJPEG pass-through). The MP4 demuxer reads MOV and the other ISO formats under one name.
  static let formats = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm"
  /// The only way libavformat may read: the local file it is given.
  static let protocols = "file"

  /// The opened container of the regular file at `path`. Throws `.notAFile` for a folder,
  /// FIFO, device or socket; `.readFailed` when the file cannot be opened or is not an
  /// MP4/MOV/Matroska file.
  static func open(_ path: String) throws(RecordingError) -> UnsafeMutablePointer<AVFormatContext> {
    try FFmpegResult.requireLibraries()
    let descriptor = FileNameBytes.withCString(path) {
      Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }
    guard descriptor >= 0 else {
      throw .readFailed(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .readFailed(path: path, reason: String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    av_dict_set(&options, "format_whitelist", formats, 0)
    av_dict_set(&options, "protocol_whitelist", protocols, 0)
    var context: UnsafeMutablePointer<AVFormatContext>?
    let code = avformat_open_input(&context, "file:/proc/self/fd/\(descriptor)", nil, &options)
    guard code >= 0, let context else {
      throw .readFailed(
        path: path,
        reason: "it is not an MP4, MOV or Matroska video (\(FFmpegResult.text(code)))")
    }
    return context
  }
}
