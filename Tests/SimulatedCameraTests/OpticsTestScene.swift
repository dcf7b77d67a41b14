// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import SimulatedCamera

/// The focus chart (`FocusChart`) as the simulated camera's tests render it: on a manual clock,
/// at a size debug builds render quickly.
enum OpticsTestScene {
  /// The frame size of these tests: 640x360 keeps debug-build renders with blur cheap; the
  /// blur and the regions scale with the frame, so focus behaves as at 720p (the opt-in
  /// `OpticsMeasurements` runs the same searches at 1280x720).
  static let size = FrameSize(width: 640, height: 360)

  /// A streaming camera on a manual clock showing the scene, autofocus and auto-exposure off.
  static func camera(
    focus: Double = 0.5, exposure: Double = 0.5,
    size: FrameSize = size
  ) throws -> SimulatedCamera {
    let camera = SimulatedCamera(
      options: .init(
        size: size, startTime: MonotonicTime(nanoseconds: 1_000_000_000), clock: ManualClock(),
        scene: FocusChart.scene, lens: LensState(focus: focus),
        sensor: SensorState(exposure: exposure)))
    try camera.startStreaming()
    return camera
  }

  /// The next frame, copied out of the camera.
  static func nextFrame(from camera: SimulatedCamera) throws -> CapturedFrame? {
    try CapturedFrame.capture(1, from: camera).first
  }
}
