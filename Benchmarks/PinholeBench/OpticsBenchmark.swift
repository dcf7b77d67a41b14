// SPDX-License-Identifier: MIT
import CameraModel
import Metering
import SimulatedCamera

/// The click-to-focus demo's costs: the sharpness score contrast autofocus computes on every
/// frame of a search, and the simulated camera's rendering with its lens blur, which must fit
/// a 30 fps frame (33 ms) at 1280x720.
struct OpticsBenchmark {
  let stopwatch: Stopwatch

  /// Prints the figures at 720p (the default mode) and 1080p (the largest recording size).
  func run() {
    for size in [FrameSize(width: 1280, height: 720), FrameSize(width: 1920, height: 1080)] {
      run(size)
    }
  }

  private func run(_ size: FrameSize) {
    let renderer = SimulatedSceneRenderer(scene: .standard(seed: 1))
    let frame = NV12Frame(size: size)
    renderer.render(sequence: 1, streamTime: .zero, lens: LensState(focus: 0.5), into: frame)
    let region = RegionOfInterest.around(x: 0.5, y: 0.5, size: 0.2)
    printRow(
      size, "SharpnessScore, 20 % region",
      stopwatch.measure { _ = SharpnessScore.measure(frame, in: region) })
    printRow(
      size, "meanLuma, whole frame (auto flash)",
      stopwatch.measure { _ = frame.meanLuma(in: .full) })

    let cases: [(String, (Int) -> LensState?, SensorState)] = [
      ("simulated scene, no lens", { _ in nil }, SensorState()),
      ("simulated scene, focus 0.5", { _ in LensState(focus: 0.5) }, SensorState()),
      (
        "simulated scene, focus sweeping", { LensState(focus: Double($0 % 90) / 90) }, SensorState()
      ),
      (
        "simulated scene, sweeping + gain noise", { LensState(focus: Double($0 % 90) / 90) },
        SensorState(exposure: 0.5, gain: 0.25)
      ),
    ]
    for (name, lens, sensor) in cases {
      // Each run draws the next frame of a moving scene, so the blur radii and object
      // positions vary as they do in the app.
      var index = 0
      let measurement = stopwatch.measure {
        index += 1
        renderer.render(
          sequence: UInt32(truncatingIfNeeded: index), streamTime: .milliseconds(33 * index),
          lens: lens(index), sensor: sensor, into: frame)
      }
      printRow(size, name, measurement)
    }
  }
}
