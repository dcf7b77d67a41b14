// SPDX-License-Identifier: MIT
import CameraModel
import Metering
import SimulatedCamera
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Figures for the focus and exposure demo, printed rather than asserted: timings belong to
/// release builds on a known machine, not to the test suite. Off unless PINHOLE_MEASURE is set:
///
///     PINHOLE_MEASURE=1 swift test -c release --filter OpticsMeasurements
@Suite(
  "Optics measurements",
  .enabled(if: getenv("PINHOLE_MEASURE") != nil), .serialized)
struct OpticsMeasurements {
  private static let hd = FrameSize(width: 1280, height: 720)

  @Test func autofocusFramesPerDepth() throws {
    for start in [0.0, 0.5, 1.0] {
      for target in OpticsTestScene.focusTargets {
        let camera = try OpticsTestScene.camera(focus: start, size: Self.hd)
        let result = try #require(try ClickToFocusTests.focus(on: target, camera: camera))
        let error = abs(result.position - target.depth)
        print(
          "autofocus \(target.name) (depth \(target.depth)) from \(start): \(result.frames) frames,"
            + " \(Self.milliseconds(Double(result.frames) / 30 * 1000)) ms at 30 fps,"
            + " error \(Self.rounded(error))")
      }
    }
  }

  @Test func exposureSettleFrames() throws {
    for (target, exposure) in [
      (OpticsTestScene.darkCard, 0.5), (OpticsTestScene.lightCard, 0.5),
      (OpticsTestScene.darkCard, 0.1), (OpticsTestScene.lightCard, 0.9),
    ] {
      let camera = try OpticsTestScene.camera(exposure: exposure, size: Self.hd)
      let (means, settledAt) = try ClickToExposeTests.expose(target, camera: camera)
      let startsDark = means[0] < 118
      let overshoot = max(means.map { startsDark ? $0 - 118 : 118 - $0 }.max() ?? 0, 0)
      print(
        "exposure \(target.name) from \(exposure): settled at frame \(settledAt ?? -1),"
          + " final Y \(Self.rounded(means.last ?? 0)), overshoot \(Self.rounded(overshoot))"
          + " codes; means \(means.prefix(12).map { Int($0.rounded()) })")
    }
  }

  @Test func sharpnessScoreCost() {
    let renderer = SimulatedSceneRenderer(scene: .standard(seed: 1))
    let frame = NV12Frame(size: FrameSize(width: 1280, height: 720))
    renderer.render(sequence: 1, streamTime: .zero, lens: LensState(focus: 0.5), into: frame)
    let region = RegionOfInterest.around(x: 0.5, y: 0.5, size: 0.2)
    let runs = 2000
    var total = 0.0
    let start = Self.threadMilliseconds()
    for _ in 0..<runs { total += SharpnessScore.measure(frame, in: region) }
    let perCall = (Self.threadMilliseconds() - start) / Double(runs)
    print(
      "sharpness score, 20 % region of 1280x720: \(Self.milliseconds(perCall)) CPU ms"
        + " (score sum \(Self.rounded(total)))")
  }

  @Test func renderCostWithBlur() {
    let size = FrameSize(width: 1280, height: 720)
    let cases: [(String, (Int) -> LensState?, SensorState)] = [
      ("no lens", { _ in nil }, SensorState()),
      ("focus fixed at 0.5", { _ in LensState(focus: 0.5) }, SensorState()),
      ("focus sweeping 0→1", { LensState(focus: Double($0 % 90) / 90) }, SensorState()),
      (
        "sweeping, +1 stop, gain noise", { LensState(focus: Double($0 % 90) / 90) },
        SensorState(exposure: 0.5, gain: 0.25)
      ),
    ]
    for (name, lens, sensor) in cases {
      let renderer = SimulatedSceneRenderer(scene: .standard(seed: 1))
      let frame = NV12Frame(size: size)
      var times: [Double] = []
      for index in 0..<180 {
        let start = Self.threadMilliseconds()
        renderer.render(
          sequence: UInt32(index), streamTime: .milliseconds(33 * index), lens: lens(index),
          sensor: sensor, into: frame)
        times.append(Self.threadMilliseconds() - start)
      }
      let sorted = times.sorted()
      print(
        "render 1280x720 CPU, \(name): mean \(Self.milliseconds(times.reduce(0, +) / 180)) ms,"
          + " median \(Self.milliseconds(sorted[90])) ms, p95 \(Self.milliseconds(sorted[171]))"
          + " ms, max \(Self.milliseconds(sorted[179])) ms")
    }
  }

  /// CPU time of the calling thread in milliseconds: unlike wall time, it does not count the
  /// time other processes on a shared machine take the core away.
  private static func threadMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
  }

  private static func milliseconds(_ value: Double) -> String { "\(rounded(value))" }
  private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
