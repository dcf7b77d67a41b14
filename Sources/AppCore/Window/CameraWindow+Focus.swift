// SPDX-License-Identifier: MIT
import Foundation
import Overlay

extension CameraWindow {
  /// Logs where the keyboard focus ring moved ("pinhole: focus: Brightness, slider, 0"), once
  /// per move, and "pinhole: focus: none" when the ring hides (a click, the shortcut sheet),
  /// so keyboard use can be followed and scripted. The ring shows once the frame carrying it
  /// was presented, before this runs.
  public func reportFocus(_ chain: FocusChain) {
    let focused = chain.isRingVisible ? chain.focused : nil
    guard focused?.id.name != reportedFocus else { return }
    reportedFocus = focused?.id.name
    guard let focused else { return log("pinhole: focus: none") }
    let parts = [focused.name, "\(focused.role)", focused.state.value].compactMap { $0 }
    log("pinhole: focus: \(parts.joined(separator: ", "))")
  }
}
