// SPDX-License-Identifier: MIT
import Foundation
import SDLPlatform
import Testing
import Workers

@Suite("Shutter sound", .serialized)
struct SoundPlayerTests {
  private static let shutterPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets/shutter.wav").path

  private func useAudioDriver(_ name: String, file: String? = nil) {
    setenv("SDL_AUDIODRIVER", name, 1)
    if let file { setenv("SDL_DISKAUDIOFILE", file, 1) }
  }

  /// Runs `body` with SDL's disk audio driver writing into a scratch file, removed afterwards.
  private func withDiskAudio(_ body: (URL) throws -> Void) rethrows {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-audio-\(UUID().uuidString).raw")
    defer { try? FileManager.default.removeItem(at: output) }
    useAudioDriver("disk", file: output.path)
    try body(output)
  }

  /// Bytes the disk driver has written to `output` so far.
  private func bytesWritten(to output: URL) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
  }

  private func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
    (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }

  @Test func shutterSoundIsAShortMono16BitClickAt48kHz() throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.shutterPath)))
    #expect(bytes.count < 30_000)
    #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WAVE".utf8))
    #expect(littleEndian(bytes, at: 22, count: 2) == 1, "channels")
    #expect(littleEndian(bytes, at: 24, count: 4) == 48_000, "sample rate")
    #expect(littleEndian(bytes, at: 34, count: 2) == 16, "bits per sample")
    let dataBytes = littleEndian(bytes, at: 40, count: 4)
    #expect(Double(dataBytes / 2) / 48_000 < 0.150)
  }

  @Test func playsTheClickThroughTheAudioDevice() {
    withDiskAudio { output in
      let player = SoundPlayer(soundPath: Self.shutterPath)
      player.play()
      #expect(player.status == .ready)
      // The disk driver writes in real time; the click is 120 ms long. Nothing can be awaited,
      // so the queue is polled against a generous deadline.
      let deadline = Date().addingTimeInterval(5)
      while player.queuedByteCount > 0, Date() < deadline { usleep(10_000) }
      #expect(player.queuedByteCount == 0)
      player.close()
      #expect(bytesWritten(to: output) > 0, "the device received no samples")
    }
  }

  @Test func mutedPlayerDoesNotOpenAudio() {
    useAudioDriver("dummy")
    let player = SoundPlayer(soundPath: Self.shutterPath)
    player.isMuted = true
    player.play()
    #expect(player.status == .notOpened)
    #expect(player.queuedByteCount == 0)
  }

  @Test func fallsSilentWhenThereIsNoAudioDevice() {
    useAudioDriver("no-such-driver")
    let player = SoundPlayer(soundPath: Self.shutterPath)
    player.play()
    guard case .unavailable = player.status else {
      Issue.record("expected no sound, got \(player.status)")
      return
    }
    player.play()
    #expect(player.queuedByteCount == 0)
  }

  @Test func fallsSilentWhenTheSoundFileIsMissing() {
    useAudioDriver("dummy")
    let player = SoundPlayer(soundPath: "/nonexistent/shutter.wav")
    player.play()
    guard case .unavailable(let reason) = player.status else {
      Issue.record("expected no sound, got \(player.status)")
      return
    }
    #expect(reason.contains("/nonexistent/shutter.wav"))
  }

  @Test func shutterSoundPlaysTheClickFromItsOwnThread() {
    withDiskAudio { output in
      let sound = ShutterSound(soundPath: Self.shutterPath)
      sound.play()
      sound.waitUntilPlayed()
      // The disk driver writes the queued click in real time from SDL's audio thread.
      let deadline = Date().addingTimeInterval(5)
      while bytesWritten(to: output) == 0, Date() < deadline { usleep(10_000) }
      sound.stop()
      sound.stop()
      #expect(bytesWritten(to: output) > 0, "the device received no samples")
    }
  }

  @Test func audioOutputOpensOnItsOwnThreadAndIsTakenOnce() throws {
    try withDiskAudio { _ in
      let ready = Semaphore()
      let opening = AudioOutputOpening(sampleRate: 48_000, channelCount: 2) { ready.signal() }
      #expect(ready.wait(timeout: .seconds(10)))
      let outcome = try #require(opening.take())
      #expect(outcome != nil, "the disk driver's device did not open")
      #expect(opening.take() == nil, "the outcome is given once")
    }
  }

  @Test func audioOutputThatCannotOpenLeavesTheVideoSilent() throws {
    useAudioDriver("no-such-driver")
    let ready = Semaphore()
    let opening = AudioOutputOpening(sampleRate: 48_000, channelCount: 2) { ready.signal() }
    #expect(ready.wait(timeout: .seconds(10)))
    let outcome = try #require(opening.take())
    #expect(outcome == nil)
  }
}
