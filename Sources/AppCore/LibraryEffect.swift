// SPDX-License-Identifier: MIT
import Foundation
import Overlay
import PhotoPipeline

/// Work `LibraryController` asks the app to do: textures, the grid's thumbnail loader, the
/// library worker's jobs and the viewer.
public enum LibraryEffect: Sendable {
  /// Upload `thumbnail` under `id`.
  case setImage(ImageID, Thumbnail)
  /// Free the image named `id`.
  case removeImage(ImageID)
  /// Start listing the photo and video folders and loading thumbnails for the grid.
  case startLoading
  /// Stop the grid's loader (the grid closed).
  case stopLoading
  /// Decode these files first, in this order.
  case wantFiles([URL])
  /// Hand a job to the library worker.
  case job(LibraryWorker.Job)
  /// Open this file in the photo viewer, over the grid.
  case openInViewer(URL)
  /// One line for the log.
  case log(String)
}
