// SPDX-License-Identifier: MIT
import CameraModel
import Overlay

/// Decides, frame by frame, whether the accessible tree changed: it keeps what the last tree
/// was made of (the focus chain, the window's title and size, the notices) and builds a new
/// tree only when one of them differs, so a frame where nothing changed costs one comparison
/// and no allocation. Render thread.
public struct AccessibleTreeFeed {
  /// The application's name, the root's name.
  public let applicationName: String
  private var last: Inputs?

  private struct Inputs: Equatable {
    var chain: FocusChain
    var windowTitle: String
    var windowSize: Size
    var notices: [String]
  }

  /// Makes a feed that has given no tree yet.
  public init(applicationName: String) { self.applicationName = applicationName }

  /// The tree of this frame when it differs from the last one given; nil when nothing the
  /// tree is made of changed.
  public mutating func tree(
    chain: FocusChain, windowTitle: String, windowSize: Size, notices: [String]
  ) -> AccessibleTree? {
    // The ring's visibility is no part of the tree: focus stays where it is when it hides.
    var chain = chain
    chain.isRingVisible = false
    let inputs = Inputs(
      chain: chain, windowTitle: windowTitle, windowSize: windowSize, notices: notices)
    guard inputs != last else { return nil }
    last = inputs
    return AccessibleTree(
      chain: chain, applicationName: applicationName, windowTitle: windowTitle,
      windowSize: windowSize, notices: notices)
  }
}
