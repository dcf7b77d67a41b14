// SPDX-License-Identifier: MIT
import Foundation
import Overlay

extension PreviewApp {
  /// Logs where the keyboard focus ring moved ("pinhole: focus: Brightness, slider, 0"), once
  /// per move while the ring shows, so keyboard use can be followed and scripted.
  func reportFocus(_ chain: FocusChain) {
    let focused = chain.isRingVisible ? chain.focused : nil
    guard focused?.id.name != reportedFocus else { return }
    reportedFocus = focused?.id.name
    guard let focused else { return }
    let parts = [focused.name, "\(focused.role)", focused.state.value].compactMap { $0 }
    logLine("pinhole: focus: \(parts.joined(separator: ", "))")
  }
}
