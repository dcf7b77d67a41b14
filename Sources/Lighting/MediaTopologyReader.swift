// SPDX-License-Identifier: MIT

/// Reads a media device's graph; the seam between flash discovery and the kernel, so tests
/// can describe a graph without one.
public protocol MediaTopologyReader {
  /// The graph of the media device node at `path` ("/dev/media0").
  ///
  /// - Throws: `FlashError.mediaController` when the node cannot be opened or read.
  func topology(ofMediaDevice path: String) throws(FlashError) -> MediaTopology
}
