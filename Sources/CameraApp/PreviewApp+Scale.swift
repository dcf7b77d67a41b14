// SPDX-License-Identifier: MIT

import SDLPlatform

extension PreviewApp {
  /// Logs the interface's scale and where it came from ("pinhole: scale: 2 (Xft.dpi 192)"),
  /// and each desktop value that was set but could not be used; the scale window test waits
  /// for this line.
  static func logScale(of window: PreviewWindow) {
    let scale = window.desktopScale
    for problem in scale.rejected { logLine("pinhole: scale ignored: \(problem)") }
    logLine("pinhole: scale: \(scale)")
  }
}
