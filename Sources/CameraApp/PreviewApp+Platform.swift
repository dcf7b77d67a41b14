// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Overlay
import PhotoPipeline
import SDLPlatform

/// The desktop the window's controllers ask for, through SDL: the window, its pictures, the
/// shutter's sound, the clipboard, sound devices and microphones.
extension PreviewApp: WindowPlatform {
  func setTitle(_ title: String) { window.setTitle(title) }
  func raise() { window.raise() }
  func toggleFullscreen() { window.toggleFullscreen() }
  var drawableHeight: Int {
    // SDL's figure, kept to sizes a picture can have before it becomes an Int.
    let height = window.drawableSize.height
    return height.isFinite ? Int(min(max(height, 1), 16_384)) : 1080
  }
  var refreshRate: Int? { window.refreshRate }

  func setImage(_ id: ImageID, _ image: Thumbnail) {
    do {
      try backend.setImage(id, rgba: image.rgba, width: image.width, height: image.height)
    } catch {
      logLine("pinhole: \(error.userMessage)")
    }
  }

  func removeImage(_ id: ImageID) { backend.removeImage(id) }

  func setVideoImage(_ id: ImageID, frame: NV12Frame, quarterTurns: Int) -> Bool {
    do {
      try backend.setVideoImage(id, frame: frame, quarterTurns: quarterTurns)
      return true
    } catch {
      logLine("pinhole: \(error.userMessage)")
      return false
    }
  }

  func openSoundOutput(sampleRate: Int, channelCount: Int) -> any SoundOutputOpening {
    SoundOpening(
      AudioOutputOpening(
        sampleRate: sampleRate, channelCount: channelCount, wake: { [wake] in wake.wake() }))
  }

  func playShutterSound() { shutterSound?.play() }
  func setClipboardText(_ text: String) -> Bool { Clipboard.setText(text) }
  func clipboardText() -> String? { Clipboard.text() }

  /// The sound inputs through SDL; a microphone that will not open says why in a sentence.
  static let microphones = MicrophoneAccess(
    list: { Microphone.deviceNames() },
    open: { name in
      do {
        return try Microphone(name: name)
      } catch {
        throw AudioInputFailure((error as? PlatformError)?.userMessage ?? "\(error)")
      }
    })
}

/// A video's sound device being opened by SDL off the render loop.
private final class SoundOpening: SoundOutputOpening {
  let opening: AudioOutputOpening

  init(_ opening: AudioOutputOpening) { self.opening = opening }

  func take() -> (any SoundOutput)?? {
    guard let taken = opening.take() else { return nil }
    return .some(taken.map { SDLSoundOutput($0) })
  }
}

/// SDL's sound device as the viewer's video plays through it.
private final class SDLSoundOutput: SoundOutput {
  let output: AudioOutput

  init(_ output: AudioOutput) { self.output = output }

  func queue(_ samples: [Float], at time: Double) { output.queue(samples, at: time) }
  var playingPosition: Double? { output.playingPosition }
  func clear() { output.clear() }
  func setPaused(_ isPaused: Bool) { output.setPaused(isPaused) }
}
