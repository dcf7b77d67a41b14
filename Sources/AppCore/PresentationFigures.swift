// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// Test-bench figures measured where frames reach the screen: the intervals between the
/// capture times of the frames shown, capture → present latency, and the process's CPU use.
/// Main thread only.
public struct PresentationFigures: Sendable {
  /// Recent intervals between shown frames' capture times, in milliseconds, oldest first.
  public private(set) var recentIntervals: [Double] = []
  /// Latency of the newest shown frame, from capture to presentation, in milliseconds.
  public private(set) var latencyMilliseconds: Double = 0
  /// CPU time of the whole process over the last second, as a share of one core (100 = one
  /// core busy).
  public private(set) var cpuPercent: Double = 0

  /// How many intervals the sparkline keeps.
  public static let intervalCount = 90

  private var lastCaptureTime: MonotonicTime?
  private var cpuSample: (time: MonotonicTime, ticks: Int)?
  private let readCPUTicks: @Sendable () -> Int?

  /// Makes empty figures; `readCPUTicks` reads the process's CPU time in clock ticks.
  public init(readCPUTicks: @escaping @Sendable () -> Int? = PresentationFigures.processCPUTicks) {
    self.readCPUTicks = readCPUTicks
  }

  /// Notes a frame captured at `captureTime` and shown at `presentTime`.
  public mutating func record(captureTime: MonotonicTime, presentTime: MonotonicTime) {
    if let last = lastCaptureTime, captureTime > last {
      recentIntervals.append(captureTime.seconds(since: last) * 1000)
      if recentIntervals.count > Self.intervalCount { recentIntervals.removeFirst() }
    }
    lastCaptureTime = captureTime
    latencyMilliseconds = max(0, presentTime.seconds(since: captureTime) * 1000)
    sampleCPU(at: presentTime)
  }

  private mutating func sampleCPU(at now: MonotonicTime) {
    guard let ticks = readCPUTicks() else { return }
    guard let previous = cpuSample else {
      cpuSample = (now, ticks)
      return
    }
    let elapsed = now.seconds(since: previous.time)
    guard elapsed >= 1 else { return }
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    cpuPercent = Double(ticks - previous.ticks) / ticksPerSecond / elapsed * 100
    cpuSample = (now, ticks)
  }

  /// User plus system CPU time of this process in clock ticks: fields 14 and 15 of
  /// /proc/self/stat, counted after the parenthesised command name (which may hold spaces).
  public static func processCPUTicks() -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }
}
