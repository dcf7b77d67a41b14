// SPDX-License-Identifier: MIT
import PhotoPipeline

/// What `PhotoController` needs of the photo writer: `PhotoWriter` in the app, a scripted
/// writer in tests. Main thread.
public protocol PhotoControllerWriter: AnyObject {
  /// Queues `job`, which moves to the writer `sending`; nil when the writer refuses it, and
  /// then a raw job's frame has gone back through the job's `release`.
  func submit(_ job: sending PhotoJob) -> UInt64?
  /// Whether a new shot would be refused now.
  var isBusy: Bool { get }
  /// Photos kept in memory because they could not be written yet.
  var unwrittenCount: Int { get }
}

extension PhotoWriter: PhotoControllerWriter {}
