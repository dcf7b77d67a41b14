// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

/// A video in the 512x288 viewer: its picture area ends at y 224, and the controls row below it
/// is centred at y 248: the play button at x 16…56, then the timeline, whose middle is at x 280
/// whatever the width of the time labels either side.
@Suite("Video viewer")
struct VideoViewerTests {
  private func state(isPlaying: Bool = true) -> OverlayState {
    var viewer = OverlayScene.viewer
    viewer.playback = ViewerPlayback(isPlaying: isPlaying, elapsed: 1.2, duration: 3.1)
    return OverlayScene.photoState {
      $0.thumbnails = OverlayScene.thumbnails
      $0.viewer = viewer
    }
  }

  private func actions(_ input: OverlayInput, _ state: OverlayState) -> [OverlayAction] {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  private func key(_ key: Key) -> OverlayInput {
    OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(key)])
  }

  @Test func durationBadgeCountsWholeSecondsAndAtLeastOne() {
    #expect(PlaybackTime.durationLabel(3.63) == "0:03")
    #expect(PlaybackTime.durationLabel(3.0) == "0:03")
    #expect(PlaybackTime.durationLabel(0.2) == "0:01")
    #expect(PlaybackTime.durationLabel(0) == "0:00")
    #expect(PlaybackTime.durationLabel(65) == "1:05")
    #expect(PlaybackTime.durationLabel(3723) == "1:02:03")
  }

  @Test func elapsedTimeCountsWholeSecondsAndSurvivesNonsense() {
    #expect(PlaybackTime.label(2.97) == "0:02")
    #expect(PlaybackTime.label(-4) == "0:00")
    #expect(PlaybackTime.label(.nan) == "0:00")
    #expect(PlaybackTime.label(.infinity) == "0:00")
    #expect(PlaybackTime.label(1e300) == "99:59:59")
  }

  @Test func spacePlaysAndPausesAndArrowsSeekFiveSeconds() {
    #expect(actions(key(.space), state()) == [.photo(.togglePlayback)])
    #expect(actions(key(.left), state()) == [.photo(.seekVideo(by: -5))])
    #expect(actions(key(.right), state()) == [.photo(.seekVideo(by: 5))])
    #expect(actions(key(.delete), state()) == [.photo(.trashCurrent)])
  }

  @Test func playButtonAndTimelineRaiseTheirIntents() {
    #expect(
      actions(OverlayScene.tap(at: Point(x: 36, y: 248)), state()) == [
        .photo(.togglePlayback)
      ])
    let seek = actions(OverlayScene.tap(at: Point(x: 280, y: 248)), state())
    guard case .photo(.scrubVideo(toFraction: let fraction))? = seek.first else {
      Issue.record("no seek: \(seek)")
      return
    }
    #expect(abs(fraction - 0.5) < 0.01)
  }

  @Test func stripShowsTheDurationBadgeOfAVideo() {
    let item = ThumbnailItem(
      id: ImageID("v"), aspect: 16.0 / 9.0, isVideo: true, durationLabel: "0:03")
    let state = OverlayScene.photoState { $0.thumbnails = [item] }
    let commands = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: OverlayInput(windowSize: OverlayScene.windowSize), state: state).commands
    let texts = commands.compactMap { command -> String? in
      if case .text(let string, _, _, _) = command { return string }
      return nil
    }
    #expect(texts.contains("0:03"))
  }
}
