// SPDX-License-Identifier: MIT

import CameraTestSupport
import Foundation
import Testing

@Suite(
  "Golden assertion",
  .disabled(
    if: ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1",
    "recording mode rewrites goldens instead of comparing"))
struct GoldenAssertionTests {
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("pinhole-golden-\(UInt64.random(in: 0...UInt64.max))")

  private var golden: GoldenAssertion {
    GoldenAssertion(filePath: folder.appendingPathComponent("SomeTests.swift").path)
  }

  private func image(_ value: UInt8) -> PPM.Image {
    PPM.Image(width: 2, height: 2, rgb: [UInt8](repeating: value, count: 12))
  }

  private func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("Golden/\(name)").path)
  }

  @Test func missingGoldenIsRecordedAndFails() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: GoldenAssertion.Failure.self) { try golden.verify(image(10), named: "a") }
    #expect(exists("a.png"))
    try golden.verify(image(10), named: "a")
  }

  @Test func smallDifferencesPassAndLargeOnesWriteActualAndDiff() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try? golden.verify(image(10), named: "b")
    try golden.verify(image(12), named: "b", tolerance: 2)
    #expect(throws: GoldenAssertion.Failure.self) {
      try golden.verify(image(13), named: "b", tolerance: 2)
    }
    #expect(exists("b.actual.png") && exists("b.diff.png"))
    try golden.verify(image(10), named: "b")
    #expect(!exists("b.actual.png") && !exists("b.diff.png"))
  }

  @Test func changedTextSnapshotFails() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try? golden.verify(text: "fillRect\n", named: "c")
    try golden.verify(text: "fillRect\n", named: "c")
    #expect(throws: GoldenAssertion.Failure.self) {
      try golden.verify(text: "ring\n", named: "c")
    }
    #expect(exists("c.actual.txt"))
  }
}
