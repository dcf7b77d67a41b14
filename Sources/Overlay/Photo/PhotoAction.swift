// SPDX-License-Identifier: MIT
import CameraModel

/// Intents of the photo interface. The app performs them and reports the outcome back through
/// `PhotoOverlayState`; the overlay performs none of them.
public enum PhotoAction: Hashable, Sendable {
  /// Take a photo (or start the self-timer, when one is set).
  case shutter
  /// The shutter has been held long enough to shoot a burst; keep shooting until
  /// `burstEnded`. The app sets `PhotoOverlayState.isBursting` in reply.
  case burstStarted
  /// The shutter was let go (or became unavailable) during a burst: stop shooting.
  case burstEnded
  /// Scroll the thumbnail strip by this many points towards older captures (negative: back
  /// towards the newest). The overlay keeps the sum within the strip's length.
  case scrollStrip(by: Double)
  /// Open the viewer on the capture at this index of `PhotoOverlayState.thumbnails`.
  case openViewer(Int)
  /// Multiply the viewer's zoom by this factor (above 1 zooms in).
  case zoom(by: Double)
  /// Move the zoomed photo in the viewer so its centre sits at this offset from the view's
  /// centre, as a fraction of the zoomed photo's size (see `ViewerState.pan`).
  case pan(to: Point)
  /// Show the previous (newer) capture in the viewer.
  case showPrevious
  /// Show the next (older) capture in the viewer.
  case showNext
  /// Move the capture shown in the viewer to the trash.
  case trashCurrent
  /// Open the capture shown in the viewer in the desktop's default application.
  case openExternally
  /// Close the viewer and return to the camera.
  case closeViewer
  /// Bring back the capture most recently moved to the trash.
  case undoTrash
  /// Step the self-timer to its next setting: off, 3 s, 10 s, off.
  case cycleTimer
  /// Step the photo quality to its next setting: Speed, Balanced, Quality, Speed.
  case cyclePhotoQuality
  /// Stop the running self-timer countdown without taking the photo.
  case cancelCountdown
  /// Turn the shutter sound off or back on.
  case toggleMute
  /// Ask for another folder to save captures in.
  case chooseFolder
  /// Ask the desktop's folder chooser for the folder captures of this kind are saved in.
  case chooseSaveFolder(MediaFolderKind)
  /// Save captures of this kind in the folder at this full path from now on.
  case setSaveFolder(MediaFolderKind, String)
  /// The banner's close button (or Escape) dismissed it.
  case dismissBanner
  /// Play or pause the video in the viewer.
  case togglePlayback
  /// Move the viewer's video by this many seconds (negative: back).
  case seekVideo(by: Double)
  /// Move the viewer's video to this fraction (0…1) of its length: a click on the timeline.
  case scrubVideo(toFraction: Double)
}
