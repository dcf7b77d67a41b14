// SPDX-License-Identifier: MIT
import CameraModel
import Overlay
import PhotoPipeline

/// What the window's controllers ask of the desktop they run on: the window itself, its
/// pictures, the shutter's sound and the clipboard. The app gives SDL's; tests give a fake
/// that records the calls. Main thread only.
public protocol WindowPlatform: AnyObject {
  /// Names the window.
  func setTitle(_ title: String)
  /// Brings the window to the front.
  func raise()
  /// Switches between a window and full screen.
  func toggleFullscreen()
  /// The window's height in drawable pixels: the viewer decodes photos to it.
  var drawableHeight: Int { get }
  /// The display's refresh rate in hertz, when known.
  var refreshRate: Int? { get }
  /// Uploads an overlay picture under `id`; a failure leaves an empty frame and is logged.
  func setImage(_ id: ImageID, _ image: Thumbnail)
  /// Lets go of the overlay picture `id`.
  func removeImage(_ id: ImageID)
  /// Shows `frame`, turned `quarterTurns` clockwise, as the overlay picture `id` (a video
  /// the viewer plays); false when it could not be uploaded (the log says why).
  func setVideoImage(_ id: ImageID, frame: NV12Frame, quarterTurns: Int) -> Bool
  /// Starts opening a sound device for a video's sound, off the render loop.
  func openSoundOutput(sampleRate: Int, channelCount: Int) -> any SoundOutputOpening
  /// Plays the shutter's sound.
  func playShutterSound()
  /// Puts `text` on the clipboard; false when the desktop refused it.
  func setClipboardText(_ text: String) -> Bool
  /// The clipboard's text, if it holds text.
  func clipboardText() -> String?
}

/// The desktop's sound inputs, as recordings use them: listed and opened on the recording's
/// threads.
public struct MicrophoneAccess: Sendable {
  /// The capture devices' names.
  public var list: @Sendable () -> [String]
  /// Opens the capture device named (nil: the default input); the failure carries the
  /// sentence for the notice.
  public var open: @Sendable (String?) throws -> any AudioInput

  /// Makes the access from the two calls.
  public init(
    list: @escaping @Sendable () -> [String],
    open: @escaping @Sendable (String?) throws -> any AudioInput
  ) {
    self.list = list
    self.open = open
  }
}

/// A sound device playing a video's sound. Main thread only.
public protocol SoundOutput: AnyObject {
  /// Queues `samples` (interleaved) that start `time` seconds into the video.
  func queue(_ samples: [Float], at time: Double)
  /// The video time the listener hears now, once sound plays.
  var playingPosition: Double? { get }
  /// Drops the queued sound (a seek).
  func clear()
  /// Pauses or resumes the sound.
  func setPaused(_ isPaused: Bool)
}

/// A sound device being opened off the render loop.
public protocol SoundOutputOpening: AnyObject {
  /// Nil while it opens; then the device, or `.some(nil)` when it could not be opened.
  func take() -> (any SoundOutput)??
}
