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

  @Test func thePictureEasesOntoASoundCardThatRunsSlow() {
    // A sound card 1 % slower than the system clock: at each 1/30 s frame, the sample it
    // plays is behind the wall clock's position by 1 % of the time played.
    var clock = PlaybackClock(duration: 100, now: 0)
    var now = 0.0
    for _ in 0..<900 {
      now += 1.0 / 30
      clock.follow(soundPosition: now * 0.99, at: now)
    }
    // After 30 s the wall clock alone would be 0.3 s ahead of the sound; following, the
    // picture stays within a few frames' drift of it.
    #expect(abs(clock.position(at: now) - now * 0.99) < 0.005)
  }

  @Test func aSoundStepOfOneDeviceBufferMovesThePictureByATenth() {
    var clock = PlaybackClock(duration: 10, now: 0)
    clock.follow(soundPosition: 1 - 0.021, at: 1)
    #expect(abs(clock.position(at: 1) - (1 - 0.0021)) < 1e-9)
  }

  @Test func farSoundsPausesAndTheEndAreNotFollowed() {
    var clock = PlaybackClock(duration: 10, now: 0)
    // A seek the sound has not caught up with: a whole second apart.
    clock.follow(soundPosition: 0, at: 1)
    #expect(clock.position(at: 1) == 1)
    clock.follow(soundPosition: .nan, at: 1)
    #expect(clock.position(at: 1) == 1)
    clock.pause(at: 2)
    clock.follow(soundPosition: 2.2, at: 2)
    #expect(clock.position(at: 2) == 2)
    clock.play(at: 2)
    clock.seek(to: 10, at: 3)
    clock.follow(soundPosition: 9.8, at: 3)
    #expect(clock.position(at: 3) == 10)
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
