// SPDX-License-Identifier: MIT
import Foundation
import MediaStore

/// What `ThumbnailLoader` found out about the photo folder, for the strip and the gallery.
public enum LibraryEvent: Sendable, Equatable {
  /// The folder's media files, newest first: after the first scan and after every change
  /// (a photo added, removed or renamed, here or by another program).
  case listed([PhotoListing.Entry])
  /// The thumbnail of the file at `url` is ready (and cached).
  case thumbnailReady(url: URL, thumbnail: Thumbnail)
  /// The file at `url` has no thumbnail: not a JPEG, damaged, or gone before it was read.
  case thumbnailFailed(url: URL)
  /// The folder cannot be listed or watched; `error.userMessage` is the banner text.
  case folderUnavailable(StorageError)
}
