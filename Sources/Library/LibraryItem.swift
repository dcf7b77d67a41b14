// SPDX-License-Identifier: MIT
import Foundation

/// One photo or video in the library grid: its file, when it was taken (the file's
/// modification time) and whether it is a video.
public struct LibraryItem: Hashable, Sendable {
  /// The file.
  public var url: URL
  /// When the file was last written; the grid sorts and groups by it.
  public var date: Date
  /// True for a video, which shows its duration.
  public var isVideo: Bool

  /// Makes an item.
  public init(url: URL, date: Date, isVideo: Bool = false) {
    self.url = url
    self.date = date
    self.isVideo = isVideo
  }

  /// `items` newest first; items of the same second keep their name order, newest name first,
  /// so the order never depends on how the folder was read.
  public static func newestFirst(_ items: [LibraryItem]) -> [LibraryItem] {
    items.sorted { left, right in
      left.date != right.date ? left.date > right.date : left.url.path > right.url.path
    }
  }
}
