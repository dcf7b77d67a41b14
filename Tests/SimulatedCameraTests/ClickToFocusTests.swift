// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import SimulatedCamera
import Testing

/// Contrast autofocus driven by frames from the simulated camera, on a manual clock: every
/// frame is rendered with the lens where its motor has got to, as a real stream would be.
@Suite("Click to focus on the simulated camera")
struct ClickToFocusTests {
  typealias Target = FocusChart.Target

  /// The simulated lens needs no settle frames: a command reaches the motor before the next
  /// frame is rendered.
  static let configuration = ContrastAutofocus.Configuration(
    lensSpeed: LensState.maximumTravelPerFrame, settleFrames: 0)

  /// Runs autofocus on `target` from lens position `start`; returns the lock position and
  /// the frames it took, or nil when the search failed or ran past `limit` frames.
  static func focus(
    on target: Target, camera: SimulatedCamera, limit: Int = 40
  ) throws -> (position: Double, frames: Int)? {
    var autofocus = ContrastAutofocus(startingAt: camera.lens.focus, configuration: configuration)
    for count in 1...limit {
      let frame = try #require(try OpticsTestScene.nextFrame(from: camera))
      let score = SharpnessScore.measure(frame.frame, in: target.region)
      switch autofocus.step(score: score, frameSequence: frame.sequence) {
      case .move(let position): camera.setFocus(position)
      case .wait: continue
      case .locked(let position):
        camera.setFocus(position)
        return (position, count)
      case .failed: return nil
      }
    }
    return nil
  }

  @Test(arguments: [0.0, 0.5, 1.0])
  func convergesOnEachTargetWithinTwoPercentInTwentyFiveFrames(start: Double) throws {
    for target in FocusChart.focusTargets {
      let camera = try OpticsTestScene.camera(focus: start)
      let result = try #require(try Self.focus(on: target, camera: camera), "\(target.name)")
      #expect(
        abs(result.position - target.depth) <= 0.02,
        "\(target.name) from \(start): locked at \(result.position)")
      #expect(result.frames <= 25, "\(target.name) from \(start): \(result.frames) frames")
    }
  }

  @Test(arguments: [FocusChart.near, FocusChart.far])
  func clickedTargetSharpensWhileTheOthersBlur(target: Target) throws {
    let camera = try OpticsTestScene.camera(focus: FocusChart.middle.depth)
    let before = try #require(try OpticsTestScene.nextFrame(from: camera))
    _ = try #require(try Self.focus(on: target, camera: camera))
    // Let the motor finish the last move.
    for _ in 0..<3 { _ = try OpticsTestScene.nextFrame(from: camera) }
    let after = try #require(try OpticsTestScene.nextFrame(from: camera))
    for other in FocusChart.focusTargets {
      let old = SharpnessScore.measure(before.frame, in: other.region)
      let new = SharpnessScore.measure(after.frame, in: other.region)
      if other.name == target.name {
        #expect(new > 2 * old, "\(other.name) should sharpen: \(old) → \(new)")
      } else {
        #expect(new < old, "\(other.name) should blur: \(old) → \(new)")
      }
    }
  }

  @Test func featurelessRegionFails() throws {
    let camera = try OpticsTestScene.camera()
    // The dark card is flat grey: no contrast at any focus.
    #expect(try Self.focus(on: FocusChart.darkCard, camera: camera) == nil)
  }
}
