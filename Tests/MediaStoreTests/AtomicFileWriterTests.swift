// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Glibc
import MediaStore
import Testing

@Suite struct AtomicFileWriterTests {
  let date = Date(timeIntervalSince1970: 1_796_043_787.123)
  let naming = PhotoNaming(timeZone: .gmt)
  let photo = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })

  @Test func writesWholeFileUnderTimeNameAndLeavesNoTemporary() throws {
    let folder = try TemporaryFolder()
    let writer = AtomicFileWriter(naming: naming)
    let url = try writer.write(photo, into: folder.url, date: date)
    #expect(url.lastPathComponent == "Pinhole 2026-11-30 13-03-07.123.jpg")
    #expect(try Data(contentsOf: url) == photo)
    #expect(try folder.names() == [url.lastPathComponent])
  }

  @Test func addsSuffixAndNeverOverwritesExistingFile() throws {
    let folder = try TemporaryFolder()
    let existing = try folder.makeFile("Pinhole 2026-11-30 13-03-07.123.jpg", text: "keep me")
    let writer = AtomicFileWriter(naming: naming)
    let second = try writer.write(photo, into: folder.url, date: date)
    let third = try writer.write(photo, into: folder.url, date: date)
    #expect(second.lastPathComponent == "Pinhole 2026-11-30 13-03-07.123 (2).jpg")
    #expect(third.lastPathComponent == "Pinhole 2026-11-30 13-03-07.123 (3).jpg")
    #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me")
  }

  @Test func takesNextSuffixWhenRivalClaimsNameJustBeforeMove() throws {
    let folder = try TemporaryFolder()
    let rivalPath = folder.path + "/Pinhole 2026-11-30 13-03-07.123.jpg"
    let fileSystem = ScriptedFileSystem(
      .init(beforeFirstMove: {
        _ = FileManager.default.createFile(atPath: rivalPath, contents: Data("rival".utf8))
      }))
    let writer = AtomicFileWriter(fileSystem: fileSystem, naming: naming)
    let url = try writer.write(photo, into: folder.url, date: date)
    #expect(url.lastPathComponent == "Pinhole 2026-11-30 13-03-07.123 (2).jpg")
    #expect(FileManager.default.contents(atPath: rivalPath) == Data("rival".utf8))
    #expect(fileSystem.calls.filter { $0 == "move" }.count == 2)
  }

  @Test func diskFullMidWriteRemovesPartialFile() throws {
    let folder = try TemporaryFolder()
    let fileSystem = ScriptedFileSystem(.init(writeLimit: (4096, ENOSPC)))
    let writer = AtomicFileWriter(fileSystem: fileSystem, naming: naming)
    #expect(throws: StorageError.diskFull(folder: folder.path)) {
      try writer.write(photo, into: folder.url, date: date)
    }
    #expect(try folder.names().isEmpty)
  }

  @Test func quotaExceededCountsAsDiskFull() throws {
    let folder = try TemporaryFolder()
    let writer = AtomicFileWriter(
      fileSystem: ScriptedFileSystem(.init(writeLimit: (0, EDQUOT))), naming: naming)
    #expect(throws: StorageError.diskFull(folder: folder.path)) {
      try writer.write(photo, into: folder.url, date: date)
    }
    #expect(try folder.names().isEmpty)
  }

  @Test func readOnlyFilesystemIsReported() throws {
    let folder = try TemporaryFolder()
    let writer = AtomicFileWriter(
      fileSystem: ScriptedFileSystem(.init(openFailure: EROFS)), naming: naming)
    #expect(throws: StorageError.readOnly(folder: folder.path)) {
      try writer.write(photo, into: folder.url, date: date)
    }
  }

  @Test func failedFsyncRemovesTemporaryAndNamesTheCall() throws {
    let folder = try TemporaryFolder()
    let writer = AtomicFileWriter(
      fileSystem: ScriptedFileSystem(.init(fsyncFailure: EIO)), naming: naming)
    #expect(throws: StorageError.other(call: "fsync", errno: EIO)) {
      try writer.write(photo, into: folder.url, date: date)
    }
    #expect(try folder.names().isEmpty)
  }

  @Test func folderVanishingBeforeMoveIsReportedAsMissing() throws {
    let folder = try TemporaryFolder()
    let inner = folder.url.appendingPathComponent("Pinhole")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    let fileSystem = ScriptedFileSystem(
      .init(beforeFirstMove: {
        try? FileManager.default.removeItem(at: inner)
      }))
    let writer = AtomicFileWriter(fileSystem: fileSystem, naming: naming)
    #expect(throws: StorageError.folderMissing(folder: inner.path)) {
      try writer.write(photo, into: inner, date: date)
    }
    #expect(try folder.names().isEmpty)
  }

  @Test func missingFolderIsReportedWithoutCreatingIt() throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("gone")
    #expect(throws: StorageError.folderMissing(folder: missing.path)) {
      try AtomicFileWriter(naming: naming).write(photo, into: missing, date: date)
    }
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }

  @Test func syncsFileBeforeMoveAndFolderAfter() throws {
    let folder = try TemporaryFolder()
    let fileSystem = ScriptedFileSystem(.init())
    _ = try AtomicFileWriter(fileSystem: fileSystem, naming: naming)
      .write(photo, into: folder.url, date: date)
    let steps = fileSystem.calls.filter { $0 != "write" }
    #expect(steps == ["open", "fsync", "close", "move", "open", "fsync", "close"])
  }

  @Test func liveMoveRefusesToReplace() throws {
    let folder = try TemporaryFolder()
    let source = try folder.makeFile("a", text: "a")
    let target = try folder.makeFile("b", text: "b")
    #expect(throws: SystemCallError(call: "renameat2", errno: EEXIST)) {
      try LiveFileSystem().moveWithoutReplacing(source.path, to: target.path)
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "b")
  }

  @Test func everyErrorHasOneSentenceMessage() {
    let errors: [StorageError] = [
      .folderMissing(folder: "/p"), .readOnly(folder: "/p"), .permissionDenied(folder: "/p"),
      .diskFull(folder: "/p"), .nameTaken(path: "/p/a.jpg"), .other(call: "open", errno: EIO),
    ]
    for error in errors {
      #expect(error.userMessage.hasSuffix("."))
      #expect(error.userMessage.filter { $0 == "." }.count >= 1)
    }
  }
}
