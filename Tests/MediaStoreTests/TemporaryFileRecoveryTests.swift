// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import MediaStore
import Testing

/// Temporary files a killed writer left: complete photos come back under a free name, broken
/// ones are set aside (never deleted), and fresh ones (being written now) are left alone.
@Suite struct TemporaryFileRecoveryTests {
  let naming = PhotoNaming(timeZone: .gmt)
  let written = Date(timeIntervalSince1970: 1_796_043_787)
  let completeJPEG = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x01, 0x02, 0xFF, 0xD9])

  func leave(_ data: Data, named name: String, in folder: TemporaryFolder) throws -> URL {
    let url = folder.url.appendingPathComponent(name)
    try data.write(to: url)
    try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: url.path)
    return url
  }

  @Test func completePhotosAreRenamedIntoPlaceWithoutReplacingAnything() throws {
    let folder = try TemporaryFolder()
    let taken = naming.fileName(
      base: naming.baseName(for: written), attempt: 1, fileExtension: "jpg")
    try folder.makeFile(taken, text: "an older photo")
    _ = try leave(completeJPEG, named: ".Pinhole-abc123.tmp", in: folder)
    let outcomes = TemporaryFileRecovery(naming: naming).recover(in: folder.url)
    let second = naming.fileName(
      base: naming.baseName(for: written), attempt: 2, fileExtension: "jpg")
    #expect(
      outcomes == [
        .recovered(
          from: folder.url.appendingPathComponent(".Pinhole-abc123.tmp"),
          to: folder.url.appendingPathComponent(second))
      ])
    #expect(try Data(contentsOf: folder.url.appendingPathComponent(second)) == completeJPEG)
    #expect(
      try Data(contentsOf: folder.url.appendingPathComponent(taken)) == Data("an older photo".utf8))
    #expect(try folder.names() == [taken, second].sorted())
  }

  @Test func brokenFilesAreSetAsideNotDeleted() throws {
    let folder = try TemporaryFolder()
    let cut = completeJPEG.prefix(6)
    _ = try leave(Data(cut), named: ".Pinhole-cut001.tmp", in: folder)
    _ = try leave(Data("not a photo".utf8), named: ".Pinhole-txt002.tmp", in: folder)
    let outcomes = TemporaryFileRecovery(naming: naming).recover(in: folder.url)
    #expect(outcomes.count == 2)
    #expect(try folder.names() == [".Pinhole-cut001.damaged", ".Pinhole-txt002.damaged"])
    #expect(
      try Data(contentsOf: folder.url.appendingPathComponent(".Pinhole-cut001.damaged"))
        == Data(cut))
    #expect(outcomes.allSatisfy { $0.message.contains(".damaged") })
  }

  @Test func freshTemporaryFilesAreBeingWrittenAndLeftAlone() throws {
    let folder = try TemporaryFolder()
    try completeJPEG.write(to: folder.url.appendingPathComponent(".Pinhole-live01.tmp"))
    #expect(TemporaryFileRecovery(naming: naming).recover(in: folder.url).isEmpty)
    #expect(try folder.names() == [".Pinhole-live01.tmp"])
  }
}
