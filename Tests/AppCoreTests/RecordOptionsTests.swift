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
