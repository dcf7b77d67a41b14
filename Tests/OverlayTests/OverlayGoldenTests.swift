// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

@Suite("Overlay goldens")
struct OverlayGoldenTests {
  private let golden = GoldenAssertion()

  private func check(
    _ name: String, _ state: OverlayState, scale: Double = 1, time: Double = 0,
    showsVideo: Bool = true
  ) throws {
    let frame = OverlayScene.frame(state, scale: scale, time: time)
    let image = OverlayScene.render(frame.commands, scale: scale, showsVideo: showsVideo)
    try golden.verify(image, named: name)
    try golden.verify(
      text: frame.commands.map(\.description).joined(separator: "\n") + "\n",
      named: name + ".commands")
  }

  @Test func streamingShowsBarsAndStatusOnly() throws {
    try check(
      "streaming", OverlayScene.state(.streaming(OverlayScene.device, mode: OverlayScene.mode)))
  }

  @Test func openingShowsSpinnerPanel() throws {
    try check(
      "opening", OverlayScene.state(.opening(OverlayScene.device), showsVideo: false),
      time: 0.3, showsVideo: false)
  }

  @Test func noCameraShowsPanel() throws {
    try check("noCamera", OverlayScene.state(.noCamera, showsVideo: false), showsVideo: false)
  }

  @Test func failedShowsRedPanelWithUserMessage() throws {
    let error = CaptureError.deviceBusy(device: "/dev/video0")
    try check("failedDeviceBusy", OverlayScene.state(.failed(OverlayScene.device, error)))
  }

  @Test func noticeShowsPillUnderTopBar() throws {
    let notice = "No camera found — showing the simulated camera"
    var state = OverlayScene.state(
      .streaming(OverlayScene.device, mode: OverlayScene.mode), notice: notice)
    state.isSimulated = true
    state.cameraName = "Simulated Camera"
    try check("notice", state)
  }

  @Test func hiDPIScalesEverythingByPixelScale() throws {
    try check(
      "streamingHiDPI",
      OverlayScene.state(.streaming(OverlayScene.device, mode: OverlayScene.mode), scale: 2),
      scale: 2)
  }

  @Test func shortcutSheetListsTheKeysOverTheWindow() throws {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = OverlayScene.state(.streaming(OverlayScene.device, mode: OverlayScene.mode))
    let input = OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(.f1)])
    let frame = overlay.frame(input: input, state: state)
    let image = OverlayScene.render(frame.commands, scale: 1, showsVideo: true)
    try golden.verify(image, named: "shortcutSheet")
  }

  @Test func tooltipShowsUnderAnIconButtonAfterTheDelay() throws {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = OverlayScene.state(.streaming(OverlayScene.device, mode: OverlayScene.mode))
    let button = Point(x: 474, y: 240)
    _ = overlay.frame(
      input: OverlayInput(windowSize: OverlayScene.windowSize, pointer: button, time: 1),
      state: state)
    let frame = overlay.frame(
      input: OverlayInput(windowSize: OverlayScene.windowSize, pointer: button, time: 2),
      state: state)
    let image = OverlayScene.render(frame.commands, scale: 1, showsVideo: true)
    try golden.verify(image, named: "tooltip")
  }
}
