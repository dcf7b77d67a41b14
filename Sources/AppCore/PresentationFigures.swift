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
  private var cpuSample: (time: MonotonicTime, seconds: Double)?
  private let readCPUSeconds: @Sendable () -> Double?

  /// Makes empty figures; `readCPUSeconds` reads the process's CPU time in seconds.
  public init(
    readCPUSeconds: @escaping @Sendable () -> Double? = PresentationFigures.processCPUSeconds
  ) {
    self.readCPUSeconds = readCPUSeconds
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
    guard let seconds = readCPUSeconds(), seconds.isFinite else { return }
    guard let previous = cpuSample else {
      cpuSample = (now, seconds)
      return
    }
    let elapsed = now.seconds(since: previous.time)
    guard elapsed >= 1 else { return }
    cpuPercent = max(0, seconds - previous.seconds) / elapsed * 100
    cpuSample = (now, seconds)
  }

  /// User plus system CPU time of this process, from `getrusage`: a system call, so the render
  /// loop that samples it once a second reads no file.
  public static func processCPUSeconds() -> Double? {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
