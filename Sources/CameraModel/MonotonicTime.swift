// SPDX-License-Identifier: MIT

#if canImport(Glibc)
  import Glibc
#endif

/// A point on CLOCK_MONOTONIC, the clock V4L2 stamps buffers with and SDL counts from.
public struct MonotonicTime: Hashable, Sendable, Comparable {
  /// Nanoseconds since an arbitrary start (boot).
  public var nanoseconds: UInt64

  /// Makes a time from nanoseconds.
  public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

  /// The current time. Any thread.
  public static func now() -> MonotonicTime {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return MonotonicTime(nanoseconds: UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec))
  }

  /// Orders by time.
  public static func < (a: MonotonicTime, b: MonotonicTime) -> Bool {
    a.nanoseconds < b.nanoseconds
  }

  /// The time elapsed from `earlier` to this time (negative if `earlier` is later).
  public func duration(since earlier: MonotonicTime) -> Duration {
    .nanoseconds(Int64(bitPattern: nanoseconds &- earlier.nanoseconds))
  }

  /// Seconds since `earlier`, as a Double.
  public func seconds(since earlier: MonotonicTime) -> Double {
    Double(Int64(bitPattern: nanoseconds &- earlier.nanoseconds)) / 1e9
  }
}
