// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import SystemCalls

/// Lists the media files in a folder, newest first, for the gallery. Any thread.
///
/// Uses `readdir` and `fstatat` directly: one `stat` per entry and no URL resource-value
/// machinery, which keeps a folder of hundreds of photos to a few milliseconds.
public enum PhotoListing {
  /// One media file in a listing.
  public struct Entry: Sendable, Equatable {
    /// The file.
    public var url: URL
    /// Photo or video.
    public var kind: MediaKind
    /// Last modification time, which for Pinhole's photos is when they were saved.
    public var modificationDate: Date
    /// Size in bytes.
    public var byteCount: Int
  }

  /// The media files in `folder`, newest first; files with equal times are ordered by name,
  /// later names first, which for Pinhole's time-stamped names is also newest first.
  public static func scan(_ folder: URL) throws(StorageError) -> [Entry] {
    try sorted(entries(in: folder))
  }

  /// The media files of `folder` and the videos of `videoFolder` in one listing, newest first,
  /// so recordings sit among the photos by time. A missing or unreadable video folder lists
  /// nothing (no recording made yet); the photo folder's problems are thrown as by `scan`.
  public static func scan(_ folder: URL, videoFolder: URL?) throws(StorageError) -> [Entry] {
    var found = try entries(in: folder)
    if let videoFolder, videoFolder.standardizedFileURL != folder.standardizedFileURL {
      let videos = (try? entries(in: videoFolder)) ?? []
      found += videos.filter { $0.entry.kind == .video }
    }
    return sorted(found)
  }

  private static func sorted(_ found: [(entry: Entry, nanoseconds: Int64, name: String)]) -> [Entry]
  {
    found.sorted { ($0.nanoseconds, $0.name) > ($1.nanoseconds, $1.name) }.map(\.entry)
  }

  private static func entries(in folder: URL) throws(StorageError) -> [(
    entry: Entry, nanoseconds: Int64, name: String
  )] {
    let path = folder.standardizedFileURL.path
    guard let directory = opendir(path) else {
      throw StorageError(SystemCallError(call: "opendir", errno: errno), folder: path)
    }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var found: [(entry: Entry, nanoseconds: Int64, name: String)] = []
    while let item = readdir(directory) {
      // The name as the kernel has it, which may not be valid UTF-8; `FileNameBytes` keeps it.
      let name = withUnsafeBytes(of: item.pointee.d_name) { bytes in
        FileNameBytes.string(bytes.prefix { $0 != 0 })
      }
      guard let kind = MediaKind(fileName: name) else { continue }
      var status = stat()
      let isListed = FileNameBytes.withCString(name) { fstatat(descriptor, $0, &status, 0) } == 0
      guard isListed, status.st_mode & S_IFMT == S_IFREG else {
        continue
      }
      let nanoseconds = Self.nanoseconds(status.st_mtim)
      let entry = Entry(
        url: URL(fileURLWithPath: path + "/" + name, isDirectory: false), kind: kind,
        modificationDate: Date(timeIntervalSince1970: Double(nanoseconds) / 1e9),
        byteCount: Int(status.st_size))
      found.append((entry, nanoseconds, name))
    }
    return found
  }

  /// A modification time in nanoseconds, saturating: any program can set a file's time to
  /// the far past or future (`touch -d`), and the multiplication must not trap on it.
  static func nanoseconds(_ time: timespec) -> Int64 {
    let (whole, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return time.tv_sec < 0 ? .min : .max }
    let (sum, carry) = whole.addingReportingOverflow(Int64(time.tv_nsec))
    return carry ? .max : sum
  }
}
