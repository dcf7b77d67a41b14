// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Metering
import SimulatedCamera

/// The focus chart (`FocusChart`) streamed at 640x360, 30 fps on the real clock through a
/// capture session.
enum FocusTestScene {
  static let size = FrameSize(width: 640, height: 360)

  /// A session streaming the scene from a simulated camera with continuous autofocus on and
  /// the lens at `focus`, auto-exposure off at `exposure`.
  static func session(focus: Double = 0.5, exposure: Double = 0.5) -> CaptureSession {
    let options = SimulatedCamera.Options(
      size: size, scene: FocusChart.scene, lens: LensState(focus: focus, isAutofocusEnabled: true),
      sensor: SensorState(exposure: exposure))
    return CaptureSession(
      configuration: .init(request: ModeRequest(size: size, framesPerSecond: 30)),
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        SimulatedCamera(options: options)
      },
      makeConverter: { CopyingConverter() })
  }
}

extension CaptureEventRecorder {
  /// The focus reports so far, in order.
  var focusReports: [FocusReport] {
    events.compactMap { if case .focus(let report) = $0 { report } else { nil } }
  }

  /// The value of control `id` in the newest control list reported.
  func latestValue(of id: ControlID) -> Int64? {
    let lists = events.compactMap { if case .controlsChanged(let list) = $0 { list } else { nil } }
    return lists.last?.first { $0.id == id }?.value
  }
}
