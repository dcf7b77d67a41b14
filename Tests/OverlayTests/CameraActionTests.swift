// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Camera interface actions")
struct CameraActionTests {
  private let size = CameraScene.windowSize

  private func frame(_ input: OverlayInput, state: OverlayState) -> OverlayFrame {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
  }

  private func click(_ point: Point, state: OverlayState) -> [OverlayAction] {
    frame(
      OverlayInput(windowSize: size, pointer: point, clicks: [Click(position: point)]),
      state: state
    ).actions
  }

  private func keys(_ presses: [KeyPress], state: OverlayState) -> [OverlayAction] {
    frame(OverlayInput(windowSize: size, keys: presses), state: state).actions
  }

  /// A state with three cameras, a torch and a flash, so every top-bar button shows.
  private var equipped: OverlayState {
    var state = CameraScene.state()
    state.camera.cameras = [
      CameraScene.device,
      DeviceInfo(path: "/dev/video2", name: "Logitech BRIO", driver: "uvcvideo", busInfo: "usb-2"),
      DeviceInfo(path: "/dev/video4", name: "Simulated Camera", driver: "pinhole", busInfo: ""),
    ]
    state.camera.torch = .init(kind: .led, isOn: false)
    state.camera.flashMode = .init(mode: .auto, kind: .led)
    return state
  }

  private func buttons(_ state: OverlayState) -> [CameraTopBar.Button: Rect] {
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let bar = CameraTopBar(state: state, layout: layout, painter: painter)
    return Dictionary(uniqueKeysWithValues: bar.buttons.map { ($0.0, $0.1) })
  }

  @Test func topBarButtonsRaiseTheirIntents() throws {
    let rects = buttons(equipped)
    let expected: [CameraTopBar.Button: CameraAction] = [
      .settings: .toggleSettings, .camera: .toggleCameraMenu, .torch: .toggleTorch,
      .flash: .cycleFlashMode,
    ]
    for (button, action) in expected {
      let rect = try #require(rects[button])
      #expect(click(rect.center, state: equipped) == [.camera(action)])
    }
  }

