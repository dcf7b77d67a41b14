// SPDX-License-Identifier: MIT

/// Interaction results of the photo interface for one frame, passed from its update to its
/// drawing.
struct PhotoUIResponses {}

extension Overlay {
  /// Updates the photo interface's widgets (before the bars and the video claim the pointer)
  /// and appends their intents.
  func updatePhotoUI(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> PhotoUIResponses {
    PhotoUIResponses()
  }

  /// Draws the photo interface over everything else.
  func drawPhotoUI(
    _ responses: PhotoUIResponses, into commands: inout [DrawCommand], layout: OverlayLayout,
    state: OverlayState, time: Double
  ) {}

  /// Intents of keys the photo interface owns.
  func photoKeyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction] { [] }
}
