// SPDX-License-Identifier: MIT

/// One capture in the thumbnail strip. The app uploads the thumbnail's RGBA pixels to the
/// backend under `id`; the overlay only names it.
public struct ThumbnailItem: Hashable, Sendable {
  /// The uploaded thumbnail image.
  public var id: ImageID
  /// Width divided by height of the thumbnail; the strip crops it to a square.
  public var aspect: Double
  /// True while the file is still being written; the strip shows a spinner over it.
  public var isPending: Bool
  /// True for a video, marked with a play triangle.
  public var isVideo: Bool
  /// A video's length for the corner badge ("0:03"); nil until known, and for photos.
  public var durationLabel: String?

  /// Makes a strip item.
  public init(
    id: ImageID, aspect: Double, isPending: Bool = false, isVideo: Bool = false,
    durationLabel: String? = nil
  ) {
    self.id = id
    self.aspect = aspect
    self.isPending = isPending
    self.isVideo = isVideo
    self.durationLabel = durationLabel
  }
}
