// SPDX-License-Identifier: MIT
import AppCore
import Recording
import Testing

@Suite struct RecordOptionsTests {
  @Test func recordTakesAnOptionalPathDurationCodecAndMute() throws {
    #expect(try Options(parsing: ["--record"]).command == .record(path: nil))
    let options = try Options(parsing: [
      "--record", "/tmp/a.mkv", "--duration", "2.5", "--no-audio", "--codec", "MJPEG",
    ])
    #expect(options.command == .record(path: "/tmp/a.mkv"))
    #expect(options.recordDuration == 2.5)
    #expect(options.isAudioMuted)
    #expect(options.recordCodec == .mjpeg)
    #expect(try Options(parsing: ["--record", "--camera", "sim"]).command == .record(path: nil))
  }

  @Test func simMicrophoneGivesTheSimulatedCameraAClickingMicrophone() throws {
    let options = try Options(parsing: ["--camera", "sim", "--sim-microphone", "--record"])
    #expect(options.isMicrophoneSimulated)
    #expect(try !Options(parsing: ["--record"]).isMicrophoneSimulated)
    let source = CameraSource(.simulated(notice: nil), syncBeacon: true)
    #expect(source.syncBeacon != nil)
    #expect(source.simulatedMicrophoneOpener != nil)
    #expect(CameraSource(.simulated(notice: nil)).simulatedMicrophoneOpener == nil)
  }

  @Test func rejectsABadCodecAndADurationWithoutRecord() {
    #expect(
      throws: OptionsError.invalidValue(option: "--codec", value: "vp9", expected: "h264 or mjpeg")
    ) {
      try Options(parsing: ["--record", "--codec", "vp9"])
    }
    #expect(throws: OptionsError.optionNeedsRecord(option: "--duration")) {
      try Options(parsing: ["--duration", "3"])
    }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--record", "--duration", "-1"]) }
  }
}

@Suite struct ActionConflictTests {
  @Test func refusesTwoActionsWhicheverComesFirst() {
    for arguments in [
      ["--snapshot", "a.jpg", "--record", "b.mp4"], ["--record", "b.mp4", "--snapshot", "a.jpg"],
      ["--list", "--record"], ["--scan", "code.pgm", "--record"], ["--check", "--list"],
      ["--controls", "--snapshot"],
    ] {
      #expect(throws: OptionsError.self, "\(arguments)") { try Options(parsing: arguments) }
    }
    #expect(
      throws: OptionsError.conflictingActions(["--snapshot", "--record"])
    ) { try Options(parsing: ["--snapshot", "a.jpg", "--record", "b.mp4"]) }
  }

  @Test func refusesOneActionGivenTwice() {
    #expect(throws: OptionsError.conflictingActions(["--record", "--record"])) {
      try Options(parsing: ["--record", "a.mp4", "--record", "b.mp4"])
    }
  }

  @Test func saysWhichActionsCollide() {
    let sentence = OptionsError.conflictingActions(["--snapshot", "--record"]).userMessage
    #expect(sentence.contains("--snapshot and --record cannot be combined"))
    #expect(
      OptionsError.conflictingActions(["--record", "--record"]).userMessage.contains("twice"))
  }

  @Test func helpAndVersionStillAnswerBesideAnAction() throws {
    #expect(try Options(parsing: ["--record", "--help"]).command == .help)
    #expect(try Options(parsing: ["--snapshot", "--list", "--version"]).command == .version)
  }

  @Test func capsTheRecordingDurationAtAWeek() throws {
    #expect(try Options(parsing: ["--record", "--duration", "604800"]).recordDuration == 604_800)
    for text in ["604801", "9.3e15", "1e308"] {
      #expect(throws: OptionsError.self, "\(text)") {
        try Options(parsing: ["--record", "--duration", text])
      }
    }
  }
}
