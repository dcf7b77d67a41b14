// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

@Suite("Camera interface goldens")
struct CameraGoldenTests {
  private let golden = GoldenAssertion()

  private func check(
    _ name: String, _ state: OverlayState, scale: Double = 1, time: Double = 0,
    pointer: Point? = nil
  ) throws {
    let frame = CameraScene.frame(state, scale: scale, time: time, pointer: pointer)
    let image = CameraScene.render(frame.commands, scale: scale)
    try golden.verify(image, named: "camera-" + name)
    try golden.verify(
      text: frame.commands.map(\.description).joined(separator: "\n") + "\n",
      named: "camera-" + name + ".commands")
  }

  @Test func settingsPanelListsModeAndGroupedControls() throws {
    try check("settings", CameraScene.settingsState(), pointer: Point(x: 560, y: 258))
  }

  @Test func settingsPanelScrolledShowsLaterControlsAndIndicator() throws {
    try check("settingsScrolled", CameraScene.settingsState(offset: 400))
  }

  @Test func settingsListShowsEveryChoiceWithTheCurrentTicked() throws {
    var state = CameraScene.settingsState()
    state.camera.picker = SettingsPicker(target: .size, highlighted: 0)
    try check("settingsPicker", state)
  }

  @Test func gridAndZoomBadgeSitOnThePicture() throws {
    var state = CameraScene.state()
    state.camera.showsGrid = true
    state.camera.zoomFactor = 2
    state.camera.exposureCompensationThirds = -2
    try check("gridZoom", state)
  }

  @Test func settingsPanelOnHiDPIScalesWithPixelScale() throws {
    try check("settingsHiDPI", CameraScene.settingsState(scale: 2), scale: 2)
  }

  private func focusState(_ phase: FocusIndicator.Phase) -> OverlayState {
    var state = CameraScene.state()
    state.camera.canFocus = true
    state.camera.focus = FocusIndicator(
      position: Point(x: 0.62, y: 0.45), phase: phase, startTime: 10)
    return state
  }

  @Test func focusSearchingPulsesYellowReticle() throws {
    try check("focusSearching", focusState(.searching), time: 10.1)
  }

  @Test func focusLockedShowsSolidReticleAndLockBadges() throws {
    var state = focusState(.locked)
    state.camera.isExposureLocked = true
    try check("focusLocked", state, time: 10.5)
  }

  @Test func focusFailedShowsFadingRedReticle() throws {
    try check("focusFailed", focusState(.failed), time: 11.2)
  }

  @Test func hudShowsFiguresAndIntervalSparkline() throws {
    var state = CameraScene.state()
    state.camera.isHUDVisible = true
    var random = SplitMix64(seed: 7)
    let intervals = (0..<110).map { index in
      // Mostly on time with jitter, and a few late frames to show the alert colour.
      index % 37 == 20 ? 66.7 : 33.3 + Double(random.next() % 40) / 10 - 2
    }
    state.camera.hud = HUDFigures(
      modeDescription: CameraScene.mode.description, colorspace: "BT.601 full (JPEG)",
      measuredFPS: 29.97, nominalFPS: 30, intervalP50: 33.4, intervalP95: 35.1,
      droppedByCamera: 3, droppedByPinhole: 1, corruptFrames: 0, convertMilliseconds: 2.41,
      latencyMilliseconds: 48.6, cpuPercent: 17.5, recentIntervals: intervals)
    state.camera.canFocus = true
    state.camera.focus = FocusIndicator(
      position: Point(x: 0.5, y: 0.5), phase: .locked, startTime: 0)
    try check("hud", state, time: 5)
  }

  @Test func cameraListOpenTicksCurrentCamera() throws {
    var state = CameraScene.state()
    state.camera.cameras = [
      CameraScene.device,
      DeviceInfo(path: "/dev/video2", name: "Logitech BRIO", driver: "uvcvideo", busInfo: "usb-2"),
      DeviceInfo(path: "/dev/video4", name: "Simulated Camera", driver: "pinhole", busInfo: ""),
    ]
    state.camera.isCameraMenuOpen = true
    try check("cameraList", state, pointer: Point(x: 500, y: 115))
  }

  @Test func screenTorchDrawsRingLightAndLitButtons() throws {
    var state = CameraScene.state()
    state.camera.torch = .init(kind: .screen, isOn: true)
    state.camera.torchStrength = 0.6
    state.camera.flashMode = .init(mode: .auto, kind: .screen)
    try check("torchRingLight", state)
  }

  @Test func flashAndTorchButtonsShowTheirStatesOnHiDPI() throws {
    var state = CameraScene.state(scale: 2)
    state.camera.torch = .init(kind: .led, isOn: false)
    state.camera.flashMode = .init(mode: .off, kind: .led)
    state.camera.cameras = [CameraScene.device, CameraScene.device]
    try check("buttonsHiDPI", state, scale: 2)
  }
}
