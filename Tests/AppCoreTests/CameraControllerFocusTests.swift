// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Metering
import Overlay
import Testing

@Suite("Camera controller: click to focus")
struct CameraControllerFocusTests {
  /// A rig whose simulated camera streams 1280x720 with its controls known.
  private func streamingRig() throws -> CameraControllerRig {
    let rig = CameraControllerRig()
    try rig.open()
    let mode = CaptureMode(
      format: .nv12, size: FrameSize(width: 1280, height: 720),
      interval: FrameInterval(framesPerSecond: 30))
    try rig.deliver([.stateChanged(.streaming(rig.device, mode: mode))])
    return rig
  }

  /// The region the click at `point` asks the capture thread to focus on.
  private func focusRegion(_ rig: CameraControllerRig, at point: Point) -> RegionOfInterest? {
    rig.controller.focus(at: point, overlayTime: 2)
    for effect in rig.controller.drainEffects() {
      if case .capture(.focus(let region, _, _)) = effect { return region }
    }
    return nil
  }

  @Test("a click focuses on the sensor point under it, undoing mirror and rotation")
  func clickMapsThroughMirrorAndRotation() throws {
    // The picture as shown is clicked at (0.25, 0.5); where that is on the sensor depends on
    // how the preview turns and flips it.
    let cases: [(turns: Int, mirrored: Bool, sensor: (x: Double, y: Double))] = [
      (0, false, (0.25, 0.5)), (0, true, (0.75, 0.5)), (1, false, (0.5, 0.75)),
      (2, false, (0.75, 0.5)), (3, false, (0.5, 0.25)), (1, true, (0.5, 0.25)),
    ]
    for (turns, mirrored, sensor) in cases {
      let rig = try streamingRig()
      for _ in 0..<turns { rig.controller.handle(.rotate, overlayTime: 0) }
      if mirrored != rig.controller.model.isMirrored {
        rig.controller.handle(.toggleMirror, overlayTime: 0)
      }
      #expect(rig.controller.model.quarterTurns == turns)
      let region = try #require(focusRegion(rig, at: Point(x: 0.25, y: 0.5)))
      #expect(abs(region.centerX - sensor.x) < 1e-9, "turns \(turns) mirrored \(mirrored)")
      #expect(abs(region.centerY - sensor.y) < 1e-9, "turns \(turns) mirrored \(mirrored)")
      #expect(region.width == CameraController.focusRegionSize)
    }
  }

  @Test("four quarter turns bring the picture back upright")
  func rotationWrapsAround() throws {
    let rig = try streamingRig()
    for _ in 0..<4 { rig.controller.handle(.rotate, overlayTime: 0) }
    #expect(rig.controller.model.quarterTurns == 0)
  }

  @Test("a click in the letterbox never focuses; one on the picture does, in its own terms")
  func letterboxClicksAreIgnored() throws {
    let rig = try streamingRig()
    // A 1280x720 picture in a 1280x800 window leaves 40-point bars above and below.
    let window = Rect(x: 0, y: 0, width: 1280, height: 800)
    let videoRect = VideoGeometry.aspectFit(content: Size(width: 1280, height: 720), in: window)
    #expect(VideoGeometry.normalizedPosition(of: Point(x: 640, y: 20), in: videoRect) == nil)
    let onPicture = try #require(
      VideoGeometry.normalizedPosition(of: Point(x: 320, y: 580), in: videoRect))
    let region = try #require(focusRegion(rig, at: onPicture))
    #expect(abs(region.centerX - 0.25) < 1e-9)
    #expect(abs(region.centerY - 0.75) < 1e-9)
  }

  @Test("a click near the picture's edge focuses on a region kept inside the sensor")
  func edgeClickStaysInside() throws {
    let rig = try streamingRig()
    let region = try #require(focusRegion(rig, at: Point(x: 1, y: 0)))
    #expect(region.centerX + region.width / 2 <= 1 + 1e-9)
    #expect(region.centerY - region.height / 2 >= -1e-9)
  }

  @Test("the reticle follows the focus engine's reports and the end of a run is logged")
  func reportsDriveTheReticle() throws {
    let rig = try streamingRig()
    let point = Point(x: 0.4, y: 0.6)
    let region = try #require(focusRegion(rig, at: point))
    #expect(
      rig.controller.focus == FocusIndicator(position: point, phase: .searching, startTime: 2))
    #expect(rig.controller.overlayState().canFocus)
    let locked = FocusReport(
      strategy: .contrastDetect, phase: .locked, framesTaken: 12, region: region,
      exposureLocked: true)
    rig.controller.apply([.focus(locked)], overlayTime: 5)
    #expect(rig.controller.focus == FocusIndicator(position: point, phase: .locked, startTime: 5))
    #expect(rig.controller.isExposureLocked)
    #expect(rig.controller.drainEffects() == [.log("pinhole: \(locked.summary)")])
    var continuous = locked
    continuous.phase = .continuous
    continuous.exposureLocked = false
    rig.controller.apply([.focus(continuous)], overlayTime: 6)
    #expect(rig.controller.focus == nil)
    #expect(!rig.controller.isExposureLocked)
  }

  @Test("resuming automatic focus clears the reticle and the exposure lock")
  func resumeClearsTheLocks() throws {
    let rig = try streamingRig()
    _ = focusRegion(rig, at: Point(x: 0.5, y: 0.5))
    rig.controller.handle(.resumeAutomaticFocusAndExposure, overlayTime: 3)
    #expect(rig.controller.focus == nil)
    #expect(!rig.controller.isExposureLocked)
    #expect(rig.controller.drainEffects() == [.capture(.resumeAutomaticFocusAndExposure)])
  }

  @Test("a camera without focus controls, or without a mode yet, ignores clicks")
  func noFocusWithoutControlsOrMode() throws {
    let rig = CameraControllerRig()
    #expect(focusRegion(rig, at: Point(x: 0.5, y: 0.5)) == nil)
    try rig.open()
    // Controls known but no mode negotiated yet.
    #expect(rig.controller.canFocus)
    #expect(focusRegion(rig, at: Point(x: 0.5, y: 0.5)) == nil)
    #expect(rig.controller.focus == nil)
    let brightnessOnly = try rig.camera.controls().filter { $0.id == .brightness }
    let streaming = try streamingRig()
    try streaming.deliver([.controlsChanged(brightnessOnly)])
    #expect(!streaming.controller.canFocus)
    #expect(focusRegion(streaming, at: Point(x: 0.5, y: 0.5)) == nil)
    #expect(!streaming.controller.overlayState().canFocus)
  }
}
