// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

extension OverlayScene {
  /// A streaming state whose photo interface is set up by `configure`.
  static func photoState(
    scale: Double = 1, _ configure: (inout PhotoOverlayState) -> Void = { _ in }
  ) -> OverlayState {
    var state = OverlayScene.state(
      .streaming(OverlayScene.device, mode: OverlayScene.mode), scale: scale)
    state.photo.canShoot = true
    configure(&state.photo)
    return state
  }

  /// Eight captures, newest first: the newest still being written, the third a video.
  static let thumbnails: [ThumbnailItem] = (0..<8).map { index in
    ThumbnailItem(
      id: ImageID("thumbnail-\(index)"), aspect: index % 2 == 0 ? 4.0 / 3 : 3.0 / 4,
      isPending: index == 0, isVideo: index == 2)
  }

  /// The viewer on the third of eight captures.
  static let viewer = ViewerState(
    image: ImageID("photo-2"), imageSize: Size(width: 4000, height: 3000), index: 2, count: 8,
    fileName: "IMG_20261130_093714.jpg")

  /// A fast click: press and release at `point` within one frame.
  static func tap(at point: Point, time: Double = 0, scale: Double = 1) -> OverlayInput {
    OverlayInput(
      windowSize: windowSize, pixelScale: scale, pointer: point, clicks: [Click(position: point)],
      time: time)
  }
}

@Suite("Photo interface goldens")
struct PhotoGoldenTests {
  private let golden = GoldenAssertion()

  private func check(
    _ name: String, _ state: OverlayState, input: OverlayInput? = nil, scale: Double = 1,
    time: Double = 0
  ) throws {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let input =
      input ?? OverlayInput(windowSize: OverlayScene.windowSize, pixelScale: scale, time: time)
    let frame = overlay.frame(input: input, state: state)
    let image = OverlayScene.render(frame.commands, scale: scale, showsVideo: true)
    try golden.verify(image, named: name)
    try golden.verify(
      text: frame.commands.map(\.description).joined(separator: "\n") + "\n",
      named: name + ".commands")
  }

  @Test func idleShutterIsWhiteDiscInRing() throws {
    try check("photo-shutterIdle", OverlayScene.photoState())
  }

  @Test func pressedShutterShrinksAndDimsItsDisc() throws {
    let shutter = Point(x: 256, y: 240)
    let input = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: shutter, pressedButtons: [.primary],
      clicks: [Click(position: shutter)])
    try check("photo-shutterPressed", OverlayScene.photoState(), input: input)
  }

  @Test func busyShutterDimsAndSpins() throws {
    try check(
      "photo-shutterBusy", OverlayScene.photoState { $0.isWriterBusy = true }, time: 0.3)
  }

  @Test func shutterWithoutCameraIsFaded() throws {
    try check("photo-shutterDisabled", OverlayScene.photoState { $0.canShoot = false })
  }

  @Test func flashHalfwayThroughItsFade() throws {
    // 75 ms into the 150 ms fade: half of the 0.9 peak.
    try check(
      "photo-flashMidFade", OverlayScene.photoState { $0.flashStartTime = 1 }, time: 1.075)
  }

  @Test func fullThumbnailStripWithPendingAndVideo() throws {
    let state = OverlayScene.photoState {
      $0.thumbnails = OverlayScene.thumbnails
      $0.timerSeconds = 10
      $0.isMuted = true
    }
    try check("photo-thumbnailStrip", state, time: 0.2)
  }

  @Test func thumbnailStripOnHiDPIScalesByPixelScale() throws {
    let state = OverlayScene.photoState(scale: 2) {
      $0.thumbnails = OverlayScene.thumbnails
      $0.stripOffset = 40
    }
    try check("photo-thumbnailStripHiDPI", state, scale: 2, time: 0.2)
  }

  @Test func viewerCoversWindowWithPhotoCaptionAndButtons() throws {
    try check("photo-viewer", OverlayScene.photoState { $0.viewer = OverlayScene.viewer })
  }

  @Test func viewerWithUndoToastAfterTrashing() throws {
    let state = OverlayScene.photoState {
      $0.viewer = OverlayScene.viewer
      $0.viewer?.zoom = 2
      $0.viewer?.pan = Point(x: 0.1, y: 0)
      $0.toast = "Moved to Trash"
    }
    try check("photo-viewerToast", state)
  }

  @Test func countdownShowsSecondsLeftOverPicture() throws {
    let state = OverlayScene.photoState {
      $0.timerSeconds = 3
      $0.countdownRemaining = 2.5
    }
    try check("photo-countdown", state)
  }

  @Test func storageWarningIsRedPillAboveBottomBar() throws {
    let state = OverlayScene.photoState {
      $0.storageMessage = "Can't write to ~/Pictures/Pinhole — 2 photos are kept in memory"
      $0.thumbnails = Array(OverlayScene.thumbnails.prefix(2))
    }
    try check("photo-storageWarning", state)
  }
}
