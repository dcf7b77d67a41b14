// SPDX-License-Identifier: MIT

/// Interaction results of the camera interface for one frame, passed from its update to its
/// drawing.
struct CameraUIResponses {}

extension Overlay {
  /// Updates the camera interface's widgets (before the bars and the video claim the pointer)
  /// and appends their intents.
  func updateCameraUI(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> CameraUIResponses {
    CameraUIResponses()
  }

  /// Draws the camera interface above the bars and banners.
  func drawCameraUI(
    _ responses: CameraUIResponses, into commands: inout [DrawCommand], layout: OverlayLayout,
    state: OverlayState, time: Double
  ) {}

  /// Intents of keys the camera interface owns.
  func cameraKeyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction] { [] }
}
