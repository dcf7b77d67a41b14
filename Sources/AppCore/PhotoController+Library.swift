// SPDX-License-Identifier: MIT
import Foundation

/// Opening the viewer from the library grid, which names a file rather than a strip index.
/// Main thread only.
extension PhotoController {
  /// Opens the viewer on the file at `url`; false when the strip does not list it (yet).
  @discardableResult
  public func openViewer(on url: URL) -> Bool {
    guard let index = stripItems.indices.first(where: { self.url(ofItem: $0) == url }) else {
      return false
    }
    openViewer(at: index)
    return true
  }
}
