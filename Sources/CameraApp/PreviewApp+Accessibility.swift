// SPDX-License-Identifier: MIT
import Accessibility
import CameraModel
import Overlay
import SDLPlatform

/// The overlay's side of the accessibility bridge: the tree feed and the bridge's thread.
/// Main thread only, apart from the bridge, which is any thread.
final class AccessibilityLink {
  /// The bus thread.
  let bridge: AccessibilityBridge
  /// Builds a tree only when the frame's chain, title, size or notice changed.
  var feed = AccessibleTreeFeed(applicationName: "Pinhole")

  /// Starts the bridge; a screen reader's press wakes the render loop through `wake`.
  init(wake: RenderWake) {
    bridge = AccessibilityBridge(
      applicationName: "Pinhole", log: { logLine($0) }, activated: { wake.wake() })
  }
}

extension PreviewApp {
  /// Passes the presses a screen reader asked for to the overlay, which makes them in the
  /// frame being built, as Space on the focus ring would.
  func takeAccessiblePresses() {
    guard accessibility.bridge.isActive else { return }
    for id in accessibility.bridge.takeActivations() { overlay.press(id) }
  }

  /// Hands the bridge this frame's accessible tree when it changed: its controls, and the
  /// notice and the key's hint it shows.
  func publishAccessibleTree(_ chain: FocusChain, notice: String?, windowSize: Size) {
    guard accessibility.bridge.isActive,
      let tree = accessibility.feed.tree(
        chain: chain, windowTitle: core.model.windowTitle, windowSize: windowSize,
        notices: [notice, overlay.shownHint].compactMap { $0 })
    else { return }
    accessibility.bridge.publish(tree)
  }
}
