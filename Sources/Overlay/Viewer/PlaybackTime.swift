// SPDX-License-Identifier: MIT

/// Times of a video as people read them: "0:03", "12:40", "1:02:03". Pure; any thread.
public enum PlaybackTime {
  /// The elapsed-time label: whole seconds passed, so it reaches "0:03" only at 3 s.
  public static func label(_ seconds: Double) -> String {
    format(wholeSeconds(seconds, rounding: .down))
  }

  /// The length label of the strip's badge and the timeline's end: whole seconds, as the
  /// recording clock and the "Saved …" notice count them, but at least "0:01" for any video
  /// that has a length at all.
  public static func durationLabel(_ seconds: Double) -> String {
    let whole = wholeSeconds(seconds, rounding: .down)
    return format(seconds > 0 && whole == 0 ? 1 : whole)
  }

  private static func wholeSeconds(_ seconds: Double, rounding: FloatingPointRoundingRule) -> Int {
    // Anything a file can claim is clamped to 0…99 hours before conversion.
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return Int(min(seconds, 99 * 3600 + 3599).rounded(rounding))
  }

  private static func format(_ total: Int) -> String {
    let hours = total / 3600
    let minutes = total / 60 % 60
    let seconds = total % 60
    let secondsText = seconds < 10 ? "0\(seconds)" : "\(seconds)"
    guard hours > 0 else { return "\(minutes):\(secondsText)" }
    let minutesText = minutes < 10 ? "0\(minutes)" : "\(minutes)"
    return "\(hours):\(minutesText):\(secondsText)"
  }
}
