// SPDX-License-Identifier: MIT
import CameraModel

extension MonotonicTime {
  /// This time moved by `duration`; a move past either end of the clock stops there.
  func advanced(by duration: Duration) -> MonotonicTime {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let offset =
      overflow ? (seconds < 0 ? Int64.min : Int64.max) : whole &+ attoseconds / 1_000_000_000
    if offset < 0 {
      let back = offset.magnitude
      return MonotonicTime(nanoseconds: nanoseconds > back ? nanoseconds - back : 0)
    }
    let (sum, past) = nanoseconds.addingReportingOverflow(UInt64(offset))
    return MonotonicTime(nanoseconds: past ? .max : sum)
  }
}
