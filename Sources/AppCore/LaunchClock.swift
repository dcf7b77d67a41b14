// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Hotplug

/// Time since the process started, for the launch → first frame figure. The kernel records a
/// process's start in clock ticks since boot (/proc/self/stat, field 22), on the same clock as
/// CLOCK_BOOTTIME; reading both gives the time spent before `main` too.
public enum LaunchClock {
  /// Seconds since the process started, or `nil` where /proc is unavailable.
  public static func secondsSinceLaunch() -> Double? {
    guard let start = ProcessStat.current()?.startTicks else { return nil }
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &now)
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    guard ticksPerSecond > 0 else { return nil }
    let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    return uptime - Double(start) / ticksPerSecond
  }
}
