// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Glibc
import Testing

@testable import MediaStore

@Suite struct TrashTests {
  let date = Date(timeIntervalSince1970: 1_796_043_900)  // 2026-11-30 13:05:00 UTC
  let photoName = "Pinhole 2026-11-30 14-03-07.123.jpg"

  func makeTrash(_ home: TemporaryFolder, dataHome: Bool = true) -> Trash {
    var environment = ["HOME": home.path]
    if dataHome { environment["XDG_DATA_HOME"] = home.path + "/data" }
    return Trash(environment: environment, timeZone: .gmt)
  }

  @Test func movesFileToHomeTrashWithSpecInfo() throws {
    let home = try TemporaryFolder()
    let photo = try home.makeFile("Pictures/Pinhole/" + photoName, text: "pixels")
    let item = try makeTrash(home).moveToTrash(photo, at: date)
    let trash = home.path + "/data/Trash"
    #expect(item.trashedURL.path == trash + "/files/" + photoName)
    #expect(item.infoURL.path == trash + "/info/" + photoName + ".trashinfo")
    #expect(try String(contentsOf: item.trashedURL, encoding: .utf8) == "pixels")
    #expect(!FileManager.default.fileExists(atPath: photo.path))
    let encodedPath = home.path + "/Pictures/Pinhole/Pinhole%202026-11-30%2014-03-07.123.jpg"
    #expect(
      try String(contentsOf: item.infoURL, encoding: .utf8)
        == "[Trash Info]\nPath=\(encodedPath)\nDeletionDate=2026-11-30T13:05:00\n")
    let status = try #require(Trash.status(trash, followingLinks: false))
    #expect(status.st_mode & 0o777 == 0o700)
  }

  @Test func usesLocalShareWhenDataHomeIsUnset() throws {
    let home = try TemporaryFolder()
    let photo = try home.makeFile("a.jpg")
    let item = try makeTrash(home, dataHome: false).moveToTrash(photo, at: date)
    #expect(item.trashedURL.path == home.path + "/.local/share/Trash/files/a.jpg")
    #expect(FileManager.default.fileExists(atPath: item.infoURL.path))
  }

  @Test func percentEncodesEverythingButUnreservedAndSlash() {
    #expect(TrashInfo.percentEncoded("/a b/ü%#.jpg") == "/a%20b/%C3%BC%25%23.jpg")
    #expect(TrashInfo.percentEncoded("/x-y_z.~/1") == "/x-y_z.~/1")
  }

  @Test func givesSecondFileOfSameNameANumberedName() throws {
    let home = try TemporaryFolder()
    let trash = makeTrash(home)
    let first = try trash.moveToTrash(try home.makeFile("one/a.jpg", text: "1"), at: date)
    let second = try trash.moveToTrash(try home.makeFile("two/a.jpg", text: "2"), at: date)
    #expect(first.trashedURL.lastPathComponent == "a.jpg")
    #expect(second.trashedURL.lastPathComponent == "a.2.jpg")
    #expect(second.infoURL.lastPathComponent == "a.2.jpg.trashinfo")
    #expect(try String(contentsOf: second.infoURL, encoding: .utf8).contains("/two/a.jpg\n"))
    #expect(try String(contentsOf: second.trashedURL, encoding: .utf8) == "2")
  }

  @Test func skipsNamesClaimedByAnotherProgramsInfoFile() throws {
    let home = try TemporaryFolder()
    try home.makeFile("data/Trash/info/a.jpg.trashinfo", text: "claimed")
    try home.makeFile("data/Trash/files/a.2.jpg", text: "orphan")
    let item = try makeTrash(home).moveToTrash(try home.makeFile("a.jpg"), at: date)
    #expect(item.trashedURL.lastPathComponent == "a.3.jpg")
    #expect(
      try String(contentsOfFile: home.path + "/data/Trash/files/a.2.jpg", encoding: .utf8)
        == "orphan")
    #expect(
      !FileManager.default.fileExists(atPath: home.path + "/data/Trash/info/a.2.jpg.trashinfo"))
  }

  @Test func restorePutsFileBackAndRemovesRecord() throws {
    let home = try TemporaryFolder()
    let trash = makeTrash(home)
    let photo = try home.makeFile("Pictures/" + photoName, text: "pixels")
    let item = try trash.moveToTrash(photo, at: date)
    #expect(try trash.restore(item) == photo)
    #expect(try String(contentsOf: photo, encoding: .utf8) == "pixels")
    #expect(!FileManager.default.fileExists(atPath: item.infoURL.path))
    #expect(!FileManager.default.fileExists(atPath: item.trashedURL.path))
  }

  @Test func restoreRefusesWhenOriginalPathIsTaken() throws {
    let home = try TemporaryFolder()
    let trash = makeTrash(home)
    let photo = try home.makeFile("a.jpg", text: "old")
    let item = try trash.moveToTrash(photo, at: date)
    try home.makeFile("a.jpg", text: "new")
    #expect(throws: StorageError.nameTaken(path: photo.path)) { try trash.restore(item) }
    #expect(try String(contentsOf: photo, encoding: .utf8) == "new")
    #expect(try String(contentsOf: item.trashedURL, encoding: .utf8) == "old")
    #expect(FileManager.default.fileExists(atPath: item.infoURL.path))
  }

  @Test func restoreReportsMissingFolder() throws {
    let home = try TemporaryFolder()
    let trash = makeTrash(home)
    let item = try trash.moveToTrash(try home.makeFile("gone/a.jpg"), at: date)
    try FileManager.default.removeItem(atPath: home.path + "/gone")
    #expect(throws: StorageError.folderMissing(folder: home.path + "/gone")) {
      try trash.restore(item)
    }
  }

  @Test func trashingMissingFileSaysSo() throws {
    let home = try TemporaryFolder()
    let missing = home.url.appendingPathComponent("nothing.jpg")
    #expect(throws: StorageError.fileMissing(path: missing.path)) {
      try makeTrash(home).moveToTrash(missing, at: date)
    }
  }

  /// /dev/shm is a tmpfs, a different filesystem from the temporary home under /tmp.
  static let otherFilesystem: String? = {
    guard let shm = Trash.status("/dev/shm", followingLinks: true),
      let tmp = Trash.status(NSTemporaryDirectory(), followingLinks: true),
      shm.st_dev != tmp.st_dev, access("/dev/shm", W_OK) == 0
    else { return nil }
    return "/dev/shm"
  }()

  @Test(.enabled(if: otherFilesystem != nil)) func usesTopDirectoryTrashOnOtherFilesystem() throws {
    let home = try TemporaryFolder()
    let top = try #require(Self.otherFilesystem)
    let folderName = "pinhole-test-\(UUID().uuidString)"
    let folder = top + "/" + folderName
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let photo = URL(fileURLWithPath: folder + "/shot 1.jpg")
    try Data("card".utf8).write(to: photo)
    let item = try makeTrash(home).moveToTrash(photo, at: date)
    let root = top + "/.Trash-\(getuid())"
    defer {
      try? FileManager.default.removeItem(at: item.trashedURL)
      try? FileManager.default.removeItem(at: item.infoURL)
      // rmdir removes only empty folders, so a trash in real use is left alone.
      for folder in [root + "/files", root + "/info", root] { rmdir(folder) }
    }
    #expect(item.trashedURL.deletingLastPathComponent().path == root + "/files")
    #expect(item.infoURL.deletingLastPathComponent().path == root + "/info")
    #expect(
      try String(contentsOf: item.infoURL, encoding: .utf8).contains(
        "\nPath=\(folderName)/shot%201.jpg\n"))
    #expect(Trash.status(root, followingLinks: false).map { $0.st_mode & 0o777 } == 0o700)
    #expect(try String(contentsOf: item.trashedURL, encoding: .utf8) == "card")
    #expect(try makeTrash(home).restore(item) == photo)
  }
}
