// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Localization
import SystemCalls

/// Why a photo could not be stored, trashed or restored, in terms a person can act on.
public enum StorageError: Error, Equatable, Sendable {
  /// The folder does not exist (deleted, or an unplugged drive).
  case folderMissing(folder: String)
  /// Something that is not a folder (a file) is where the folder should be.
  case notAFolder(folder: String)
  /// The folder exists but no file can be created in it (a kernel filesystem such as /proc).
  case cannotHoldFiles(folder: String)
  /// The folder is on a read-only filesystem (EROFS).
  case readOnly(folder: String)
  /// The user may not write there (EACCES or EPERM).
  case permissionDenied(folder: String)
  /// The disk or the user's quota is full (ENOSPC or EDQUOT).
  case diskFull(folder: String)
  /// Something already exists at `path`, and Pinhole never replaces a file.
  case nameTaken(path: String)
  /// The file to act on is gone (deleted or moved by another program).
  case fileMissing(path: String)
  /// No trash can take the file (its filesystem has no usable trash folder).
  case trashUnavailable(path: String)
  /// The file's name is longer than the folder's filesystem allows (ENAMETOOLONG).
  case nameTooLong(folder: String)
  /// Any other failure of a system call; the log gets the call and errno.
  case other(call: String, errno: Int32)

  /// Maps a failed system call on something inside `folder` onto a case. The only errno mapping
  /// in the module.
  public init(_ failure: SystemCallError, folder: String) {
    switch failure.errno {
    case ENOENT, ENOTDIR: self = Self.missingOrOther(folder)
    case EROFS: self = .readOnly(folder: folder)
    case EACCES, EPERM: self = .permissionDenied(folder: folder)
    case ENOSPC, EDQUOT: self = .diskFull(folder: folder)
    case ENAMETOOLONG: self = .nameTooLong(folder: folder)
    default: self = .other(call: failure.call, errno: failure.errno)
    }
  }

  /// ENOENT or ENOTDIR inside `folder`: the folder is missing, unless something is there (a
  /// file given as the folder, or a folder of a filesystem that holds no files), or a file
  /// stands where one of its parent folders should be (then that file is named).
  private static func missingOrOther(_ folder: String) -> StorageError {
    guard !folder.isEmpty else { return .folderMissing(folder: folder) }
    var status = stat()
    guard FileNameBytes.withCString(folder, { stat($0, &status) }) == 0 else {
      return errno == ENOTDIR ? fileInTheWay(of: folder) : .folderMissing(folder: folder)
    }
    return status.st_mode & S_IFMT == S_IFDIR
      ? .cannotHoldFiles(folder: folder) : .notAFolder(folder: folder)
  }

  /// The nearest existing parent of `folder` when it is not a folder (ENOTDIR said one is
  /// not); `folder` missing otherwise.
  private static func fileInTheWay(of folder: String) -> StorageError {
    var path = folder
    while true {
      let parent = (path as NSString).deletingLastPathComponent
      guard !parent.isEmpty, parent != path else { return .folderMissing(folder: folder) }
      path = parent
      var status = stat()
      if FileNameBytes.withCString(path, { stat($0, &status) }) == 0 {
        return status.st_mode & S_IFMT == S_IFDIR
          ? .folderMissing(folder: folder) : .notAFolder(folder: path)
      }
    }
  }

  /// One sentence saying what happened and what to do, for the banner.
  public var userMessage: String {
    switch self {
    case .folderMissing(let folder):
      return tr("The folder %1$s is missing; reconnect its drive or choose another folder.", folder)
    case .notAFolder(let folder):
      return tr("%1$s is a file, not a folder; choose a folder for your photos.", folder)
    case .cannotHoldFiles(let folder):
      return tr(
        "%1$s cannot hold files (it is not a normal folder); choose another folder.", folder)
    case .readOnly(let folder):
      return tr("The folder %1$s is read-only; choose another folder.", folder)
    case .permissionDenied(let folder):
      return tr(
        "Pinhole may not write to %1$s; change its permissions or choose another folder.", folder)
    case .diskFull(let folder):
      return tr("The disk holding %1$s is full; free some space or choose another folder.", folder)
    case .nameTaken(let path):
      return tr("%1$s already exists; move that file away and try again.", path)
    case .fileMissing(let path):
      return tr("%1$s no longer exists; another program may have moved or deleted it.", path)
    case .trashUnavailable(let path):
      return tr(
        "%1$s cannot be moved to the trash on its drive; delete it in a file manager.", path)
    case .nameTooLong(let folder):
      return tr(
        "The file name is too long for the drive holding %1$s; choose a shorter name.", folder)
    case .other(let call, let errno):
      return tr("Saving failed (%1$s, error %2$d); check the disk and try again.", call, errno)
    }
  }

  /// Whether waiting or choosing another folder could help, as opposed to a one-off clash.
  public var isFolderProblem: Bool {
    switch self {
    case .folderMissing, .notAFolder, .cannotHoldFiles, .readOnly, .permissionDenied, .diskFull,
      .other:
      return true
    case .nameTaken, .nameTooLong, .fileMissing, .trashUnavailable: return false
    }
  }
}
