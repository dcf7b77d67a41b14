// SPDX-License-Identifier: MIT

#if canImport(Glibc)
  import Glibc
#endif

/// Times operations by the calling thread's CPU time, so a build running beside the benchmark
/// (two cores, shared with other work) steals wall time but not the measured figure.
///
/// Operations that are compared (a converter and the library call under it) are run
/// round-robin, one call of each in turn, so they meet the same cache and load conditions; each
/// reports the median of its runs. The run count adapts to the budget, at least five.
struct Stopwatch {
  /// Seconds to spend on each operation.
  let budget: Double

  /// The result of one operation.
  struct Measurement {
    /// Median CPU milliseconds per call.
    let milliseconds: Double
    /// Number of timed runs.
    let runs: Int
  }

  /// Measures `operations` side by side; returns one measurement per operation, in order.
  func compare(_ operations: [() -> Void]) -> [Measurement] {
    var estimate = 1e-6
    for operation in operations {
      let start = Self.cpuSeconds()
      operation()
      estimate = max(estimate, Self.cpuSeconds() - start)
    }
    let runs = min(max(Int(budget / estimate), 5), 5000)
    var samples = [[Double]](repeating: [], count: operations.count)
    for round in 0..<runs {
      // Rotating the starting operation spreads "runs right after the other one warmed the
      // cache" evenly over all of them.
      for step in 0..<operations.count {
        let index = (round + step) % operations.count
        let start = Self.cpuSeconds()
        operations[index]()
        samples[index].append((Self.cpuSeconds() - start) * 1000)
      }
    }
    return samples.map { Measurement(milliseconds: Self.median($0), runs: runs) }
  }

  /// Measures one operation.
  func measure(_ operation: @escaping () -> Void) -> Measurement {
    compare([operation])[0]
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// CPU time this thread has used, in seconds.
  /// The thread CPU milliseconds `operation` takes, run once.
  static func cpuMilliseconds(_ operation: () -> Void) -> Double {
    let start = cpuSeconds()
    operation()
    return (cpuSeconds() - start) * 1000
  }

  private static func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
