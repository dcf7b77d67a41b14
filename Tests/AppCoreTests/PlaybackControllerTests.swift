// SPDX-License-Identifier: MIT
import Overlay
import Testing

@testable import AppCore

@Suite("Viewer playback controller")
struct PlaybackControllerTests {
  func report(finished: Bool = false, last: Double = 0, sound: Double? = nil)
    -> PlaybackController.Report
  {
    PlaybackController.Report(
      hasPlayerFinished: finished, lastFrameTime: last, soundPosition: sound)
  }

  func step(
    _ playback: inout PlaybackController, _ report: PlaybackController.Report, at now: Double
  ) throws -> PlaybackController.Step {
    let step = playback.step(report, at: now)
    return try #require(step)
  }

  @Test func nothingHappensBeforeTheFileOpensButPlaybackKeysAreTaken() {
    var playback = PlaybackController()
    #expect(playback.step(report(), at: 1) == nil)
    #expect(playback.handle(.togglePlayback, hasPlayerFinished: false, at: 1) == [])
    #expect(playback.handle(.shutter, hasPlayerFinished: false, at: 1) == nil)
    #expect(playback.controls(position: 0) == nil)
  }

  @Test func itPlaysFromTheStartAndQueuesSoundALittleAhead() throws {
    var playback = PlaybackController()
    playback.start(duration: 10, at: 100)
    let step = try step(&playback, report(), at: 102)
    #expect(step.position == 2)
    #expect(step.soundUpTo == 2 + PlaybackController.soundLead)
    #expect(step.effects.isEmpty)
    #expect(
      playback.controls(position: 2) == ViewerPlayback(isPlaying: true, elapsed: 2, duration: 10))
  }

  @Test func theEndPausesTheSoundOnceAndPlayStartsAgainFromTheBeginning() throws {
    var playback = PlaybackController()
    playback.start(duration: 3, at: 0)
    let end = try step(&playback, report(), at: 3.5)
    #expect(end.effects == [.pauseSound(true)])
    #expect(end.soundUpTo == nil)
    #expect(try step(&playback, report(), at: 4).effects.isEmpty)
    #expect(
      playback.handle(.togglePlayback, hasPlayerFinished: true, at: 5) == [
        .pauseSound(false), .seek(to: 0),
      ])
    #expect(try step(&playback, report(), at: 6).position == 1)
  }

  @Test func aFileLongerThanItsHeaderSaidPlaysToItsLastPicture() throws {
    var playback = PlaybackController()
    playback.start(duration: 2, at: 0)
    // Its last picture, at 2.5 s, was shown: the length becomes 2.5 s, and playback pauses
    // there.
    let step = try step(&playback, report(finished: true, last: 2.5), at: 2.6)
    #expect(playback.clock?.duration == 2.5)
    #expect(step.effects == [.pauseSound(true)])
  }

  @Test func pauseAndSeekingMoveThePlayerAndDropQueuedSound() throws {
    var playback = PlaybackController()
    playback.start(duration: 20, at: 0)
    #expect(
      playback.handle(.togglePlayback, hasPlayerFinished: false, at: 4) == [.pauseSound(true)])
    #expect(try step(&playback, report(), at: 9).position == 4)
    #expect(playback.handle(.seekVideo(by: 5), hasPlayerFinished: false, at: 9) == [.seek(to: 9)])
    #expect(playback.handle(.seekVideo(by: -30), hasPlayerFinished: false, at: 9) == [.seek(to: 0)])
    #expect(
      playback.handle(.scrubVideo(toFraction: 0.5), hasPlayerFinished: false, at: 9) == [
        .seek(to: 10)
      ])
    let step = try step(&playback, report(), at: 10)
    #expect(step.position == 10)
    #expect(step.soundFrom == 10 - PlaybackController.staleSound)
  }

  @Test func thePictureFollowsTheSoundCard() throws {
    var playback = PlaybackController()
    playback.start(duration: 20, at: 0)
    let free = try step(&playback, report(), at: 5).position
    var following = PlaybackController()
    following.start(duration: 20, at: 0)
    // The sound card is behind: the picture's clock is pulled toward it.
    let pulled = try step(&following, report(sound: 4.8), at: 5).position
    #expect(pulled < free)
    #expect(pulled >= 4.8)
  }
}
