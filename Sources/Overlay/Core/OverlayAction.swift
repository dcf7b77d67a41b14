// SPDX-License-Identifier: MIT
import CameraModel

/// Something the person asked for through the overlay. The app routes each intent to the
/// window, the capture session or the photo writer; the overlay performs none of them.
public enum OverlayAction: Hashable, Sendable {
  /// Switch between windowed and desktop full-screen.
  case toggleFullscreen
  /// Close the app.
  case quit
  /// Focus (and meter) at a point of the video, normalised so (0, 0) is the frame's top-left
  /// corner and (1, 1) its bottom-right, before any mirroring.
  case focus(at: Point)
  /// An intent of the photo interface (shutter, strip, viewer, timer).
  case photo(PhotoAction)
  /// An intent of the video side (mode switch, record button).
  case recording(RecordingAction)
  /// An intent of the camera interface (settings, focus lock, test-bench figures, cameras).
  case camera(CameraAction)
  /// An intent of the scan interface.
  case scan(ScanAction)
  /// An intent of the library grid.
  case library(LibraryAction)
  /// An answer to the question asked when quitting with unsaved photos.
  case quitDialog(QuitDialogAction)
}
