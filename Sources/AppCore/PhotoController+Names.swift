// SPDX-License-Identifier: MIT
import Foundation
import MediaStore
import PhotoPipeline

/// Shots handed to the writer, by the names their files can take (`ShotName`). The writer says
/// where a file went only after it is in place, and by then the folder watcher may already have
/// listed it: the strip would show the shot's pending item beside the listed file until the
/// writer's event came. Matching the listed file to the shot by its name lets the listed item
/// take over at once, as the writer's event would have. Main thread only.
extension PhotoController {
  /// Hands `job` to the writer and remembers the names its file can take under the id the
  /// writer gives it.
  func submitNamed(_ job: sending PhotoJob) -> UInt64? {
    let name = ShotName(job: job)
    guard let id = writer.submit(job) else { return nil }
    shotNames[id] = name
    return id
  }

  /// The writer has said where shot `id` went, or that it is lost: its names are not needed.
  func forgetName(of id: UInt64) {
    shotNames[id] = nil
  }

  /// The listed file that shot `id` became, when the writer has not said so yet: the first
  /// listed file with one of its names that no other shot holds.
  func listedFile(ofShot id: UInt64) -> URL? {
    guard let name = shotNames[id] else { return nil }
    let held = Set(pending.compactMap(\.url)).union(processing.values)
    return listing.first { name.matches($0.url) && !held.contains($0.url) }?.url
  }

  /// Gives each shot still being written the listed file that bears its name, as the writer's
  /// `saved` (or, for a merged photo, `proxySaved`) event will: the strip then shows it once.
  func claimListedFiles() {
    for index in pending.indices where pending[index].url == nil {
      let id = pending[index].id
      guard let url = listedFile(ofShot: id) else { continue }
      pending[index].url = url
      if shotNames[id]?.isMerged == true { processing[id] = url }
    }
  }
}
