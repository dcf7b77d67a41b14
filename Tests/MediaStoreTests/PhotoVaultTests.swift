// SPDX-License-Identifier: MIT
import CameraTestSupport
import Dispatch
import Foundation
import MediaStore
import Synchronization
import Testing

@Suite struct PhotoVaultTests {
  let naming = PhotoNaming(timeZone: .gmt)
  let start = Date(timeIntervalSince1970: 1_796_043_787)

  func photo(_ index: Int) -> Data { Data("photo \(index)".utf8) }
  func date(_ index: Int) -> Date { start.addingTimeInterval(Double(index)) }

  @Test func savesStraightAwayWhenFolderIsWritable() throws {
    let folder = try TemporaryFolder()
    let vault = PhotoVault(writer: AtomicFileWriter(naming: naming))
    guard case .saved(let url) = vault.save(photo(0), capturedAt: start, in: folder.url) else {
      Issue.record("photo not saved")
      return
    }
    #expect(try Data(contentsOf: url) == photo(0))
    #expect(vault.pending.isEmpty)
  }

  @Test func keepsPhotoWhileFolderIsMissingAndWritesItOnRetry() throws {
    let root = try TemporaryFolder()
    let folder = root.url.appendingPathComponent("card")
    let vault = PhotoVault(writer: AtomicFileWriter(naming: naming))
    #expect(
      vault.save(photo(0), capturedAt: start, in: folder)
        == .kept(.folderMissing(folder: folder.path)))
    #expect(vault.retryPending().stillPending == 1)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let report = vault.retryPending()
    #expect(report.saved.count == 1)
    #expect(report.stillPending == 0)
    #expect(try report.saved.map { try Data(contentsOf: $0) } == [photo(0)])
  }

  @Test func refusesNewShotsAtCapacityWithoutDroppingOldOnes() throws {
    let root = try TemporaryFolder()
    let folder = root.url.appendingPathComponent("missing")
    let vault = PhotoVault(capacity: 2, writer: AtomicFileWriter(naming: naming))
    _ = vault.save(photo(0), capturedAt: date(0), in: folder)
    _ = vault.save(photo(1), capturedAt: date(1), in: folder)
    #expect(vault.isFull)
    #expect(
      vault.save(photo(2), capturedAt: date(2), in: folder)
        == .busy(.folderMissing(folder: folder.path)))
    #expect(vault.pending.map(\.data) == [photo(0), photo(1)])
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    guard case .saved = vault.save(photo(2), capturedAt: date(2), in: folder) else {
      Issue.record("room was not freed by the retry")
      return
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3)
  }

  @Test func changingFolderWritesEveryPendingPhotoThereOldestFirst() throws {
    let root = try TemporaryFolder()
    let vault = PhotoVault(writer: AtomicFileWriter(naming: naming))
    let missing = root.url.appendingPathComponent("unplugged")
    for index in 0..<3 { _ = vault.save(photo(index), capturedAt: date(index), in: missing) }
    let report = vault.changeFolder(to: root.url)
    #expect(report.stillPending == 0)
    #expect(try report.saved.map { try Data(contentsOf: $0) } == (0..<3).map(photo))
    #expect(report.saved.map(\.lastPathComponent) == report.saved.map(\.lastPathComponent).sorted())
  }

  @Test func triesBrokenFolderOncePerPass() throws {
    let root = try TemporaryFolder()
    let folder = root.url.appendingPathComponent("missing")
    let fileSystem = ScriptedFileSystem(.init())
    let vault = PhotoVault(writer: AtomicFileWriter(fileSystem: fileSystem, naming: naming))
    for index in 0..<4 { _ = vault.save(photo(index), capturedAt: date(index), in: folder) }
    let opensBefore = fileSystem.calls.count { $0 == "open" }
    let report = vault.retryPending()
    #expect(fileSystem.calls.count { $0 == "open" } == opensBefore + 1)
    #expect(report.stillPending == 4)
    #expect(report.lastError == .folderMissing(folder: folder.path))
  }

  @Test func concurrentShotsAreNeitherLostNorDuplicated() throws {
    let root = try TemporaryFolder()
    let folder = root.url.appendingPathComponent("later")
    let vault = PhotoVault(capacity: 200, writer: AtomicFileWriter(naming: naming))
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for shot in 0..<10 {
        let index = thread * 10 + shot
        _ = vault.save(photo(index), capturedAt: date(index), in: folder)
        if shot == 5 { vault.retryPending() }
      }
    }
    #expect(vault.pending.count == 80)
    #expect(Set(vault.pending.map(\.id)).count == 80)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    #expect(vault.retryPending().saved.count == 80)
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let contents = try Set(written.map { try Data(contentsOf: folder.appendingPathComponent($0)) })
    #expect(contents == Set((0..<80).map(photo)))
  }

  /// Lets a file-system hook look at the vault it writes for.
  final class VaultWatch: Sendable {
    let vault = Mutex<PhotoVault?>(nil)
    let heldDuringRetry = Mutex<Int?>(nil)
  }

  @Test func aPhotoARetryIsWritingStillCountsAsHeld() throws {
    let root = try TemporaryFolder()
    let folder = root.url.appendingPathComponent("card")
    let watch = VaultWatch()
    var script = ScriptedFileSystem.Script()
    script.beforeFirstMove = {
      let held = watch.vault.withLock { $0?.heldCount }
      watch.heldDuringRetry.withLock { $0 = held }
    }
    let vault = PhotoVault(
      writer: AtomicFileWriter(fileSystem: ScriptedFileSystem(script), naming: naming))
    watch.vault.withLock { $0 = vault }
    _ = vault.save(photo(0), capturedAt: start, in: folder)
    #expect(vault.heldCount == 1)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    #expect(vault.retryPending().saved.count == 1)
    // While the retry wrote it, the queue was empty but the photo was still held.
    #expect(watch.heldDuringRetry.withLock { $0 } == 1)
    #expect(vault.pending.isEmpty && vault.heldCount == 0)
  }
}
