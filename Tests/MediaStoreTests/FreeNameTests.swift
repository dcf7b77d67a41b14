// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import MediaStore
import SystemCalls
import Testing

@Suite("One naming rule: the first free name, never over a file")
struct FreeNameTests {
  /// A fresh folder holding `names`, each a file with its own name as contents.
  func folder(holding names: [String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "free-name-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for name in names { try Data(name.utf8).write(to: url.appendingPathComponent(name)) }
    return url
  }

  func contents(_ url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func aMovePassesOverTakenNamesAndReplacesNothing() throws {
    let dir = try folder(holding: ["new", "a", "a (2)"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let placed = try FreeName().move(dir.appendingPathComponent("new").path) { attempt in
      dir.appendingPathComponent(attempt == 1 ? "a" : "a (\(attempt))").path
    }
    #expect(placed == dir.appendingPathComponent("a (3)").path)
    #expect(contents(dir.appendingPathComponent("a")) == "a")
    #expect(contents(dir.appendingPathComponent("a (2)")) == "a (2)")
    #expect(contents(dir.appendingPathComponent("a (3)")) == "new")
  }

  @Test func exactOnlyRefusesATakenNameAndLeavesBothFiles() throws {
    let dir = try folder(holding: ["new", "a"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let source = dir.appendingPathComponent("new").path
    let target = dir.appendingPathComponent("a").path
    #expect(throws: FreeName.MoveFailure.allTaken(lastTried: target)) {
      try FreeName(.exactOnly).move(source) { _ in target }
    }
    #expect(contents(dir.appendingPathComponent("new")) == "new")
    #expect(contents(dir.appendingPathComponent("a")) == "a")
  }

  @Test func aLinkOrAFolderAtTheNameIsTakenToo() throws {
    let dir = try folder(holding: ["new", "elsewhere"])
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("a").path, withDestinationPath: "elsewhere")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("a (2)"), withIntermediateDirectories: false)
    let placed = try FreeName().move(dir.appendingPathComponent("new").path) { attempt in
      dir.appendingPathComponent(attempt == 1 ? "a" : "a (\(attempt))").path
    }
    #expect(placed.hasSuffix("/a (3)"))
    #expect(contents(dir.appendingPathComponent("elsewhere")) == "elsewhere")
  }

  @Test func anotherFailureEndsTheSearchWithItsCause() throws {
    let dir = try folder(holding: ["new"])
    defer { try? FileManager.default.removeItem(at: dir) }
    var tried = 0
    #expect(throws: FreeName.MoveFailure.self) {
      try FreeName().move(dir.appendingPathComponent("new").path) { _ in
        tried += 1
        return dir.appendingPathComponent("missing/a").path
      }
    }
    #expect(tried == 1)
  }

  @Test func theAttemptsAreBoundedAndAClaimSeesEachName() {
    var seen: [String] = []
    let none = FreeName(.firstFree(attempts: 3)).claim(name: { "n\($0)" }) { (name) -> Int? in
      seen.append(name)
      return nil
    }
    #expect(none == nil)
    #expect(seen == ["n1", "n2", "n3"])
    let second = FreeName().claim(name: { "n\($0)" }) { $0 == "n2" ? 42 : nil }
    #expect(second?.name == "n2" && second?.value == 42)
  }
}
