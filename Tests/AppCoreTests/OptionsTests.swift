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
      #expect(
        error.userMessage
          == "--size got 'big'; expected WIDTHxHEIGHT, e.g. 1280x720, each side from 1 to 65535.")
    }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--camera", "front"]) }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--fps", "-3"]) }
  }
}

@Suite struct OptionsPhotoAndControlTests {
  @Test func snapshotTakesAnOptionalPath() throws {
    #expect(try Options(parsing: ["--snapshot"]).command == .snapshot(path: nil))
    #expect(try Options(parsing: ["--snapshot", "a.jpg"]).command == .snapshot(path: "a.jpg"))
    let options = try Options(parsing: ["--snapshot", "--camera", "sim"])
    #expect(options.command == .snapshot(path: nil))
    #expect(options.camera == .simulated)
  }

  @Test func parsesControlSettingsInOrder() throws {
    let options = try Options(parsing: ["--set", "focus_auto=0", "--set=focus_absolute=120"])
    #expect(options.controlSettings.map(\.name) == ["focus_auto", "focus_absolute"])
    #expect(options.controlSettings.map(\.value) == ["0", "120"])
    #expect(throws: OptionsError.self) { try Options(parsing: ["--set", "=3"]) }
  }

  @Test func parsesFocusPointsInsideTheImage() throws {
    #expect(try Options(parsing: ["--focus-at", "0.25,0.75"]).focusPoint?.x == 0.25)
    #expect(try Options(parsing: ["--camera", "sim", "--still-scene"]).isSceneStill)
    #expect(try Options(parsing: ["--camera", "sim"]).isSceneStill == false)
    #expect(throws: OptionsError.self) { try Options(parsing: ["--focus-at", "1.5,0"]) }
  }

  @Test func allModesGoesWithCheck() throws {
    #expect(
      try Options(parsing: ["--check", "--all-modes"]).command
        == .check(seconds: 3, allModes: true))
    #expect(throws: OptionsError.optionNeedsCheck(option: "--all-modes")) {
      try Options(parsing: ["--all-modes"])
    }
  }

  @Test func parsesOutputFolderAndBurst() throws {
    let options = try Options(parsing: ["-o", "/tmp/shots", "--burst", "5"])
    #expect(options.outputDirectory == "/tmp/shots")
    #expect(options.burstCount == 5)
    #expect(throws: OptionsError.self) { try Options(parsing: ["--burst", "0"]) }
  }

  @Test func parsesPhotoQuality() throws {
    #expect(try Options(parsing: []).photoQuality == .speed)
    #expect(try Options(parsing: ["--quality", "Balanced"]).photoQuality == .balanced)
    #expect(try Options(parsing: ["--quality=quality"]).photoQuality == .quality)
    #expect(
      throws: OptionsError.invalidValue(
        option: "--quality", value: "best", expected: "speed, balanced or quality")
    ) { try Options(parsing: ["--quality", "best"]) }
  }
}

@Suite struct DesktopOptionsTests {
  @Test func parsesStartModeKeepCameraOpenAndNewWindow() throws {
    let options = try Options(parsing: ["--mode", "Video", "--keep-camera-open", "--new-window"])
    #expect(options.command == .preview)
    #expect(options.desktop.startMode == .video)
    #expect(options.desktop.keepsCameraOpen)
    #expect(options.desktop.opensNewWindow)
    #expect(try Options(parsing: ["--mode=scan"]).desktop.startMode == .scan)
    #expect(try Options(parsing: []).desktop == DesktopOptions())
  }

  @Test func refusesAnUnknownMode() {
    #expect(
      throws: OptionsError.invalidValue(
        option: "--mode", value: "movie", expected: "photo, video or scan")
    ) { try Options(parsing: ["--mode", "movie"]) }
    #expect(throws: OptionsError.missingValue(option: "--mode")) {
      try Options(parsing: ["--mode"])
    }
  }
}
