// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Commands
import Foundation
import Recording
import Synchronization
import Testing
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// A microphone that plays a 1 kHz tone from its own thread in real time, stamped the way the
/// SDL microphone stamps its buffers. Its first sound comes `firstSoundDelay` after it starts,
/// as a PulseAudio input's first buffer does (0.9–1.9 s after the device opens).
private final class ToneMicrophone: AudioInput, @unchecked Sendable {
  let format = AudioFormat(sampleRate: 48_000, channelCount: 1)
  let name = "tone"
  private let firstSoundDelay: Duration
  private let running = Mutex(false)
  private var thread: WorkerThread?

  init(firstSoundDelay: Duration = .zero) { self.firstSoundDelay = firstSoundDelay }

  func start(deliver: @escaping @Sendable (AudioChunk) -> Void) {
    running.withLock { $0 = true }
    let format = format
    thread = WorkerThread(name: "tone-microphone") { [self] in
      // The sound server's start-up: nothing is heard, and nothing delivered, meanwhile.
      let (seconds, attoseconds) = firstSoundDelay.components
      usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
      var position = 0
      let started = MonotonicTime.now()
      while running.withLock({ $0 }) {
        let samples = (0..<1024).map { index in
          Float(0.5 * sin(2 * Double.pi * 1000 * Double(position + index) / 48_000))
        }
        let time = started.nanoseconds + UInt64(position) * 1_000_000_000 / 48_000
        deliver(
          AudioChunk(
            samples: samples, channelCount: 1, sampleRate: format.sampleRate,
            captureTime: MonotonicTime(nanoseconds: time)))
        position += 1024
        // The device's pace: the next buffer is due 21.3 ms after this one started.
        let due = time + 1024 * 1_000_000_000 / 48_000
        let now = MonotonicTime.now().nanoseconds
        if due > now { usleep(UInt32((due - now) / 1000)) }
      }
    }
  }

  func stop() {
    running.withLock { $0 = false }
    thread?.join()
    thread = nil
  }
}

@Suite("Recording without a window", .serialized)
struct RecordRunnerTests {
  private final class Folder {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-record-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: url) }
  }

  private let simulated = CameraSource(.simulated(notice: nil))

  private func runner(
    _ arguments: [String], microphone: MicrophoneOpener? = nil
  ) throws -> RecordRunner {
    let options = try Options(parsing: arguments)
    let request = ModeRequest(size: FrameSize(width: 320, height: 240), framesPerSecond: 30)
    return RecordRunner(options: options, request: request, openMicrophone: microphone)
  }

  @Test func recordsVideoAndSoundIntoTheOutputFolderAndPrintsTheFigures() throws {
    let folder = Folder()
    let outcome = try runner(
      ["--record", "--duration", "1", "-o", folder.url.path], microphone: { ToneMicrophone() }
    ).run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    let lines = outcome.message.split(separator: "\n").map(String.init)
    let path = try #require(lines.first)
    #expect(path.hasPrefix(folder.url.path + "/Pinhole "))
    #expect(path.hasSuffix(".mp4"))
    // How many drop depends on the machine's load (the simulated camera skips frames when it
    // is late); that they are reported does not.
    #expect(lines.last?.contains(", dropped ") == true)
    #expect(lines.last?.contains("with sound") == true)
    let probe = try MediaProbe(path: path)
    #expect(probe.video?.codecName == "h264")
    #expect(probe.audio?.codecName == "aac")
    #expect((probe.video?.packetCount ?? 0) > 3)
  }

  @Test func theSoundStartsWithTheFirstFrameWhenTheMicrophoneIsSlowToGiveIt() throws {
    let folder = Folder()
    let file = folder.url.appendingPathComponent("late.mp4")
    let outcome = try runner(
      ["--record", file.path, "--duration", "1"],
      microphone: { ToneMicrophone(firstSoundDelay: .milliseconds(700)) }
    ).run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    // The tone (RMS 0.35) is there from the start: the first 0.3 s of sound, past the AAC
    // encoder's 21 ms of priming.
    let decoder = try VideoFileDecoder(path: file.path, wantsAudio: true)
    var squares = 0.0
    var count = 0
    while let output = decoder.next() {
      guard case .audio(let samples, let time) = output else { continue }
      for (index, sample) in samples.enumerated() {
        let at = time + Double(index) / 48_000
        guard at >= 0.03, at < 0.3 else { continue }
        squares += Double(sample) * Double(sample)
        count += 1
      }
    }
    #expect(count > 12_000)
    #expect((squares / Double(max(1, count))).squareRoot() > 0.25)
  }

  @Test func recordsVideoOnlyWithANoticeWhenTheMicrophoneFails() throws {
    struct NoDevice: Error, CustomStringConvertible { var description = "no input device" }
    let folder = Folder()
    let file = folder.url.appendingPathComponent("quiet.mp4")
    let outcome = try runner(
      ["--record", file.path, "--duration", "0.5"], microphone: { throw NoDevice() }
    ).run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    #expect(outcome.notices == ["no input device; recording video without sound."])
    let probe = try MediaProbe(path: file.path)
    #expect(probe.video != nil)
    #expect(probe.audio == nil)
  }

  @Test func refusesPassThroughFromACameraWithoutJPEGFrames() throws {
    let folder = Folder()
    let outcome = try runner(
      ["--record", folder.url.path + "/", "--duration", "0.5", "--codec", "mjpeg"]
    ).run(source: simulated)
    #expect(outcome.status == 1)
    #expect(outcome.message == RecordingError.notCompressed.userMessage)
  }

  @Test func recoversALeftOverRecordingBeforeRecording() throws {
    let folder = Folder()
    let first = try runner(["--record", folder.url.path + "/", "--duration", "0.5"])
      .run(source: simulated)
    let path = try #require(first.message.split(separator: "\n").first.map(String.init))
    let name = (path as NSString).lastPathComponent
    try FileManager.default.moveItem(
      atPath: path, toPath: folder.url.appendingPathComponent("." + name + ".part").path)
    let second = try runner(["--record", folder.url.path + "/", "--duration", "0.5"])
      .run(source: simulated)
    #expect(second.notices.count == 1)
    #expect(second.notices.first?.contains("was recovered: \(path)") == true)
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
