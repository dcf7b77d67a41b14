// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import Testing
import Workers

@Suite struct VideoPlayerTests {
  /// Waits up to 20 s for `condition`, checking after each wake of the player.
  private func wait(
    _ player: VideoPlayer, _ wakes: Inbox<Int>, until condition: () -> Bool
  ) -> Bool {
    let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
    while !condition() {
      guard MonotonicTime.now().nanoseconds < deadline else { return false }
      _ = wakes.waitAndDrain(timeout: .milliseconds(500))
    }
    return true
  }

  /// A synthetic recording written into `folder`, and a player opened on it whose wakes land
  /// in the inbox returned with it.
  private func playSyntheticClip(in folder: TemporaryFolder) throws -> (VideoPlayer, Inbox<Int>) {
    let destination = RecordingDestination(
      exactPath: folder.url.appendingPathComponent("clip.mp4"))
    _ = try SyntheticRecording().record(to: destination)
    let wakes = Inbox<Int>(capacity: 64, overflow: .dropOldest)
    let player = VideoPlayer(path: destination.finalURL.path) { _ = wakes.post(1) }
    return (player, wakes)
  }

  @Test func handsOutDuePicturesAndMovesOnASeek() throws {
    let folder = try TemporaryFolder()
    let (player, wakes) = try playSyntheticClip(in: folder)
    defer { player.stop() }
    #expect(wait(player, wakes) { player.status != .opening })
    guard case .open(let info) = player.status else {
      Issue.record("not open: \(player.status)")
      return
    }
    #expect(info.size == FrameSize(width: 320, height: 240))
    var first: (frame: NV12Frame, time: Double)?
    #expect(
      wait(player, wakes) {
        first = player.takeFrame(upTo: 0.01); return first != nil
      })
    #expect(first?.time ?? 1 < 0.01)
    // Pictures not yet due stay.
    #expect(player.takeFrame(upTo: 0.01) == nil)
    // Pictures due by 0.2 s come out as they are decoded, the newest due one each time.
    var later: (frame: NV12Frame, time: Double)?
    #expect(
      wait(player, wakes) {
        if let due = player.takeFrame(upTo: 0.2) { later = due }
        return (later?.time ?? 0) > 0.15
      })
    #expect((later?.time ?? 1) <= 0.2)

    player.seek(to: 1.5)
    var sought: (frame: NV12Frame, time: Double)?
    #expect(
      wait(player, wakes) {
        sought = player.takeFrame(upTo: 1.5); return sought != nil
      })
    #expect(abs((sought?.time ?? 0) - 1.5) < 0.05)
    // The sound before the target was skipped.
    #expect(player.takeSound(upTo: 3).allSatisfy { $0.time >= 1.5 })
  }

  @Test func reportsAFileThatIsNotAVideo() throws {
    let folder = try TemporaryFolder()
    let junk = try folder.makeFile("junk.mp4", text: "nothing")
    let wakes = Inbox<Int>(capacity: 64, overflow: .dropOldest)
    let player = VideoPlayer(path: junk.path) { _ = wakes.post(1) }
    defer { player.stop() }
    #expect(wait(player, wakes) { player.status != .opening })
    if case .failed = player.status {} else { Issue.record("opened junk: \(player.status)") }
  }

  @Test func decodesSoundAheadOnlyUpToItsBound() throws {
    let folder = try TemporaryFolder()
    // One picture and 20 s of 8-channel sound: decoded whole, 30 MB of floats.
    let path = folder.url.appendingPathComponent("long-sound.mkv").path
    _ = try ExternalTool.run(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "color=s=64x64:r=25:d=0.04", "-f", "lavfi", "-i",
        "sine=f=440:r=48000:d=20", "-ac", "8", "-c:v", "mjpeg", "-c:a", "flac", path,
      ])
    let wakes = Inbox<Int>(capacity: 64, overflow: .dropOldest)
    let player = VideoPlayer(path: path) { _ = wakes.post(1) }
    defer { player.stop() }
    let bound = VideoPlayer.bufferedSoundSeconds
    #expect(
      wait(player, wakes) { player.bufferedSound >= bound || player.hasDecodedEverything })
    guard case .open(let info) = player.status else {
      Issue.record("not open: \(player.status)")
      return
    }
    #expect(info.channelCount == 8)
    #expect(!player.hasDecodedEverything)
    // One FLAC frame (4608 samples, under 0.1 s) past the bound at most.
    #expect(player.bufferedSound < bound + 0.1)
    // Taking a second of it lets the thread decode the next.
    let taken = player.takeSound(upTo: 1)
    #expect(!taken.isEmpty)
    #expect(wait(player, wakes) { player.bufferedSound >= bound })
    #expect((player.takeSound(upTo: 100).first?.time ?? 0) > 0.9)
  }
}

extension VideoPlayerTests {
  @Test func stopEndsAPlayerWaitingWithFullBuffers() throws {
    let folder = try TemporaryFolder()
    let (player, wakes) = try playSyntheticClip(in: folder)
    // Nothing is taken: once the buffers are full the thread waits for commands without a
    // time limit, and only `stop()` can end it.
    #expect(wait(player, wakes) { player.lastFrameTime > 0.2 })
    let stopped = Semaphore()
    let stopper = WorkerThread(name: "test-stopper") {
      player.stop()
      player.stop()
      stopped.signal()
    }
    let hasStopped = stopped.wait(timeout: .seconds(10))
    #expect(hasStopped)
    if hasStopped { stopper.join() }
  }
}
