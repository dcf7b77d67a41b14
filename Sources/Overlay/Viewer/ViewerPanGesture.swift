// SPDX-License-Identifier: MIT
import CameraModel

/// Dragging a zoomed photo in the viewer moves it with the pointer; a double click zooms to
/// 2× or back to fitted.
///
/// Like the shutter's hold, the drag remembers its start in the held widget's ID: the
/// backdrop's ID holds the press position and the pan at that moment
/// ("viewer@120.0,80.0,0.0,0.0"), so each frame's pan follows from the pointer alone.
struct ViewerPanGesture {
  /// Where the press began, in drawable pixels.
  let anchor: Point
  /// The viewer's pan when the press began.
  let startPan: Point
  /// The backdrop's control ID this frame.
  let id: ControlID

  private static let idPrefix = "viewer@"

  /// The gesture held by `activeID`, or a new one anchored at the frame's newest primary
  /// press (the pointer when there is none) and the viewer's current pan.
  init(heldBy activeID: ControlID?, input: OverlayInput, pan: Point) {
    if let activeID, activeID.name.hasPrefix(Self.idPrefix) {
      let values = activeID.name.dropFirst(Self.idPrefix.count).split(separator: ",")
        .compactMap { Double($0) }
      if values.count == 4 {
        anchor = Point(x: values[0], y: values[1])
        startPan = Point(x: values[2], y: values[3])
        id = activeID
        return
      }
    }
    let press = input.clicks.last { $0.button == .primary }?.position
    anchor = (press ?? input.pointer ?? .zero).scaled(by: input.pixelScale)
    startPan = pan
    id = ControlID(
      Self.idPrefix + [anchor.x, anchor.y, pan.x, pan.y].map { String($0) }.joined(separator: ","))
  }

  /// The pan that keeps the photo's point under the press under `pointer`, for a photo drawn
  /// at `photoSize`. Each axis stays within ±0.5, so some of the photo always covers the
  /// view's centre.
  func pan(following pointer: Point, photoSize: Size) -> Point {
    guard photoSize.width > 0, photoSize.height > 0 else { return startPan }
    let x = startPan.x + (pointer.x - anchor.x) / photoSize.width
    let y = startPan.y + (pointer.y - anchor.y) / photoSize.height
    return Point(x: min(max(x, -0.5), 0.5), y: min(max(y, -0.5), 0.5))
  }

  /// The intents of the backdrop's response: a drag pans a zoomed photo; a double click on
  /// the photo zooms to 2× or back to fitted.
  static func intents(
    _ response: ControlResponse, gesture: ViewerPanGesture, screen: ViewerScreen,
    pointer: Point?
  ) -> [PhotoAction] {
    let viewer = screen.viewer
    if response.isPressed, viewer.zoom > 1, let pointer {
      let pan = gesture.pan(following: pointer, photoSize: screen.photoRect.size)
      return pan == viewer.pan ? [] : [.pan(to: pan)]
    }
    guard response.clickCount >= 2, let position = response.clickPosition,
      screen.photoRect.intersection(screen.photoArea).contains(position)
    else { return [] }
    return [.zoom(by: viewer.zoom > 1 ? 1 / viewer.zoom : 2)]
  }
}
