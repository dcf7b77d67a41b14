// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import SimulatedCamera
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Figures for the focus and exposure demo, printed rather than asserted: frames per search and
/// per exposure change on the simulated camera (a manual clock, so no timing is involved; the
/// CPU costs are in `pinhole-bench`). Off unless PINHOLE_MEASURE is set:
///
///     PINHOLE_MEASURE=1 swift test --filter OpticsMeasurements
@Suite(
  "Optics measurements",
  .enabled(if: getenv("PINHOLE_MEASURE") != nil), .serialized)
struct OpticsMeasurements {
  private static let hd = FrameSize(width: 1280, height: 720)

  @Test func autofocusFramesPerDepth() throws {
    for start in [0.0, 0.5, 1.0] {
      for target in FocusChart.focusTargets {
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
      (FocusChart.darkCard, 0.5), (FocusChart.lightCard, 0.5),
      (FocusChart.darkCard, 0.1), (FocusChart.lightCard, 0.9),
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

  private static func milliseconds(_ value: Double) -> String { "\(rounded(value))" }
  private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
