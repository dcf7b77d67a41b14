// SPDX-License-Identifier: MIT
import Foundation
import MediaStore

/// What became of a shot handed to `PhotoWriter`, reported to the main thread in order.
public enum PhotoEvent: Sendable, Equatable {
  /// The strip's picture of shot `id`, made before the file is written so it shows at once.
  case thumbnailReady(id: UInt64, thumbnail: Thumbnail)
  /// Shot `id` is on disk at `url`; `clickToFile` runs from the shutter press to the durable
  /// file (including the time spent waiting behind earlier shots).
  case saved(id: UInt64, url: URL, clickToFile: Duration)
  /// Shot `id`, a merged photo, is on disk at `url` as its proxy (the frame on screen at the
  /// shutter); `saved` follows once the merged photo has replaced it there.
  case proxySaved(id: UInt64, url: URL)
  /// Shot `id`, a merged photo, stays as its proxy at `url`: the merge could not be made;
  /// `message` is one sentence saying why.
  case proxyKept(id: UInt64, url: URL, message: String)
  /// Shot `id` could not be written; it is kept in memory and retried about every two seconds.
  /// The error's `userMessage` is the banner text.
  case kept(id: UInt64, error: StorageError)
  /// Shot `id` is lost (the frame could not be encoded, or too many photos are waiting);
  /// `message` is one sentence for the banner.
  case failed(id: UInt64, message: String)
}
