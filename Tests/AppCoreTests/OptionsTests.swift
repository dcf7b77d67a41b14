// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Testing

@Suite struct OptionsTests {
  @Test func defaultsToPreviewOfTheFirstCamera() throws {
    let options = try Options(parsing: [])
    #expect(options.command == .preview)
    #expect(options.camera == .automatic)
    #expect(options.modeRequest == ModeRequest())
  }

  @Test func parsesModeOverridesInBothSpellings() throws {
    let options = try Options(parsing: ["--size", "640x480", "--fps=15", "--format", "mjpg"])
    #expect(options.modeRequest.size == FrameSize(width: 640, height: 480))
    #expect(options.modeRequest.framesPerSecond == 15)
    #expect(options.modeRequest.format == .mjpeg)
  }

  @Test func checkTakesSecondsAndDefaultsToFive() throws {
    #expect(try Options(parsing: ["--check"]).command == .check(seconds: 5))
    #expect(try Options(parsing: ["--check", "--seconds", "3"]).command == .check(seconds: 3))
    #expect(try Options(parsing: ["--seconds", "3", "--check"]).command == .check(seconds: 3))
  }

  @Test func choosesCameras() throws {
    #expect(try Options(parsing: ["--camera", "sim"]).camera == .simulated)
    #expect(try Options(parsing: ["-d", "/dev/video2"]).camera == .device("/dev/video2"))
  }

  @Test func rejectsBadInputWithASentence() {
    #expect(throws: OptionsError.unknownOption("--bogus")) { try Options(parsing: ["--bogus"]) }
    #expect(throws: OptionsError.missingValue(option: "--size")) {
      try Options(parsing: ["--size"])
    }
    #expect(throws: OptionsError.optionNeedsCheck(option: "--seconds")) {
      try Options(parsing: ["--seconds", "2"])
    }
    do {
      _ = try Options(parsing: ["--size", "big"])
      Issue.record("expected an error")
    } catch {
      #expect(error.userMessage == "--size got 'big'; expected WIDTHxHEIGHT, e.g. 1280x720.")
    }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--camera", "front"]) }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--fps", "-3"]) }
  }
}
