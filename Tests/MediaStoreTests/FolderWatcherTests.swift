// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Glibc
import MediaStore
import Testing

@Suite struct FolderWatcherTests {
  /// Collects events until `done` holds for them or five seconds pass; never a fixed sleep.
  func collect(
    _ watcher: FolderWatcher, until done: ([FolderEvent]) -> Bool
  ) -> [FolderEvent] {
    var events: [FolderEvent] = []
    let deadline = ContinuousClock.now + .seconds(5)
    while !done(events), ContinuousClock.now < deadline {
      events += watcher.waitForEvents(timeout: .milliseconds(100))
    }
    return events + watcher.drainEvents()
  }

  func shell(_ tool: String, _ arguments: String...) throws {
    #expect(try ExternalTool.run(tool, arguments).status == 0)
  }

  @Test func reportsFileCopiedInByAnotherProcessOnceComplete() throws {
    let folder = try TemporaryFolder()
    let source = try TemporaryFolder()
    let original = try source.makeFile("shot.jpg", text: String(repeating: "x", count: 100_000))
    let watcher = try FolderWatcher(folder: folder.url)
    try shell("cp", original.path, folder.path + "/copy.jpg")
    let added = FolderEvent.added(folder.url.appendingPathComponent("copy.jpg"))
    #expect(collect(watcher) { $0.contains(added) } == [added])
  }

  @Test func reportsRenameAndRemovalByAnotherProcess() throws {
    let folder = try TemporaryFolder()
    let first = try folder.makeFile("a.jpg")
    let watcher = try FolderWatcher(folder: folder.url)
    let second = folder.url.appendingPathComponent("b.JPEG")
    try shell("mv", first.path, second.path)
    let renamed = FolderEvent.renamed(from: first, to: second)
    #expect(collect(watcher) { $0.contains(renamed) } == [renamed])
    try shell("rm", second.path)
    let removed = FolderEvent.removed(second)
    #expect(collect(watcher) { $0.contains(removed) } == [removed])
  }

  @Test func reportsPinholesOwnSaveOnceWithoutItsTemporaryFile() throws {
    let folder = try TemporaryFolder()
    let watcher = try FolderWatcher(folder: folder.url)
    let url = try AtomicFileWriter().write(Data("jpeg".utf8), into: folder.url, date: Date())
    try folder.makeFile("notes.txt")
    let added = FolderEvent.added(url)
    #expect(collect(watcher) { $0.contains(added) } == [added])
  }

  @Test func reportsMovesInAndOutOfFolderAsAddedAndRemoved() throws {
    let folder = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let outside = try elsewhere.makeFile("clip.webm")
    let watcher = try FolderWatcher(folder: folder.url)
    let inside = folder.url.appendingPathComponent("clip.webm")
    try shell("mv", outside.path, inside.path)
    #expect(collect(watcher) { !$0.isEmpty } == [.added(inside)])
    try shell("mv", inside.path, elsewhere.path + "/back.webm")
    #expect(collect(watcher) { !$0.isEmpty } == [.removed(inside)])
  }

  @Test func reportsRewriteAsModified() throws {
    let folder = try TemporaryFolder()
    let photo = try folder.makeFile("a.png", text: "old")
    let watcher = try FolderWatcher(folder: folder.url)
    let handle = try FileHandle(forWritingTo: photo)
    try handle.write(contentsOf: Data("new".utf8))
    try handle.close()
    #expect(collect(watcher) { !$0.isEmpty } == [.modified(photo)])
  }

  @Test func reportsHardLinkedFileAsAdded() throws {
    let folder = try TemporaryFolder()
    let hidden = try folder.makeFile(".staging")
    let watcher = try FolderWatcher(folder: folder.url)
    let photo = folder.url.appendingPathComponent("linked.mp4")
    try shell("ln", hidden.path, photo.path)
    #expect(collect(watcher) { !$0.isEmpty } == [.added(photo)])
  }

  @Test func reportsFolderDeletion() throws {
    let root = try TemporaryFolder()
    let folder = root.url.appendingPathComponent("Pinhole")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let watcher = try FolderWatcher(folder: folder)
    try shell("rmdir", folder.path)
    #expect(collect(watcher) { $0.contains(.folderGone) } == [.folderGone])
  }

  @Test func refusesToWatchMissingFolder() throws {
    let root = try TemporaryFolder()
    let missing = root.url.appendingPathComponent("none")
    #expect(throws: StorageError.folderMissing(folder: missing.path)) {
      try FolderWatcher(folder: missing)
    }
  }
}
