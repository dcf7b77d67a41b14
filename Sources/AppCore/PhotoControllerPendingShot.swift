// SPDX-License-Identifier: MIT
import Foundation
import Overlay
import PhotoPipeline

/// A shot the strip shows before the library lists its file: from the writer's thumbnail
/// until the folder listing includes the saved file.
struct PendingShot: Equatable {
  /// The writer's id of the shot.
  var id: UInt64
  /// Its thumbnail, kept so the listed item can show it before the loader decodes the file.
  var thumbnail: Thumbnail
  /// Where the file was saved; nil while it is being written (or kept in memory).
  var url: URL?

  /// Width over height of its thumbnail.
  var aspect: Double {
    thumbnail.height > 0 ? Double(thumbnail.width) / Double(thumbnail.height) : 16.0 / 9.0
  }

  /// The name its thumbnail is uploaded under while pending.
  var imageID: ImageID { ImageID("pending:\(id)") }
}
