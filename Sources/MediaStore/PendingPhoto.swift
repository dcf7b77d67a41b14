// SPDX-License-Identifier: MIT
import Foundation

/// An encoded photo that could not be written yet, held in memory until it can.
public struct PendingPhoto: Sendable, Identifiable {
  /// Order of arrival; earlier photos are retried first.
  public let id: UInt64
  /// The encoded file, EXIF included.
  public let data: Data
  /// Where it should go; `PhotoVault.changeFolder(to:)` redirects it.
  public internal(set) var folder: URL
  /// When the shutter was pressed; names the file.
  public let captureDate: Date
  /// "jpg", "png" and so on.
  public let fileExtension: String
  /// Why the last attempt failed.
  public internal(set) var lastError: StorageError
}

/// What happened to a photo handed to `PhotoVault.save`.
public enum SaveOutcome: Sendable, Equatable {
  /// Written and durable at this location.
  case saved(URL)
  /// Not written, but kept in memory and retried later; the error says why, for the banner.
  case kept(StorageError)
  /// Refused: the vault already holds as many unwritten photos as it may. Nothing was taken
  /// from the caller; the shutter should show "busy" until a retry frees room.
  case busy(StorageError?)
}

/// The result of a retry pass.
public struct RetryReport: Sendable, Equatable {
  /// Photos written during the pass, oldest first.
  public var saved: [URL]
  /// Photos still waiting.
  public var stillPending: Int
  /// The newest failure, when some are still waiting.
  public var lastError: StorageError?
}
