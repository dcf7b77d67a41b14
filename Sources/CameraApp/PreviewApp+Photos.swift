// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Overlay

/// The photo side of the window. Main thread only.
struct PhotoSide {
  /// Frames the capture pool needs: the mailbox's four, plus what the photo side keeps.
  static let poolCapacity = 4

  /// True while the photo viewer covers the window.
  var isViewerOpen = false

  init(options: Options, settings: AppSettings) {}
}

extension PreviewApp {
  /// Takes a frame that was just shown; the frames no longer needed go back to the pool.
  func framePresented(_ frame: NV12Frame, at time: MonotonicTime) {
    session.recycle(frame)
  }

  /// Drains the photo writer's and the library's news once per frame.
  func updatePhotos() {}

  /// What the photo interface shows this frame.
  func photoOverlayState(time: Double) -> PhotoOverlayState {
    var state = PhotoOverlayState()
    if case .streaming = model.cameraState { state.canShoot = true }
    return state
  }

  /// Carries out an intent of the photo interface.
  func handle(_ action: PhotoAction) {}

  /// Finishes pending photos and frees the workers at quit.
  func stopPhotos() {}
}
