// SPDX-License-Identifier: MIT
import CameraModel

/// What the full-window photo viewer shows.
public struct ViewerState: Hashable, Sendable {
  /// The photo, uploaded by the app at a size fit for the screen.
  public var image: ImageID
  /// The photo's size in pixels; only its aspect ratio matters to the layout.
  public var imageSize: Size
  /// The shown capture's index in `PhotoOverlayState.thumbnails` (0 is the newest).
  public var index: Int
  /// How many captures there are.
  public var count: Int
  /// Magnification relative to the photo fitted in the window; 1 fits it.
  public var zoom: Double
  /// How far the photo's centre is moved from the view's centre, as a fraction of the
  /// zoomed photo's width and height.
  public var pan: Point
  /// The file name shown in the caption, e.g. "IMG_20261130_093714.jpg".
  public var fileName: String
  /// True while the photo is being moved to the trash; trashing again is not offered.
  public var isDeleting: Bool
  /// The playback controls when the capture is a video; nil for a photo.
  public var playback: ViewerPlayback?

  /// Makes a viewer state showing capture `index` of `count`, fitted and centred.
  public init(
    image: ImageID, imageSize: Size, index: Int, count: Int, zoom: Double = 1,
    pan: Point = .zero, fileName: String, isDeleting: Bool = false
  ) {
    self.image = image
    self.imageSize = imageSize
    self.index = index
    self.count = count
    self.zoom = zoom
    self.pan = pan
    self.fileName = fileName
    self.isDeleting = isDeleting
  }

  /// "3 / 8": the one-based position among all captures.
  public var positionLabel: String { "\(index + 1) / \(count)" }

  /// True when there is a newer capture to show.
  public var hasPrevious: Bool { index > 0 }

  /// True when there is an older capture to show.
  public var hasNext: Bool { index + 1 < count }
}
