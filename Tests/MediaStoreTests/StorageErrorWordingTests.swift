// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Glibc
import MediaStore
import Testing

/// A file given as the photo folder, or a folder that holds no files, is said as such rather
/// than "missing; reconnect its drive".
@Suite struct StorageErrorWordingTests {
  let naming = PhotoNaming(timeZone: .gmt)

  @Test func aFileGivenAsTheFolderIsNotAFolder() throws {
    let root = try TemporaryFolder()
    let file = try root.makeFile("notes.txt")
    #expect(throws: StorageError.notAFolder(folder: file.path)) {
      try AtomicFileWriter(naming: naming).write(Data("x".utf8), into: file, date: Date())
    }
    #expect(StorageError.notAFolder(folder: file.path).userMessage.contains("is a file"))
  }

  @Test func procSelfCannotHoldFiles() {
    let proc = URL(fileURLWithPath: "/proc/self")
    #expect {
      try AtomicFileWriter(naming: naming).write(Data("x".utf8), into: proc, date: Date())
    } throws: { error in
      // ENOENT from /proc maps to "cannot hold files"; a permission refusal is also honest.
      guard let error = error as? StorageError else { return false }
      return error == .cannotHoldFiles(folder: "/proc/self")
        || error == .permissionDenied(folder: "/proc/self")
    }
  }

  @Test func aMissingFolderIsStillMissing() throws {
    let root = try TemporaryFolder()
    let gone = root.url.appendingPathComponent("gone")
    #expect(throws: StorageError.folderMissing(folder: gone.path)) {
      try AtomicFileWriter(naming: naming).write(Data("x".utf8), into: gone, date: Date())
    }
  }

  @Test func aFileWhereAParentFolderShouldBeIsNamedNotCalledMissing() throws {
    let root = try TemporaryFolder()
    let file = try root.makeFile("notes.txt")
    let inside = file.appendingPathComponent("photos")
    #expect(throws: StorageError.notAFolder(folder: file.path)) {
      try AtomicFileWriter(naming: naming).write(Data("x".utf8), into: inside, date: Date())
    }
  }

  @Test func aNameTooLongIsSaidSo() {
    let error = StorageError(SystemCallError(call: "open", errno: ENAMETOOLONG), folder: "/v")
    #expect(error == .nameTooLong(folder: "/v"))
    #expect(error.userMessage.contains("too long"))
    #expect(!error.isFolderProblem)
  }

  @Test func aSystemCallErrorReadsInWordsWithItsNumber() {
    let error = SystemCallError(call: "bind", errno: ENXIO)
    #expect(error.description == "bind: No such device or address (errno \(ENXIO))")
  }
}
