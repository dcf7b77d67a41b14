// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import SimulatedCamera
import Testing

@Suite("The simulated lens and sensor")
struct LensModelTests {
  private static let size = OpticsTestScene.size

  private func render(lens: LensState?, sensor: SensorState = SensorState()) -> NV12Frame {
    let renderer = SimulatedSceneRenderer(scene: FocusChart.scene)
    let frame = NV12Frame(size: Self.size)
    renderer.render(sequence: 1, streamTime: .zero, lens: lens, sensor: sensor, into: frame)
    return frame
  }

  @Test(arguments: FocusChart.focusTargets.map(\.name))
  func sharpnessFallsMonotonicallyAsDefocusGrows(name: String) throws {
    let target = try #require(FocusChart.focusTargets.first { $0.name == name })
    for direction in [-1.0, 1.0] {
      var previous = Double.infinity
      var scores: [Double] = []
      for step in 0...12 {
        let focus = target.depth + direction * Double(step) * 0.025
        guard focus >= 0, focus <= 1 else { break }
        let frame = render(lens: LensState(focus: focus))
        let score = SharpnessScore.measure(frame, in: target.region)
        scores.append(score)
        #expect(score < previous, "\(name) \(direction): \(scores)")
        previous = score
      }
      #expect(scores.count >= 4)
    }
  }

  @Test func withoutALensEverythingIsSharp() {
    let pinhole = render(lens: nil)
    let focused = render(lens: LensState(focus: FocusChart.middle.depth))
    let region = FocusChart.middle.region
    #expect(
      SharpnessScore.measure(pinhole, in: region) == SharpnessScore.measure(focused, in: region))
  }

  @Test func motorTravelsAtMostItsSpeedPerFrame() throws {
    let camera = try OpticsTestScene.camera(focus: 0)
    camera.setFocus(1)
    var positions: [Double] = []
    for _ in 0..<15 {
      _ = try OpticsTestScene.nextFrame(from: camera)
      positions.append(camera.lens.focus)
    }
    for (before, after) in zip([0] + positions, positions) {
      #expect(after - before <= LensState.maximumTravelPerFrame + 1e-12)
    }
    #expect(positions.last == 1)
    #expect(positions.firstIndex(of: 1) == 12, "\(positions)")
  }

  @Test func continuousAutofocusSettlesOnTheCentreObject() throws {
    let camera = try OpticsTestScene.camera(focus: 1)
    camera.setAutofocus(true)
    for _ in 0..<10 { _ = try OpticsTestScene.nextFrame(from: camera) }
    #expect(camera.lens.isAutofocusEnabled)
    #expect(camera.lens.focus == FocusChart.middle.depth)
    #expect(camera.lens.isSettled)
  }

  @Test func builtInAutoExposureBringsTheCentreTowardsMidGrey() throws {
    let camera = try OpticsTestScene.camera(exposure: 0.15)
    camera.setAutoExposure(true)
    let centre = RegionOfInterest(centerX: 0.5, centerY: 0.5, width: 1.0 / 3, height: 1.0 / 3)
    let first = try #require(try OpticsTestScene.nextFrame(from: camera))
    var last = first
    for _ in 0..<20 { last = try #require(try OpticsTestScene.nextFrame(from: camera)) }
    #expect(first.frame.meanLuma(in: centre) < 60)
    #expect(abs(last.frame.meanLuma(in: centre) - 118) < 15)
    #expect(camera.sensor.exposure > 0.15)
  }

  @Test func exposureAndGainScaleTheSignalAndClipAt235() {
    let region = FocusChart.darkCard.region
    let base = render(lens: nil).meanLuma(in: region) - 16
    let doubled = render(lens: nil, sensor: SensorState(exposure: 0.5 + 1 / 8)).meanLuma(in: region)
    #expect(abs((doubled - 16) / base - 2) < 0.1, "one stop more exposure doubles the signal")
    let gained = render(lens: nil, sensor: SensorState(gain: 0.25)).meanLuma(in: region)
    #expect(abs((gained - 16) / base - 2) < 0.15, "a quarter of the gain range is one stop")
    let flashed = render(lens: nil, sensor: SensorState(extraLight: 1)).meanLuma(in: region)
    #expect(abs((flashed - 16) / base - 2) < 0.1, "extra light 1 doubles the light")
    let blown = render(lens: nil, sensor: SensorState(exposure: 1))
    #expect(blown.meanLuma(in: FocusChart.lightCard.region) == 235)
  }

  @Test func gainAddsNoiseThatExposureDoesNot() {
    let region = FocusChart.lightCard.region
    // Same brightness two ways: two stops of time, or two stops of gain from one stop less.
    let clean = render(lens: nil, sensor: SensorState(exposure: 0.375))
    let noisy = render(lens: nil, sensor: SensorState(exposure: 0.125, gain: 0.5))
    #expect(abs(clean.meanLuma(in: region) - noisy.meanLuma(in: region)) < 3)
    #expect(
      SharpnessScore.measure(noisy, in: region) > 5 * SharpnessScore.measure(clean, in: region))
  }
}
