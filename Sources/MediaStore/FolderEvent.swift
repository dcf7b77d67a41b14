// SPDX-License-Identifier: MIT
import Foundation

/// A change to a media file in a watched folder.
public enum FolderEvent: Sendable, Equatable {
  /// A media file appeared, complete: written and closed, moved in, or hard-linked.
  case added(URL)
  /// An existing media file was rewritten.
  case modified(URL)
  /// A media file was deleted or moved out.
  case removed(URL)
  /// A media file was renamed inside the folder.
  case renamed(from: URL, to: URL)
  /// Events were lost (the kernel queue overflowed); list the folder again.
  case needsRescan
  /// The folder itself was deleted or moved; the watch has ended.
  case folderGone
}
