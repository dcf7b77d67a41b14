// SPDX-License-Identifier: MIT
import CameraModel
import Imaging

extension Thumbnail {
  /// A thumbnail of `frame` shown turned clockwise by `quarterTurns` (a turned recording's
  /// first picture), `height` pixels tall as shown.
  public init(downscaling frame: NV12Frame, height: Int, quarterTurns: Int) {
    let turn: PixelRotation.Turn =
      switch ((quarterTurns % 4) + 4) % 4 {
      case 1: .clockwise
      case 2: .half
      case 3: .anticlockwise
      default: .none
      }
    // Turned a quarter, the stored width becomes the shown height.
    var storedHeight = height
    if turn.swapsSides, frame.size.width > 0 {
      storedHeight = max(1, min(height * frame.size.height / frame.size.width, height * 8))
    }
    self.init(downscaling: frame, height: storedHeight)
    guard turn != .none else { return }
    let shown = PixelRotation.apply(
      rgba, width: width, height: self.height, mirrored: false, turn: turn)
    self.init(rgba: shown.pixels, width: shown.width, height: shown.height)
  }
}
