// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Overlay
import PhotoPipeline
import Recording

/// The video the viewer plays: its decoding thread, the sound device and the playback rules.
/// Main thread only.
final class ViewerVideo {
  /// The name the playing picture is uploaded under.
  static let image = ImageID("viewer-video")

  let url: URL
  let player: VideoPlayer
  var playback = PlaybackController()
  var audio: (any SoundOutput)?
  /// The sound device while it opens; playback starts once it is open (or failed to).
  var audioOpening: (any SoundOutputOpening)?
  var frameSize: Size?
  /// Clockwise quarter turns the file asks for (a turned recording's display matrix).
  var quarterTurns = 0
  var hasFailed = false

  init(url: URL, wake: @escaping @Sendable () -> Void) {
    self.url = url
    player = VideoPlayer(path: url.path, wake: wake)
  }
}

extension CameraWindow {
  private var playbackNow: Double {
    MonotonicTime.now().seconds(since: MonotonicTime(nanoseconds: 0))
  }

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
    platform?.removeImage(ViewerVideo.image)
    photos.video = nil
  }

  /// Once per frame: shows the picture that is due, queues the sound that is due, and tells
  /// the viewer where playback stands. Stops when the viewer closed or moved to another file.
  func updateViewerVideo() {
    guard let video = photos.video else { return }
    guard photos.controller.viewerFile == video.url else { return stopViewerVideo() }
    guard !video.hasFailed, startPlayback(of: video) else { return }
    let report = PlaybackController.Report(
      hasPlayerFinished: video.player.hasFinished, lastFrameTime: video.player.lastFrameTime,
      soundPosition: video.audio?.playingPosition)
    guard let step = video.playback.step(report, at: playbackNow) else { return }
    perform(step.effects, on: video)
    if let due = video.player.takeFrame(upTo: step.position) {
      if platform?.setVideoImage(
        ViewerVideo.image, frame: due.frame, quarterTurns: video.quarterTurns) == true
      {
        let size = due.frame.size
        let isSideways = video.quarterTurns % 2 == 1
        video.frameSize = Size(
          width: Double(isSideways ? size.height : size.width),
          height: Double(isSideways ? size.width : size.height))
        needsPresent = true
      }
    }
    if let until = step.soundUpTo {
      for chunk in video.player.takeSound(upTo: until) where chunk.time >= step.soundFrom {
        video.audio?.queue(chunk.samples, at: chunk.time)
      }
    }
    if let controls = video.playback.controls(position: step.position) {
      photos.controller.viewerVideoUpdated(
        controls, image: video.frameSize == nil ? nil : ViewerVideo.image, size: video.frameSize,
        for: video.url)
    }
  }

  /// Starts playback once the file has opened, and its sound device when it has sound; false
  /// until then. A file that will not open shows the "cannot open" tile.
  private func startPlayback(of video: ViewerVideo) -> Bool {
    if video.playback.hasStarted { return true }
    switch video.player.status {
    case .opening: return false
    case .failed(let reason):
      video.hasFailed = true
      // The reason names the file and says it could not be played.
      log("pinhole: \(reason)")
      photos.controller.viewerImageReady(Thumbnail.cannotOpenPlaceholder(), for: video.url)
      return false
    case .open(let info):
      // The sound device opens off the render loop; playback starts when it is ready. No
      // sound device, or one that will not open: the video plays silent, without a notice.
      if let rate = info.sampleRate {
        if video.audioOpening == nil {
          video.audioOpening = platform?.openSoundOutput(
            sampleRate: rate, channelCount: info.channelCount)
        }
        guard let opened = video.audioOpening?.take() else { return false }
        video.audio = opened
        video.audioOpening = nil
      }
      video.quarterTurns = info.quarterTurns
      video.playback.start(duration: info.duration, at: playbackNow)
      return true
    }
  }

  /// Play / pause and seeking in the viewer's video; false for any other action.
  func handleVideo(_ action: PhotoAction) -> Bool {
    guard let video = photos.video else {
      switch action {
      case .togglePlayback, .seekVideo, .scrubVideo: return true
      default: return false
      }
    }
    guard
      let effects = video.playback.handle(
        action, hasPlayerFinished: video.player.hasFinished, at: playbackNow)
    else { return false }
    perform(effects, on: video)
    needsPresent = true
    return true
  }

  private func perform(_ effects: [PlaybackController.Effect], on video: ViewerVideo) {
    for effect in effects {
      switch effect {
      case .pauseSound(let isPaused): video.audio?.setPaused(isPaused)
      case .seek(let target):
        video.player.seek(to: target)
        video.audio?.clear()
      }
    }
  }
}
