// SPDX-License-Identifier: MIT
import Foundation

/// A file in a freedesktop trash, with what is needed to put it back.
public struct TrashedItem: Sendable, Equatable {
  /// Where the file was before it was trashed.
  public let originalURL: URL
  /// The file itself, now in the trash's `files/` folder.
  public let trashedURL: URL
  /// Its `.trashinfo` record in the trash's `info/` folder.
  public let infoURL: URL
}
