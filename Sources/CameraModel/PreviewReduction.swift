// SPDX-License-Identifier: MIT

/// How much smaller than captured the live preview may decode an MJPEG frame: turbojpeg scales
/// inside the DCT at 1/2 and 1/4 for a fraction of the full decode's cost, and a window showing a
/// 4K frame at 1280x720 gains nothing from the other pixels. Photos are unaffected: they are
/// taken from the camera's own JPEG bytes, decoded again at full size.
public enum PreviewReduction {
  /// The denominators the preview uses, largest reduction last.
  public static let denominators = [1, 2, 4]

  /// The largest reduction (1, 2 or 4) that still gives at least as many pixels as the window
  /// shows in each direction: 2 once the frame is shown at half size or less, 4 at a quarter
  /// or less. A shown size that is empty, or sizes out of range, give 1 (full size).
  public static func denominator(frame: FrameSize, shownWidth: Int, shownHeight: Int) -> Int {
    guard frame.width > 0, frame.height > 0, shownWidth > 0, shownHeight > 0 else { return 1 }
    var chosen = 1
    for denominator in denominators {
      let width = (frame.width + denominator - 1) / denominator
      let height = (frame.height + denominator - 1) / denominator
      if width >= shownWidth, height >= shownHeight { chosen = denominator }
    }
    return chosen
  }
}
