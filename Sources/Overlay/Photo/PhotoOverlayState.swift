// SPDX-License-Identifier: MIT
import CameraModel

/// What the app tells the photo interface each frame: the shutter's availability, the
/// captures in the strip, the viewer, the self-timer and any warning.
public struct PhotoOverlayState: Hashable, Sendable {
  /// True while a camera streams, so there is a picture to take; the shutter is disabled
  /// otherwise.
  public var canShoot = false
  /// True while the photo writer's queue is full; the shutter shows a spinner and ignores
  /// presses until it drains.
  public var isWriterBusy = false
  /// True between the app receiving `.burstStarted` and `.burstEnded`.
  ///
  /// The overlay asks for a burst while this is false and the shutter has been held long
  /// enough, so the app must set it before the next frame.
  public var isBursting = false
  /// Shots the running burst has taken, shown on the shutter; `nil` while none runs.
  public var burstCount: Int?
  /// True once the burst reached its limit: it takes no more shots until the shutter is let go.
  public var isBurstAtLimit = false
  /// When the last photo was taken, on `OverlayInput.time`'s clock; the preview flashes
  /// white for a moment after it. `nil` for no flash.
  public var flashStartTime: Double?
  /// The captures, newest first.
  public var thumbnails: [ThumbnailItem] = []
  /// How far the strip is scrolled towards older captures, in points (0 shows the newest).
  public var stripOffset = 0.0
  /// The open viewer, or `nil` while the camera is shown.
  public var viewer: ViewerState?
  /// The message of the undo toast shown after a capture was moved to the trash, e.g.
  /// "Moved to Trash"; `nil` for none.
  public var toast: String?
  /// The self-timer's delay in seconds: 0 (off), 3 or 10.
  public var timerSeconds = 0
  /// Seconds left before the self-timer fires; `nil` while no countdown runs.
  public var countdownRemaining: Double?
  /// True when the shutter sound is off.
  public var isMuted = false
  /// How many frames a shutter press merges (the settings panel's "Photo quality").
  public var photoQuality = PhotoQuality.speed
  /// True while a screen flash lights the scene: the whole window is white.
  public var isScreenFlashLit = false
  /// The banner above the bottom bar (or, in the viewer, near the window's bottom edge): why
  /// captures cannot be saved, or a problem with the screen shown; `nil` for none. The app
  /// passes only the banner of the screen shown.
  public var banner: PhotoBanner?
  /// Where captures are saved and where else they could go (the settings panel's "Files");
  /// `nil` hides the section.
  public var saveFolders: SaveFolders?

  /// The banner's message, as a camera-screen error offering a folder choice when set.
  public var storageMessage: String? {
    get { banner?.message }
    set {
      banner = newValue.map { PhotoBanner(message: $0, isError: true, action: .chooseFolder) }
    }
  }

  /// Makes the state of an app that has taken no photo.
  public init() {}

  /// True while the viewer covers the window. Every key and click then belongs to the
  /// viewer, so other interfaces should ignore keys while this is true.
  public var isViewerOpen: Bool { viewer != nil }
}
