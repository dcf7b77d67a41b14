// SPDX-License-Identifier: MIT
import Recording
import Testing

@Suite struct PlaybackClockTests {
  @Test func runsWhilePlayingAndHoldsWhilePaused() {
    var clock = PlaybackClock(duration: 10, now: 100)
    #expect(clock.position(at: 102.5) == 2.5)
    clock.pause(at: 103)
    #expect(!clock.isPlaying)
    #expect(clock.position(at: 200) == 3)
    clock.toggle(at: 200)
    #expect(clock.isPlaying)
    #expect(clock.position(at: 201) == 4)
  }

  @Test func seeksStayWithinTheVideoAndKeepPlayOrPause() {
    var clock = PlaybackClock(duration: 10, now: 0)
    #expect(clock.seek(by: 5, at: 1) == 6)
    #expect(clock.seek(by: 5, at: 1) == 10)
    #expect(clock.seek(by: -15, at: 1) == 0)
    #expect(clock.isPlaying)
    clock.pause(at: 2)
    #expect(clock.seek(toFraction: 0.25, at: 3) == 2.5)
    #expect(clock.position(at: 9) == 2.5)
    #expect(clock.seek(toFraction: 7, at: 3) == 10)
    #expect(clock.seek(to: .nan, at: 3) == 0)
  }

  @Test func stopsAtTheEndAndPlaysAgainFromTheStart() {
    var clock = PlaybackClock(duration: 3, now: 0)
    #expect(clock.position(at: 50) == 3)
    #expect(clock.hasEnded(at: 50))
    #expect(clock.progress(at: 50) == 1)
    clock.toggle(at: 50)
    #expect(clock.isPlaying)
    #expect(clock.position(at: 51) == 1)
  }

  @Test func takesALaterDurationWithoutJumping() {
    var clock = PlaybackClock(duration: 0, now: 0)
    #expect(clock.position(at: 5) == 0)
    clock.setDuration(4, at: 5)
    #expect(clock.position(at: 6) == 1)
    clock.setDuration(-.infinity, at: 6)
    #expect(clock.duration == 0)
  }
}
