// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// Tooltips, the shortcut sheet, hints, Escape's order, the top bar's text, fading notices and
/// the banner's buttons.
@Suite("Overlay discoverability")
struct DiscoverabilityTests {
  private let streaming = OverlayScene.state(
    .streaming(OverlayScene.device, mode: OverlayScene.mode))

  private func input(
    pointer: Point? = nil, clicks: [Click] = [], keys: [KeyPress] = [], time: Double = 0,
    size: Size = OverlayScene.windowSize
  ) -> OverlayInput {
    OverlayInput(windowSize: size, pointer: pointer, clicks: clicks, keys: keys, time: time)
  }

  private static func texts(_ frame: OverlayFrame) -> [String] {
    frame.commands.compactMap { command in
      if case .text(let string, _, _, _) = command { return string }
      return nil
    }
  }

  // MARK: Tooltips

  @Test func tooltipShowsAfterTheHoverDelayWithTheShortcut() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    // The full-screen button sits at the right of the bottom bar.
    let button = Point(x: 474, y: 240)
    let early = overlay.frame(input: input(pointer: button, time: 10), state: streaming)
    #expect(!Self.texts(early).contains("Full screen (F11)"))
    let late = overlay.frame(input: input(pointer: button, time: 10.7), state: streaming)
    #expect(Self.texts(late).contains("Full screen (F11)"))
    // Moving off the button hides it.
    let away = overlay.frame(
      input: input(pointer: Point(x: 200, y: 140), time: 11), state: streaming)
    #expect(!Self.texts(away).contains("Full screen (F11)"))
  }

  @Test func tooltipNamesTheFlashModeAndStaysInsideTheWindow() {
    var state = CameraScene.state()
    state.camera.flashMode = .init(mode: .off, kind: .screen)
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let layout = OverlayLayout(
      input: OverlayInput(windowSize: CameraScene.windowSize), theme: OverlayTheme())
    let tips = overlay.tooltips(state: state, layout: layout)
    let flash = tips.first { $0.text == "Flash: off (F)" }
    #expect(flash != nil)
    // Every label fits the window, even for the button at its right edge.
    for tip in tips {
      let frame = tip.frame(
        textSize: Size(width: Double(tip.text.count) * 7, height: 15), bounds: layout.bounds,
        scale: 1)
      #expect(frame.minX >= 0 && frame.maxX <= layout.bounds.width)
      #expect(frame.minY >= 0 && frame.maxY <= layout.bounds.height)
    }
  }

  @Test func everyIconButtonHasATooltip() {
    var state = CameraScene.state()
    state.camera.flashMode = .init(mode: .auto, kind: .screen)
    state.camera.torch = .init(kind: .screen, isOn: false)
    state.camera.cameras = [CameraScene.device, OverlayScene.device]
    state.photo.canShoot = true
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let layout = OverlayLayout(
      input: OverlayInput(windowSize: CameraScene.windowSize), theme: OverlayTheme())
    let names = Set(overlay.tooltips(state: state, layout: layout).map(\.id.name))
    for name in [
      "camera-button-settings", "camera-button-camera", "camera-button-torch",
      "camera-button-flash", "photo-shutter", "photo-timer", "photo-mute", "fullscreen",
      "photo-library",
    ] {
      #expect(names.contains(name), "no tooltip for \(name)")
    }
  }

  @Test func theModeSwitchAndTheRecordButtonHaveTooltips() {
    var state = CameraScene.state()
    state.photo.canShoot = true
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let layout = OverlayLayout(
      input: OverlayInput(windowSize: CameraScene.windowSize), theme: OverlayTheme())
    let photoTips = overlay.tooltips(state: state, layout: layout).map(\.text)
    for label in ["Photo mode (P)", "Video mode (V)", "Scan codes (Q)"] {
      #expect(photoTips.contains(label), "no tooltip \(label)")
    }
    state.recording.mode = .video
    #expect(
      overlay.tooltips(state: state, layout: layout).map(\.text).contains(
        "Start recording (Space)"))
    state.recording.isRecording = true
    let recordingTips = overlay.tooltips(state: state, layout: layout).map(\.text)
    #expect(recordingTips.contains("Stop recording (Space)"))
    #expect(recordingTips.contains("Take a photo while recording"))
    // While recording the mode cannot change: the switch's labels are gone with it.
    #expect(!recordingTips.contains("Video mode (V)"))
  }

  // MARK: Shortcut sheet

  @Test func f1OpensTheSheetWhichSwallowsKeysAndEscapeClosesIt() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = streaming
    state.photo.canShoot = true
    let opened = overlay.frame(input: input(keys: [KeyPress(.f1)]), state: state)
    #expect(overlay.isShortcutSheetOpen)
    #expect(Self.texts(opened).contains(ShortcutSheet.title))
    // Space does not shoot under the sheet; Escape closes it and does not quit.
    let swallowed = overlay.frame(input: input(keys: [KeyPress(.space)]), state: state)
    #expect(swallowed.actions.isEmpty)
    let closed = overlay.frame(input: input(keys: [KeyPress(.escape)]), state: state)
    #expect(closed.actions.isEmpty && !overlay.isShortcutSheetOpen)
    #expect(!Self.texts(closed).contains(ShortcutSheet.title))
  }

  @Test func questionMarkTogglesTheSheetAndAClickOutsideClosesItWithoutFocusing() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    _ = overlay.frame(input: input(keys: [KeyPress(.questionMark)]), state: streaming)
    #expect(overlay.isShortcutSheetOpen)
    _ = overlay.frame(input: input(keys: [KeyPress(.questionMark)]), state: streaming)
    #expect(!overlay.isShortcutSheetOpen)
    _ = overlay.frame(input: input(keys: [KeyPress(.f1)]), state: streaming)
    let corner = Point(x: 70, y: 10)
    let click = overlay.frame(
      input: input(pointer: corner, clicks: [Click(position: corner)]), state: streaming)
    #expect(click.actions.isEmpty && !overlay.isShortcutSheetOpen)
  }

  @Test func sheetListsEveryKeyTheOverlayHandles() {
    let keys = ShortcutSheet.entries.map(\.keys).joined(separator: " ")
    for key in [
      "Space", "T", "F", "L", "V", "Q", "S", "B / I", "Tab", "C", "M / R", "F11", "Delete",
      "Ctrl+Z", "? / F1", "Esc", "Ctrl+Q",
    ] {
      #expect(keys.contains(key), "the sheet lacks \(key)")
    }
  }

  // MARK: Hints and Escape

  @Test func cWithOneCameraShowsAHint() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let frame = overlay.frame(input: input(keys: [KeyPress(.c)], time: 5), state: streaming)
    #expect(frame.actions.isEmpty)
    #expect(Self.texts(frame).contains(Overlay.oneCameraHint))
    let later = overlay.frame(input: input(time: 8), state: streaming)
    #expect(!Self.texts(later).contains(Overlay.oneCameraHint))
  }

  @Test("a shortcut that can do nothing now says so: F in video mode, T in scan mode")
  func aShortcutThatCannotActShowsAHint() {
    var video = streaming
    video.recording.mode = .video
    var scan = streaming
    scan.scan.mode = .scan
    for (key, state, letter) in [(Key.f, video, "F"), (Key.t, scan, "T")] {
      let overlay = Overlay(measurer: FixedWidthTextMeasurer())
      let frame = overlay.frame(input: input(keys: [KeyPress(key)], time: 5), state: state)
      #expect(frame.actions.isEmpty, "\(letter): \(frame.actions)")
      let action = ShortcutSheet.entries.first { $0.keys == letter }?.action ?? "?"
      #expect(
        Self.texts(frame).contains(Overlay.unavailableHint(action: action, key: letter)),
        "\(letter): \(Self.texts(frame))")
    }
    // A key that acted gives no such hint, and C keeps its own.
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let timer = overlay.frame(input: input(keys: [KeyPress(.t)], time: 5), state: streaming)
    #expect(!timer.actions.isEmpty)
    #expect(!Self.texts(timer).contains { $0.hasPrefix("Not available now") })
    let c = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: input(keys: [KeyPress(.c)], time: 5), state: streaming)
    #expect(Self.texts(c).contains(Overlay.oneCameraHint))
  }

  @Test func escapeCancelsTheCountdownBeforeClosingPanelsOrQuitting() {
    var state = CameraScene.settingsState()
    state.photo.countdownRemaining = 2
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let first = overlay.frame(input: input(keys: [KeyPress(.escape)]), state: state)
    #expect(first.actions == [.photo(.cancelCountdown)])
    state.photo.countdownRemaining = nil
    let second = overlay.frame(input: input(keys: [KeyPress(.escape)]), state: state)
    #expect(second.actions == [.camera(.toggleSettings)])
  }

  @Test func escapeClosesTheBannerBeforeQuitting() {
    var state = streaming
    state.photo.banner = PhotoBanner(message: "Disk error.", isError: true)
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let frame = overlay.frame(input: input(keys: [KeyPress(.escape)]), state: state)
    #expect(frame.actions == [.photo(.dismissBanner)])
  }

  @Test func escapeWithNothingToCloseSaysHowToQuitAndDoesNotQuit() {
    for isRecording in [false, true] {
      var state = streaming
      state.recording.mode = .video
      state.recording.isRecording = isRecording
      let overlay = Overlay(measurer: FixedWidthTextMeasurer())
      let frame = overlay.frame(input: input(keys: [KeyPress(.escape)]), state: state)
      #expect(!frame.actions.contains(.quit))
      #expect(Self.texts(frame).contains(Overlay.quitHint))
    }
  }

  // MARK: Focus and double-click

  @Test func doubleClickUndoesTheFirstClicksFocusLock() {
    var state = streaming
    state.camera.canFocus = true
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let point = Point(x: 160, y: 144)
    let first = overlay.frame(
      input: input(pointer: point, clicks: [Click(position: point)]), state: state)
    #expect(first.actions == [.focus(at: Point(x: 0.25, y: 0.5))])
    let second = overlay.frame(
      input: input(pointer: point, clicks: [Click(position: point, count: 2)], time: 0.2),
      state: state)
    #expect(second.actions == [.toggleFullscreen, .camera(.resumeAutomaticFocusAndExposure)])
  }

  // MARK: Top bar and notices

  @Test func topBarShowsTheNameAndNoFigures() {
    let frame = OverlayScene.frame(streaming)
    let texts = Self.texts(frame)
    #expect(texts.contains(OverlayScene.device.name))
    #expect(!texts.contains { $0.contains("fps") || $0.contains("dropped") })
  }

  @Test func narrowTopBarDropsTheBadgeBeforeCuttingTheName() {
    var state = streaming
    state.isSimulated = true
    state.cameraName = "Simulated Camera"
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let size = Size(width: 240, height: 240)
    let texts = Self.texts(overlay.frame(input: input(size: size), state: state))
    #expect(texts.contains("Simulated Camera"))
    #expect(!texts.contains("SIMULATED"))
  }

  @Test func topBarSaysWhenTheCameraIsOpening() {
    let state = OverlayScene.state(.opening(OverlayScene.device))
    #expect(Self.texts(OverlayScene.frame(state)).contains("Opening…"))
  }

  @Test func noticeFadesAfterAFewSecondsAndClicksOnItNeverFocus() {
    var state = OverlayScene.state(
      .streaming(OverlayScene.device, mode: OverlayScene.mode),
      notice: "No camera found — showing the simulated camera")
    state.camera.canFocus = true
    state.noticeSince = 0
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    // The pill sits centred 12 points under the 48-point top bar.
    let onPill = Point(x: 256, y: 70)
    let early = overlay.frame(
      input: input(pointer: onPill, clicks: [Click(position: onPill)], time: 3), state: state)
    #expect(Self.texts(early).contains { $0.hasPrefix("No camera found") })
    #expect(early.actions.isEmpty)
    let late = overlay.frame(input: input(time: 7), state: state)
    #expect(!Self.texts(late).contains { $0.hasPrefix("No camera found") })
    // A notice without a start time (its cause holds) stays.
    state.noticeSince = nil
    let sticky = overlay.frame(input: input(time: 600), state: state)
    #expect(Self.texts(sticky).contains { $0.hasPrefix("No camera found") })
  }

  // MARK: Small windows

  @Test func at320x240NeitherTheCountdownNorTheTimerOverlapsTheShutter() {
    let size = Size(width: 320, height: 240)
    let theme = OverlayTheme()
    let base = OverlayLayout(input: OverlayInput(windowSize: size), theme: theme)
    for seconds in [0, 3, 10] {
      let layout = PhotoLayout(
        base: base, theme: OverlayTheme(), timerSeconds: seconds)
      #expect(layout.timerButton.intersection(layout.shutter).isEmpty)
      #expect(layout.muteButton.intersection(layout.shutter).isEmpty)
      #expect(layout.timerButton.minX >= 0)
      #expect(layout.timerButton.intersection(base.fullscreenButton).isEmpty)
    }
    var state = OverlayScene.state(.streaming(OverlayScene.device, mode: OverlayScene.mode))
    state.videoRect = VideoGeometry.aspectFit(
      content: Size(width: 640, height: 480), in: Rect(origin: .zero, size: size))
    state.photo.canShoot = true
    state.photo.countdownRemaining = 2.5
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let frame = overlay.frame(input: input(size: size), state: state)
    let shutter = PhotoLayout(
      base: base, theme: OverlayTheme(), timerSeconds: 0
    ).shutter
    var discs: [Rect] = []
    for case .ring(let center, let radius, _, _) in frame.commands
    where radius > 20 && center.y < shutter.minY {
      discs.append(
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }
    #expect(!discs.isEmpty)
    for disc in discs { #expect(disc.maxY <= shutter.minY, "the countdown reaches \(disc)") }
  }

  @Test func modeSwitchGivesWayToTheCountdown() {
    var state = streaming
    state.photo.canShoot = true
    #expect(Self.texts(OverlayScene.frame(state)).contains("Video"))
    state.photo.countdownRemaining = 2
    #expect(!Self.texts(OverlayScene.frame(state)).contains("Video"))
  }

  // MARK: Banner

  @Test func bannerCloseButtonDismissesAndItsTextTakesClicks() throws {
    var state = streaming
    state.camera.canFocus = true
    state.photo.banner = PhotoBanner(message: "Disk error.", isError: true)
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let layout = PhotoLayout(
      base: OverlayLayout(input: input(), theme: OverlayTheme()), theme: OverlayTheme(),
      timerSeconds: 0)
    let pills = PhotoPills(
      photo: state.photo, layout: layout,
      painter: PhotoPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1),
      theme: OverlayTheme())
    let banner = try #require(pills.banner)
    #expect(banner.button == nil)
    let close = try #require(banner.close).center
    let closed = overlay.frame(
      input: input(pointer: close, clicks: [Click(position: close)]), state: state)
    #expect(closed.actions == [.photo(.dismissBanner)])
    let onText = Point(x: banner.messageLeading + 4, y: banner.rect.center.y)
    let text = overlay.frame(
      input: input(pointer: onText, clicks: [Click(position: onText)], time: 1), state: state)
    #expect(text.actions.isEmpty)
  }

  @Test func theBannerAndToastSitAboveTheModeSwitchWhichStillWorks() throws {
    var state = streaming
    state.photo.canShoot = true
    state.photo.banner = PhotoBanner(message: "Disk error.", isError: true)
    state.photo.toast = "Moved to the trash"
    let base = OverlayLayout(input: input(), theme: OverlayTheme())
    let layout = PhotoLayout(
      base: base, theme: OverlayTheme(), timerSeconds: 0)
    let pills = PhotoPills(
      photo: state.photo, layout: layout,
      painter: PhotoPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1),
      theme: OverlayTheme())
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let rects = overlay.recordingLayout(base, state: state)
    for pill in [try #require(pills.banner).rect, try #require(pills.toast).rect] {
      #expect(pill.maxY <= rects.modeSwitch.minY, "\(pill) covers the switch")
      #expect(pill.maxY <= rects.photoButton.minY, "\(pill) covers the small shutter")
    }
    #expect(Self.texts(overlay.frame(input: input(), state: state)).contains("Video"))
    let video = rects.segment(.video).center
    let frame = overlay.frame(
      input: input(pointer: video, clicks: [Click(position: video)]), state: state)
    #expect(frame.actions == [.recording(.setMode(.video))])
  }

  @Test func theStripHoldsOnlyWholeThumbnails() {
    let theme = OverlayTheme()
    for width in stride(from: 320.0, through: 1600, by: 7) {
      for scale in [1.0, 2.0] {
        let input = OverlayInput(windowSize: Size(width: width, height: 480), pixelScale: scale)
        let layout = PhotoLayout(
          base: OverlayLayout(input: input, theme: OverlayTheme()), theme: theme, timerSeconds: 0)
        let gap = layout.px(theme.thumbnailGap)
        let count = (layout.strip.width + gap) / layout.thumbnailStride
        guard layout.strip.width >= layout.strip.height else { continue }
        #expect(count == count.rounded(), "\(width) × \(scale): \(count) thumbnails")
        #expect(layout.strip.maxX <= layout.shutter.minX, "\(width) × \(scale)")
      }
    }
  }

  @Test func bannerOffersChooseFolderOnlyWhenAsked() throws {
    var photo = PhotoOverlayState()
    photo.banner = PhotoBanner(message: "Disk full.", isError: true, action: .chooseFolder)
    let layout = PhotoLayout(
      base: OverlayLayout(input: input(), theme: OverlayTheme()), theme: OverlayTheme(),
      timerSeconds: 0)
    let painter = PhotoPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let pills = PhotoPills(photo: photo, layout: layout, painter: painter, theme: OverlayTheme())
    let banner = try #require(pills.banner)
    let button = try #require(banner.button)
    let close = try #require(banner.close)
    #expect(button.maxX <= close.minX)
    #expect(banner.buttonLabel == "Choose folder…")
  }
}
