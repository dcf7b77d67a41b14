// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import SimulatedCamera
import Testing

/// The exposure controller metering a region of frames from the simulated sensor.
@Suite("Click to expose on the simulated camera")
struct ClickToExposeTests {
  /// Meters `target` for `frames` frames, splitting the controller's value into the sensor's
  /// exposure time and gain; returns every mean and the frame it first settled on.
  static func expose(
    _ target: FocusChart.Target, camera: SimulatedCamera, frames: Int = 30
  ) throws -> (means: [Double], settledAt: Int?) {
    let program = ExposureProgram(
      timeStops: SensorState.exposureStops, gainStops: SensorState.gainStops)
    var controller = ExposureController(
      value: program.value(exposure: camera.sensor.exposure, gain: camera.sensor.gain),
      configuration: .init(stops: program.totalStops))
    var means: [Double] = []
    var settledAt: Int?
    for count in 1...frames {
      let frame = try #require(try OpticsTestScene.nextFrame(from: camera))
      let mean = frame.frame.meanLuma(in: target.region)
      means.append(mean)
      switch controller.step(meanLuma: mean, frameSequence: frame.sequence) {
      case .set(let value):
        let (exposure, gain) = program.split(value)
        camera.setExposure(exposure)
        camera.setGain(gain)
      case .settled: settledAt = settledAt ?? count
      case .wait: break
      }
    }
    return (means, settledAt)
  }

  @Test(arguments: [
    (FocusChart.darkCard, 0.5), (FocusChart.lightCard, 0.5),
    (FocusChart.darkCard, 0.1), (FocusChart.lightCard, 0.9),
  ])
  func bringsTheRegionToMidGreyWithBoundedOvershoot(
    target: FocusChart.Target, exposure: Double
  ) throws {
    let camera = try OpticsTestScene.camera(exposure: exposure)
    let (means, settledAt) = try Self.expose(target, camera: camera)
    let settled = try #require(settledAt, "\(target.name): \(means)")
    #expect(settled <= 15, "\(target.name) from \(exposure): settled at frame \(settled)")
    let last = try #require(means.last)
    #expect(abs(last - 118) <= 10.2, "\(target.name): \(means)")
    let startsDark = means[0] < 118
    let overshoot = means.map { startsDark ? $0 - 118 : 118 - $0 }.max() ?? 0
    #expect(overshoot <= 0.05 * 102, "\(target.name): overshoot \(overshoot) in \(means)")
  }
}
