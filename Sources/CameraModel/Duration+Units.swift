// SPDX-License-Identifier: MIT

#if canImport(Glibc)
  import Glibc
#endif

/// The conversions of `Duration` into the integer units system calls take, in one place.
/// Fractional units come from the standard library's division (`d / .milliseconds(1)`); these
/// are the integer ones, which saturate instead of trapping on durations of any size.
extension Duration {
  /// Whole nanoseconds, truncated toward zero, saturating at the ends of `Int64`.
  public var saturatingNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return carry ? (seconds < 0 ? .min : .max) : sum
  }

  /// Whole nanoseconds, 0 for a negative duration.
  public var nonNegativeNanoseconds: UInt64 { UInt64(max(saturatingNanoseconds, 0)) }

  /// A timeout for `poll(2)`: whole milliseconds rounded up (a short wait must not spin), 0 for
  /// a negative duration, at most `Int32.max`.
  public var pollMilliseconds: Int32 {
    let nanoseconds = nonNegativeNanoseconds
    let milliseconds = nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 == 0 ? 0 : 1)
    return Int32(clamping: milliseconds)
  }

  /// The duration as a `timespec` for `nanosleep(2)` and its kin; 0 for a negative duration.
  public var timeSpec: timespec {
    let nanoseconds = nonNegativeNanoseconds
    return timespec(
      tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
  }

  /// `seconds` in whole nanoseconds, for a figure computed as a `Double`: NaN is zero, and a
  /// value past the ends of `Int64` nanoseconds (about 292 years) stops there instead of
  /// trapping.
  public static func saturatingSeconds(_ seconds: Double) -> Duration {
    if seconds.isNaN { return .zero }
    let nanoseconds = seconds * 1e9
    if nanoseconds >= 9.2e18 { return .nanoseconds(Int64.max) }
    if nanoseconds <= -9.2e18 { return .nanoseconds(Int64.min) }
    return .nanoseconds(Int64(nanoseconds))
  }
}

extension MonotonicTime {
  /// This time moved by `duration`; a move past either end of the clock stops there.
  public func advanced(by duration: Duration) -> MonotonicTime {
    let offset = duration.saturatingNanoseconds
    if offset < 0 {
      let back = offset.magnitude
      return MonotonicTime(nanoseconds: nanoseconds > back ? nanoseconds - back : 0)
    }
    let (sum, past) = nanoseconds.addingReportingOverflow(UInt64(offset))
    return MonotonicTime(nanoseconds: past ? .max : sum)
  }

  /// This time moved by `seconds`, a figure computed as a `Double` (see
  /// `Duration.saturatingSeconds`).
  public func advanced(seconds: Double) -> MonotonicTime {
    advanced(by: .saturatingSeconds(seconds))
  }

  /// This time as a CLOCK_MONOTONIC `timespec`, for an absolute `clock_nanosleep(2)`.
  public var timeSpec: timespec {
    timespec(
      tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
  }
}
