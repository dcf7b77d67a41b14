// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Foundation
import Testing

@testable import Commands

@Suite struct ReportFileTests {
  @Test func writesTheWholePageAndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/report.html"
    try ReportFile.write("<p>page</p>", to: path, force: false)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "<p>page</p>")
    #expect(try folder.names() == ["report.html"])
  }

  @Test func anExistingFileIsKeptAndNamedInTheRefusal() throws {
    let folder = try TemporaryFolder()
    let existing = try folder.makeFile("report.html", text: "old")
    #expect(throws: ReportFile.Failure.exists(path: existing.path)) {
      try ReportFile.write("new", to: existing.path, force: false)
    }
    #expect(try String(contentsOf: existing, encoding: .utf8) == "old")
    #expect(try folder.names() == ["report.html"])
    let message = ReportFile.Failure.exists(path: existing.path).userMessage
    #expect(message.contains(existing.path) && message.contains("--force"))
    #expect(ReportFile.problem(writing: existing.path, force: false) != nil)
  }

  @Test func forceReplacesTheFileInOneStep() throws {
    let folder = try TemporaryFolder()
    let existing = try folder.makeFile("report.html", text: "old")
    try ReportFile.write("new", to: existing.path, force: true)
    #expect(try String(contentsOf: existing, encoding: .utf8) == "new")
    #expect(try folder.names() == ["report.html"])
  }

  @Test func aFolderIsNotAReportFileEvenWithForce() throws {
    let folder = try TemporaryFolder()
    #expect(throws: ReportFile.Failure.isFolder(path: folder.path)) {
      try ReportFile.write("x", to: folder.path, force: true)
    }
  }

  @Test func aMissingFolderIsNamed() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/missing/report.html"
    do {
      try ReportFile.write("x", to: path, force: false)
      Issue.record("wrote into a missing folder")
    } catch {
      #expect(error.userMessage.contains(path))
    }
  }
}

@Suite struct ReportOptionsTests {
  @Test func checkWithControlsIsTheExerciserNotAConflict() throws {
    let options = try Options(parsing: ["--check", "--controls"])
    #expect(options.command == .check(seconds: 5, allModes: false))
    #expect(options.report.exercisesControls)
    #expect(options.report.path == nil)
    #expect(try Options(parsing: ["--controls"]).command == .controls)
  }

  @Test func reportTakesAFileAndForce() throws {
    let options = try Options(
      parsing: ["--check", "--all-modes", "--report", "out.html", "--force", "--controls"])
    #expect(options.command == .check(seconds: 3, allModes: true))
    #expect(options.report.path == "out.html")
    #expect(options.report.replacesExisting)
    #expect(options.report.exercisesControls)
  }

  @Test func reportNeedsCheckAndForceNeedsReport() {
    #expect(throws: OptionsError.optionNeedsCheck(option: "--report")) {
      try Options(parsing: ["--report", "x.html"])
    }
    #expect(throws: OptionsError.optionNeedsReport(option: "--force")) {
      try Options(parsing: ["--check", "--force"])
    }
    #expect(
      throws: OptionsError.invalidValue(option: "--report", value: "", expected: "a file name")
    ) {
      try Options(parsing: ["--check", "--report="])
    }
  }
}

@Suite(.serialized) struct ReportRunTests {
  @Test func aRunOnTheSimulatedCameraPlotsItsFramesAndExercisesTheNamedControl() throws {
    var run = ReportRun(
      seconds: 1, allModes: false,
      request: ModeRequest(size: FrameSize(width: 640, height: 360)), measuresModes: true,
      exercisesControls: true)
    run.controlNames = ["brightness"]
    var lines: [String] = []
    let outcome = run.run(
      source: CameraSource(.simulated(notice: nil)), shouldStop: { nil },
      say: { lines.append($0) })
    let mode = try #require(outcome.report.modes.first)
    #expect(mode.row.passed)
    #expect(mode.series.frameCount > 1)
    #expect(!mode.series.conversions.isEmpty)
    let controls = try #require(outcome.report.controls)
    #expect(controls.controls.map(\.control.commandLineName) == ["brightness"])
    #expect(controls.controls.first?.verdict == .changesPicture)
    #expect(controls.leftovers.isEmpty)
    #expect(outcome.passed)
    #expect(lines.contains { $0.contains("brightness") })
  }
}