  @Test func theFlashShowsOnlyWhereItLightsPhotosAndTheTimerNotInScanMode() {
    var video = equipped
    video.recording.mode = .video
    var scanning = equipped
    scanning.scan.mode = .scan
    for state in [video, scanning] {
      #expect(buttons(state)[.flash] == nil)
      #expect(keys([KeyPress(.f)], state: state).isEmpty)
    }
    #expect(buttons(equipped)[.flash] != nil)
    #expect(keys([KeyPress(.f)], state: equipped) == [.camera(.cycleFlashMode)])
    // The self-timer: nothing to delay in scan mode, so no button and no T.
    #expect(keys([KeyPress(.t)], state: scanning).isEmpty)
    #expect(keys([KeyPress(.t)], state: equipped) == [.photo(.cycleTimer)])
    let layout = PhotoLayout(
      base: OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme()),
      theme: OverlayTheme(), timerSeconds: 0)
    let tap = layout.timerButton.center
    #expect(click(tap, state: scanning).isEmpty)
    #expect(click(tap, state: equipped) == [.photo(.cycleTimer)])
  }

  @Test func theTorchButtonsTooltipShowsTheLevelTheWheelSets() throws {
    var state = equipped
    state.camera.torch = .init(kind: .screen, isOn: true)
    state.camera.torchStrength = 0.6
    #expect(
      Overlay.label(of: .torch, camera: state.camera) == "Ring light: on, 60 % (L) — wheel to dim")
    // Resting on the button while the wheel turns, the tooltip reads the level in force.
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let torch = try #require(buttons(state)[.torch]).center
    for time in [0.0, 0.4, 0.8] {
      _ = overlay.frame(
        input: OverlayInput(
          windowSize: size, pointer: torch, wheel: Point(x: 0, y: 1), time: time),
        state: state)
    }
    let shown = overlay.frame(
      input: OverlayInput(windowSize: size, pointer: torch, time: 1), state: state)
    #expect(
      shown.commands.contains {
        if case .text(let text, _, _, _) = $0 { text.contains("60 %") } else { false }
      })
  }

  @Test func theWheelOverTheTorchButtonDimsAndBrightensIt() throws {
    let torch = try #require(buttons(equipped)[.torch])
    let up = frame(
      OverlayInput(windowSize: size, pointer: torch.center, wheel: Point(x: 0, y: 2)),
      state: equipped
    ).actions
    #expect(up == [.camera(.adjustTorch(by: 0.2))])
    let elsewhere = frame(
      OverlayInput(
        windowSize: size, pointer: Point(x: torch.minX - 200, y: torch.center.y),
        wheel: Point(x: 0, y: -1)),
      state: equipped
    ).actions
    #expect(!elsewhere.contains { if case .camera(.adjustTorch) = $0 { true } else { false } })
  }

  @Test func buttonsAppearOnlyWhenTheyApply() {
    var state = CameraScene.state()
    state.camera.cameras = [CameraScene.device]
    #expect(Set(buttons(state).keys) == [.settings])
    state.camera.controls = []
    state.camera.modes = []
    #expect(buttons(state).isEmpty)
    #expect(Set(buttons(equipped).keys) == Set(CameraTopBar.Button.allCases))
    // The gear sits at the right end; the others line up to its left.
    let rects = buttons(equipped)
    #expect((rects[.settings]?.minX ?? 0) > (rects[.camera]?.minX ?? .infinity))
  }

  @Test func cameraListPicksACameraAndClickOutsideClosesIt() throws {
    var state = equipped
    state.camera.isCameraMenuOpen = true
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let bar = CameraTopBar(state: state, layout: layout, painter: painter)
    let menu = try #require(bar.menu)
    #expect(click(bar.menuRow(1, in: menu).center, state: state) == [.camera(.selectCamera(1))])
    // Outside the list the click only closes it: no focus tap on the picture below.
    #expect(click(Point(x: 100, y: 200), state: state) == [.camera(.toggleCameraMenu)])
  }

  @Test func keysMapToCameraIntents() {
    let presses: [KeyPress] = [
      KeyPress(.s), KeyPress(.b), KeyPress(.i), KeyPress(.c), KeyPress(.m), KeyPress(.r),
      KeyPress(.digit(2), modifiers: .control),
    ]
    let expected: [CameraAction] = [
      .toggleSettings, .toggleHUD, .toggleHUD, .nextCamera, .toggleMirror, .rotate,
      .selectCamera(1),
    ]
    #expect(keys(presses, state: equipped) == expected.map { .camera($0) })
  }

  @Test func cameraKeysNeedMoreThanOneCamera() {
    let state = CameraScene.state()
    let presses = [KeyPress(.c), KeyPress(.digit(1), modifiers: .control)]
    #expect(keys(presses, state: state).isEmpty)
    #expect(keys([KeyPress(.digit(4), modifiers: .control)], state: equipped).isEmpty)
  }

  @Test func keysWithCommandModifiersAreNotTaken() {
    let presses = [KeyPress(.s, modifiers: .control), KeyPress(.m, modifiers: .alt)]
    #expect(keys(presses, state: equipped).isEmpty)
    #expect(keys([KeyPress(.s, modifiers: .shift)], state: equipped) == [.camera(.toggleSettings)])
  }

  @Test func escapeClosesTheListThenTheSettingsAndNeverQuits() {
    var state = equipped
    state.camera.isCameraMenuOpen = true
    state.camera.isSettingsOpen = true
    #expect(keys([KeyPress(.escape)], state: state) == [.camera(.toggleCameraMenu)])
    state.camera.isCameraMenuOpen = false
    #expect(keys([KeyPress(.escape)], state: state) == [.camera(.toggleSettings)])
    state.camera.isSettingsOpen = false
    #expect(keys([KeyPress(.escape)], state: state).isEmpty)
    #expect(keys([KeyPress(.q, modifiers: .control)], state: state) == [.quit])
  }

  @Test func nothingFocusRelatedIsDrawnWithoutFocusControl() {
    var state = CameraScene.state()
    let plain = frame(OverlayInput(windowSize: size, time: 10.2), state: state).commands
    state.camera.focus = FocusIndicator(
      position: Point(x: 0.5, y: 0.5), phase: .locked, startTime: 10)
    let cannot = frame(OverlayInput(windowSize: size, time: 10.2), state: state).commands
    #expect(cannot == plain)
    state.camera.canFocus = true
    let can = frame(OverlayInput(windowSize: size, time: 10.2), state: state).commands
    #expect(can.count > plain.count)
  }

  @Test func ringLightOnlyForALitScreenTorch() {
    var state = CameraScene.state()
    let warm = OverlayTheme.ringLightColor
    func hasRing(_ state: OverlayState) -> Bool {
      frame(OverlayInput(windowSize: size), state: state).commands.contains { command in
        if case .fillRect(_, let color, _) = command {
          return color.red == warm.red && color.green == warm.green && color.blue == warm.blue
        }
        return false
      }
    }
    state.camera.torch = .init(kind: .screen, isOn: false)
    #expect(!hasRing(state))
    state.camera.torch = .init(kind: .led, isOn: true)
    #expect(!hasRing(state))
    state.camera.torch = .init(kind: .screen, isOn: true)
    #expect(hasRing(state))
  }

  private static func rects(_ commands: [DrawCommand]) -> [(Rect, Color)] {
    commands.compactMap { command in
      if case .fillRect(let rect, let color, _) = command { return (rect, color) }
      return nil
    }
  }

  @Test func ringLightGrowsWithStrengthButCoversAtMostTwelvePointsOfThePicture() {
    let area = Rect(x: 0, y: 48, width: 640, height: 256)
    let weak = Self.rects(
      CameraRingLight.commands(area: area, picture: area, strength: 0, scale: 1))
    let strong = Self.rects(
      CameraRingLight.commands(area: area, picture: area, strength: 1, scale: 1))
    guard let weakBand = weak.first, let strongBand = strong.first else {
      Issue.record("expected bands")
      return
    }
    #expect(weakBand.0.height == 6 && strongBand.0.height == 12)
    #expect(weakBand.1.alpha < strongBand.1.alpha)
    // Past the opaque band the light is translucent: the picture shows through it.
    let inner = strong.filter { $0.0.intersection(area.insetBy(dx: 12, dy: 12)) == $0.0 }
    #expect(!inner.isEmpty && inner.allSatisfy { $0.1.alpha <= 90 })
    // Nothing reaches further in than two bands, 24 points.
    let centre = area.insetBy(dx: 24, dy: 24)
    #expect(strong.allSatisfy { $0.0.intersection(centre).isEmpty })
  }

  @Test func ringLightFillsTheLetterboxAndLeavesThePictureWhole() {
    // A 4:3 picture pillarboxed in a 16:9 area: 64 points of letterbox each side.
    let area = Rect(x: 0, y: 48, width: 512, height: 192)
    let picture = Rect(x: 128, y: 48, width: 256, height: 192)
    let lights = Self.rects(
      CameraRingLight.commands(area: area, picture: picture, strength: 1, scale: 1))
    #expect(lights.contains { $0.0 == Rect(x: 0, y: 48, width: 128, height: 192) })
    #expect(lights.contains { $0.0 == Rect(x: 384, y: 48, width: 128, height: 192) })
    // Over the picture only the top and bottom edges, which have no letterbox.
    let overPicture = lights.filter { !$0.0.intersection(picture).isEmpty }
    #expect(overPicture.allSatisfy { $0.0.height <= 12 && $0.0.width <= picture.width })
  }
}
