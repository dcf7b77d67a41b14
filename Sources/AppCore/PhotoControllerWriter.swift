// SPDX-License-Identifier: MIT
import PhotoPipeline

/// What `PhotoController` needs of the photo writer: `PhotoWriter` in the app, a scripted
/// writer in tests. Main thread.
public protocol PhotoControllerWriter: AnyObject {
  /// Queues `job`; nil when the writer refuses it (the caller still owns a raw frame).
  func submit(_ job: PhotoJob) -> UInt64?
  /// Whether a new shot would be refused now.
  var isBusy: Bool { get }
  /// Photos kept in memory because they could not be written yet.
  var unwrittenCount: Int { get }
}

extension PhotoWriter: PhotoControllerWriter {}
