// SPDX-License-Identifier: MIT

/// Remembers when the notice under the top bar appeared, so the overlay can fade it a few
/// seconds later ("No camera found — showing the simulated camera" then stays as the top
/// bar's badge). A notice whose cause still holds (the camera is in use by another program)
/// stays. Main thread only.
public struct NoticeTimer: Sendable {
  private var text: String?
  private var start = 0.0

  /// Makes a timer that has seen no notice.
  public init() {}

  /// When `notice` appeared on the overlay's clock, seen at `time`; `nil` for a sticky
  /// notice, or for none. A changed text starts the clock again.
  public mutating func since(_ notice: String?, isSticky: Bool, time: Double) -> Double? {
    if notice != text {
      text = notice
      start = time
    }
    return isSticky || notice == nil ? nil : start
  }
}
