// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Overlay
import PhotoPipeline
import Recording
import SDLPlatform

/// The video the viewer plays: its decoding thread, the clock that paces its pictures and the
/// sound device. Main thread only.
final class ViewerVideo {
  /// The name the playing picture is uploaded under.
  static let image = ImageID("viewer-video")
  /// How far ahead of the picture sound is queued, in seconds: SDL's queue needs a little in
  /// hand to play without gaps.
  static let soundLead = 0.1

  let url: URL
  let player: VideoPlayer
  var clock: PlaybackClock?
  var audio: AudioOutput?
  /// The sound device while it opens; the clock starts once it is open (or failed to).
  var audioOpening: AudioOutputOpening?
  var frameSize: Size?
  var hasFailed = false

  init(url: URL, wake: RenderWake) {
    self.url = url
    player = VideoPlayer(path: url.path, wake: { wake.wake() })
  }
}

extension PreviewApp {
  private var playbackNow: Double { Double(MonotonicTime.now().nanoseconds) / 1e9 }

  /// Starts playing `url` in the viewer, from the start.
  func startViewerVideo(_ url: URL) {
    stopViewerVideo()
    photos.video = ViewerVideo(url: url, wake: wake)
  }

  /// Ends playback and frees the player's thread, the sound device and the picture.
  func stopViewerVideo() {
    guard let video = photos.video else { return }
    video.player.stop()
    video.audio = nil
    video.audioOpening = nil
    backend.removeImage(ViewerVideo.image)
    photos.video = nil
  }

  /// Once per frame: shows the picture that is due, queues the sound that is due, and tells
  /// the viewer where playback stands. Stops when the viewer closed or moved to another file.
  func updateViewerVideo() {
    guard let video = photos.video else { return }
    guard photos.controller.viewerFile == video.url else { return stopViewerVideo() }
    guard !video.hasFailed, let clock = playbackClock(for: video) else { return }
    var current = clock
    let now = playbackNow
    if video.player.hasFinished, video.player.lastFrameTime > current.duration {
      current.setDuration(video.player.lastFrameTime, at: now)
    }
    if current.isPlaying, current.hasEnded(at: now) || video.player.hasFinished {
      current.pause(at: now)
      video.audio?.setPaused(true)
    }
    // With sound, the picture keeps to the sound card's clock.
    if let heard = video.audio?.playingPosition { current.follow(soundPosition: heard, at: now) }
    let position = current.position(at: now)
    if let due = video.player.takeFrame(upTo: position) {
      do {
        try backend.setVideoImage(ViewerVideo.image, frame: due.frame)
        video.frameSize = Size(
          width: Double(due.frame.size.width), height: Double(due.frame.size.height))
        needsPresent = true
      } catch {
        FileHandle.standardError.write(Data("pinhole: \(error.userMessage)\n".utf8))
      }
    }
    if current.isPlaying {
      for chunk in video.player.takeSound(upTo: position + ViewerVideo.soundLead)
      where chunk.time >= position - 0.3 {
        video.audio?.queue(chunk.samples, at: chunk.time)
      }
    }
    video.clock = current
    photos.controller.viewerVideoUpdated(
      ViewerPlayback(isPlaying: current.isPlaying, elapsed: position, duration: current.duration),
      image: video.frameSize == nil ? nil : ViewerVideo.image, size: video.frameSize,
      for: video.url)
  }

  /// The clock, made when the file has opened; nil while it opens. A file that will not open
  /// shows the "cannot open" tile.
  private func playbackClock(for video: ViewerVideo) -> PlaybackClock? {
    if let clock = video.clock { return clock }
    switch video.player.status {
    case .opening: return nil
    case .failed(let reason):
      video.hasFailed = true
      // The reason names the file and says it could not be played.
      FileHandle.standardError.write(Data("pinhole: \(reason)\n".utf8))
      photos.controller.viewerImageReady(Thumbnail.cannotOpenPlaceholder(), for: video.url)
      return nil
    case .open(let info):
      // The sound device opens off the render loop; playback starts when it is ready. No
      // sound device, or one that will not open: the video plays silent, without a notice.
      if let rate = info.sampleRate {
        if video.audioOpening == nil {
          video.audioOpening = AudioOutputOpening(
            sampleRate: rate, channelCount: info.channelCount, wake: { [wake] in wake.wake() })
        }
        guard let opened = video.audioOpening?.take() else { return nil }
        video.audio = opened
        video.audioOpening = nil
      }
      let clock = PlaybackClock(duration: info.duration, isPlaying: true, now: playbackNow)
      video.clock = clock
      return clock
    }
  }

  /// Play / pause and seeking in the viewer's video; false for any other action.
  func handleVideo(_ action: PhotoAction) -> Bool {
    let target: Double?
    guard let video = photos.video, var clock = video.clock else {
      switch action {
      case .togglePlayback, .seekVideo, .scrubVideo: return true
      default: return false
      }
    }
    let now = playbackNow
    switch action {
    case .togglePlayback:
      let wasEnded = clock.hasEnded(at: now) || (!clock.isPlaying && video.player.hasFinished)
      clock.toggle(at: now)
      if wasEnded, clock.isPlaying {
        clock.seek(to: 0, at: now)
        target = 0
      } else {
        target = nil
      }
      video.audio?.setPaused(!clock.isPlaying)
    case .seekVideo(by: let offset): target = clock.seek(by: offset, at: now)
    case .scrubVideo(toFraction: let fraction): target = clock.seek(toFraction: fraction, at: now)
    default: return false
    }
    if let target {
      video.player.seek(to: target)
      video.audio?.clear()
    }
    video.clock = clock
    needsPresent = true
    return true
  }
}
