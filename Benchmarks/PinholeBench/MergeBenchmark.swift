// SPDX-License-Identifier: MIT
import CameraModel
import FrameMerge
import SimulatedCamera

#if canImport(Glibc)
  import Glibc
#endif

/// The multi-frame merge behind the Balanced and Quality photo settings: 4 and 8 frames of the
/// simulated camera at high gain, at 1280x720 and 1920x1080. The merge runs on every core, so
/// these rows give wall-clock milliseconds (median) and the process CPU it used, not one
/// thread's CPU; the goal is 8 × 1080p within 1 s on two cores. The PSNR gain over the single
/// frame, against the noise-free render, is printed beside them.
struct MergeBenchmark {
  /// Timed runs per case.
  let runs: Int

  /// Prints the figures.
  func run() {
    print(
      TextTable.column("size", 11) + TextTable.column("case", 48)
        + "wall ms  CPU ms  PSNR gain dB")
    for size in [FrameSize(width: 1280, height: 720), FrameSize(width: 1920, height: 1080)] {
      run(size)
    }
  }

  private func run(_ size: FrameSize) {
    let renderer = SimulatedSceneRenderer(scene: .standard(seed: 1))
    let sensor = SensorState(exposure: 0, gain: 1)
    let frames = (0..<8).map { index in
      let frame = NV12Frame(size: size)
      let sequence = UInt32(index)
      renderer.render(
        sequence: sequence, streamTime: .milliseconds(Int64(index) * 33), sensor: sensor,
        into: frame)
      return frame
    }
    let clean = NV12Frame(size: size)
    renderer.render(
      sequence: 7, streamTime: .milliseconds(7 * 33), sensor: sensor.withoutNoise(), into: clean)
    let output = NV12Frame(size: size)
    let merger = FrameMerger()
    for count in [4, 8] {
      let burst = Array(frames.suffix(count))
      var wall: [Double] = []
      var cpu: [Double] = []
      for _ in 0..<max(runs, 1) {
        let (wallStart, cpuStart) = (
          Self.seconds(CLOCK_MONOTONIC), Self.seconds(CLOCK_PROCESS_CPUTIME_ID)
        )
        merger.merge(burst, referenceIndex: count - 1, into: output)
        wall.append((Self.seconds(CLOCK_MONOTONIC) - wallStart) * 1000)
        cpu.append((Self.seconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart) * 1000)
      }
      let single = ImageComparison.peakSignalToNoiseRatio(frames[7], clean) ?? 0
      let merged = ImageComparison.peakSignalToNoiseRatio(output, clean) ?? 0
      print(
        TextTable.column(size.description, 11)
          + TextTable.column("FrameMerger, \(count) frames, gain 16x", 48)
          + TextTable.number(Self.median(wall), decimals: 1, width: 7)
          + TextTable.number(Self.median(cpu), decimals: 1, width: 8)
          + TextTable.number(merged - single, decimals: 2, width: 14))
    }
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  private static func seconds(_ clock: clockid_t) -> Double {
    var now = timespec()
    clock_gettime(clock, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
