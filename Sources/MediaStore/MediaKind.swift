// SPDX-License-Identifier: MIT

/// The kinds of file Pinhole shows in its gallery, decided by file name alone. Pure; any thread.
public enum MediaKind: Sendable, Equatable {
  /// A still image: .jpg, .jpeg, .png.
  case photo
  /// A video: .mp4, .mkv (Pinhole's MJPEG recordings), .webm.
  case video

  /// The kind of `fileName`, or nil for other files, hidden files (Pinhole's own temporary
  /// files among them) and folders named like media.
  public init?(fileName: String) {
    guard !fileName.hasPrefix("."), let dot = fileName.lastIndex(of: ".") else { return nil }
    switch fileName[fileName.index(after: dot)...].lowercased() {
    case "jpg", "jpeg", "png": self = .photo
    case "mp4", "mkv", "webm": self = .video
    default: return nil
    }
  }
}
