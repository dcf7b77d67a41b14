// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import MediaStore
import Testing

/// Photos held in memory when the app quits go to `$XDG_DATA_HOME/pinhole/unsaved`.
@Suite struct UnsavedPhotosTests {
  let naming = PhotoNaming(timeZone: .gmt)
  let start = Date(timeIntervalSince1970: 1_796_043_787)

  @Test func followsXDGDataHomeThenHome() {
    #expect(
      UnsavedPhotos.folder(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])?.path
        == "/d/pinhole/unsaved")
    #expect(
      UnsavedPhotos.folder(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])?.path
        == "/h/.local/share/pinhole/unsaved")
    #expect(UnsavedPhotos.folder(environment: [:]) == nil)
  }

  @Test func photosKeptInMemoryAreWrittenToTheUnsavedFolderAtQuit() throws {
    let root = try TemporaryFolder()
    let missing = root.url.appendingPathComponent("unplugged-card")
    let vault = PhotoVault(writer: AtomicFileWriter(naming: naming))
    for index in 0..<3 {
      _ = vault.save(
        Data("photo \(index)".utf8), capturedAt: start.addingTimeInterval(Double(index)),
        in: missing)
    }
    #expect(vault.pending.count == 3)
    let lines = vault.rescueBeforeQuitting(environment: ["XDG_DATA_HOME": root.path + "/data"])
    let unsaved = root.url.appendingPathComponent("data/pinhole/unsaved")
    #expect(vault.pending.isEmpty)
    #expect(lines.first?.contains(unsaved.path) == true, "\(lines)")
    #expect(lines.count == 4)
    let names = try FileManager.default.contentsOfDirectory(atPath: unsaved.path).sorted()
    #expect(names.count == 3)
    let contents = try names.map {
      String(decoding: try Data(contentsOf: unsaved.appendingPathComponent($0)), as: UTF8.self)
    }
    #expect(contents == ["photo 0", "photo 1", "photo 2"])
  }

  @Test func saysPhotosAreLostOnlyWhenTheyCannotBeWrittenAnywhere() throws {
    let root = try TemporaryFolder()
    let vault = PhotoVault(writer: AtomicFileWriter(naming: naming))
    _ = vault.save(Data("p".utf8), capturedAt: start, in: root.url.appendingPathComponent("gone"))
    // A file where the unsaved folder would be created: nothing can be written there.
    try root.makeFile("blocker")
    let lines = vault.rescueBeforeQuitting(environment: ["XDG_DATA_HOME": root.path + "/blocker"])
    #expect(lines.count == 1)
    #expect(lines.first?.contains("are lost") == true, "\(lines)")
    // Said as what is in the way, not as a drive to reconnect.
    #expect(lines.first?.contains("\(root.path)/blocker is a file") == true, "\(lines)")
    #expect(lines.first?.contains("reconnect") == false, "\(lines)")
  }

  @Test func nothingWaitingSaysNothing() {
    #expect(PhotoVault().rescueBeforeQuitting(environment: ["HOME": "/nonexistent"]).isEmpty)
  }
}
