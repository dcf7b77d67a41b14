// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// Time since the process started, for the launch → first frame figure. The kernel records a
/// process's start in clock ticks since boot (/proc/self/stat, field 22), on the same clock as
/// CLOCK_BOOTTIME; reading both gives the time spent before `main` too.
public enum LaunchClock {
  /// Seconds since the process started, or `nil` where /proc is unavailable.
  public static func secondsSinceLaunch() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let start = startTicks(fromStat: stat)
    else { return nil }
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &now)
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    return uptime - Double(start) / ticksPerSecond
  }

  /// Field 22 of /proc/PID/stat. The command name (field 2) sits in parentheses and may hold
  /// spaces, so counting starts after its closing parenthesis.
  static func startTicks(fromStat stat: String) -> UInt64? {
    guard let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the name come fields 3, 4, …; field 22 is the 20th of those.
    guard fields.count >= 20 else { return nil }
    return UInt64(fields[19])
  }
}
