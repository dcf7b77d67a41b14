// SPDX-License-Identifier: MIT
import CameraModel

/// A video's controls in the viewer: a play / pause button and a timeline between the elapsed
/// and total times, in a row below the picture.
extension ViewerScreen {
  /// The play button and the timeline in a row of `height` below `area`, the timeline between
  /// the elapsed and total times.
  static func playbackControls(
    _ viewer: ViewerState, below area: Rect, height: Double, layout: PhotoLayout,
    painter: PhotoPainter
  ) -> (Rect?, Rect?, Rect?) {
    guard let playback = viewer.playback, height > 0 else { return (nil, nil, nil) }
    let button = layout.px(40)
    let centerY = area.maxY + height / 2
    let play = Rect(
      x: area.minX, y: (centerY - button / 2).rounded(), width: button, height: button)
    let size = layout.px(13)
    let timeWidth =
      max(
        painter.width(of: PlaybackTime.durationLabel(playback.duration), size: size),
        painter.width(of: "0:00", size: size)) + layout.px(12)
    let trackHeight = layout.px(4)
    let start = play.maxX + layout.px(8) + timeWidth
    let end = area.maxX - timeWidth
    let track = Rect(
      x: start, y: (centerY - trackHeight / 2).rounded(), width: max(end - start, 0),
      height: trackHeight)
    let hit = Rect(x: track.minX, y: play.minY, width: track.width, height: play.height)
    return (play, track, hit)
  }

  /// The fraction of the timeline at horizontal position `x`, 0…1.
  func timelineFraction(atX x: Double) -> Double? {
    guard let timeline, timeline.width > 0 else { return nil }
    return min(max((x - timeline.minX) / timeline.width, 0), 1)
  }

  /// Draws a video's play button, times and timeline below the picture.
  func drawPlayback(
    into painter: inout PhotoPainter, responses: PhotoUIResponses, theme: OverlayTheme
  ) {
    guard let playback = viewer.playback, let playButton, let timeline else { return }
    let response = responses.play
    if response.isPressed || response.isHovered {
      let color = response.isPressed ? theme.pressColor : theme.hoverColor
      painter.fill(playButton, color, radius: playButton.width / 2)
    }
    let center = playButton.center
    if playback.isPlaying {
      let bar = Rect(x: 0, y: 0, width: painter.px(4), height: painter.px(14))
      painter.fill(
        Rect.centered(at: Point(x: center.x - painter.px(4), y: center.y), size: bar.size), .white)
      painter.fill(
        Rect.centered(at: Point(x: center.x + painter.px(4), y: center.y), size: bar.size), .white)
    } else {
      let half = painter.px(8)
      let left = center.x - half * 0.6
      painter.fillRows(top: center.y - half, bottom: center.y + half, .white) { y in
        (left, left + half * 1.6 * (1 - abs(y - center.y) / half))
      }
    }
    let size = painter.px(13)
    painter.text(
      PlaybackTime.label(playback.elapsed), leading: playButton.maxX + painter.px(8),
      centerY: center.y, size: size, theme.textColor)
    painter.text(
      PlaybackTime.durationLabel(playback.duration), leading: timeline.maxX + painter.px(12),
      centerY: center.y, size: size, theme.secondaryTextColor)
    let radius = timeline.height / 2
    painter.fill(timeline, OverlayTheme.timelineTrackColor, radius: radius)
    let filled = Rect(
      x: timeline.minX, y: timeline.minY, width: timeline.width * playback.progress,
      height: timeline.height)
    painter.fill(filled, .white, radius: radius)
    painter.disc(Point(x: filled.maxX, y: timeline.center.y), radius: painter.px(6), .white)
  }
}
