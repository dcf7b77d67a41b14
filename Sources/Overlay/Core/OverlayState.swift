// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// What the app knows this frame and wants shown. The overlay keeps no copy of it between
/// frames; the app passes a fresh one every time.
public struct OverlayState: Hashable, Sendable {
  /// What the camera is doing; each state has its own banner.
  public var cameraState: CameraState
  /// The camera's human name, shown at the left of the top bar.
  public var cameraName: String
  /// The negotiated mode, e.g. "YUYV 1280x720 @ 30 fps".
  public var modeDescription: String
  /// Frames per second actually displayed, measured by the app.
  public var measuredFPS: Double
  /// Frames dropped since streaming started.
  public var droppedFrames: Int
  /// A one-line notice shown in a pill under the top bar, or `nil` for none.
  public var notice: String?
  /// When the notice appeared, on `OverlayInput.time`'s clock: it fades a few seconds later.
  /// `nil` keeps it shown (its cause still holds, like "In use by firefox").
  public var noticeSince: Double?
  /// Where the video is drawn inside the window, in drawable pixels, letterbox excluded;
  /// `nil` while no frame is shown. Taps map into this rectangle.
  public var videoRect: Rect?
  /// True when the picture comes from the built-in simulated camera.
  public var isSimulated: Bool
  /// True while the window covers the screen; Escape then leaves full-screen.
  public var isFullscreen: Bool
  /// What the photo interface shows (shutter, strip, viewer, timer).
  public var photo = PhotoOverlayState()
  /// What the camera interface shows (settings, focus reticle, test-bench figures).
  public var camera = CameraOverlayState()
  /// The scan mode's region, codes and confirmation (ScanOverlay).
  public var scan = ScanOverlayState()
  /// What the video side shows (mode switch, record button, elapsed time).
  public var recording = RecordingOverlayState()
  /// The question asked when quitting with unsaved photos; it covers everything while shown.
  public var quitDialog: QuitDialogState?
  /// The library grid, while open; it covers the camera screen (the viewer covers it).
  public var library: LibraryOverlayState?

  /// Makes a state; everything but the camera state has a quiet default.
  public init(
    cameraState: CameraState, cameraName: String = "", modeDescription: String = "",
    measuredFPS: Double = 0, droppedFrames: Int = 0, notice: String? = nil,
    videoRect: Rect? = nil, isSimulated: Bool = false, isFullscreen: Bool = false
  ) {
    self.cameraState = cameraState
    self.cameraName = cameraName
    self.modeDescription = modeDescription
    self.measuredFPS = measuredFPS
    self.droppedFrames = droppedFrames
    self.notice = notice
    self.videoRect = videoRect
    self.isSimulated = isSimulated
    self.isFullscreen = isFullscreen
  }

  /// The status line for the top bar: "YUYV 1280x720 @ 30 fps · 29.9 fps · 2 dropped".
  public var statusLine: String {
    let fps = (measuredFPS * 10).rounded() / 10
    let dropped = trn("%1$d dropped", "%1$d dropped", droppedFrames)
    let parts = [modeDescription, "\(fps) fps", dropped].filter { !$0.isEmpty }
    return parts.joined(separator: " · ")
  }
}

extension OverlayState {
  /// True when the shutter takes photos: photo mode, not scanning. The flash belongs here
  /// only, and the self-timer everywhere but scan mode.
  var isTakingPhotos: Bool { recording.mode == .photo && scan.mode != .scan }
}
