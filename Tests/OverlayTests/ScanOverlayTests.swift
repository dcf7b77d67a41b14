// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Scan interface")
struct ScanOverlayTests {
  private let size = CameraScene.windowSize

  private func frame(_ input: OverlayInput, state: OverlayState) -> OverlayFrame {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
  }

  private func scanning(_ cards: [ScanCard] = [], pendingURL: String? = nil) -> OverlayState {
    var state = CameraScene.state()
    state.scan.mode = .scan
    state.scan.cards = cards
    state.scan.pendingURL = pendingURL
    return state
  }

  private func layout(_ state: OverlayState) -> ScanLayout {
    ScanLayout(
      state: state,
      layout: OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme()),
      painter: CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1))
  }

  private static func card(_ text: String) -> ScanCard {
    ScanCard(
      text: text, typeName: "QR", payload: CodePayload(parsing: text),
      outline: [
        Point(x: 200, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 200), Point(x: 200, y: 200),
      ])
  }

  @Test func qTogglesScanModeAndCtrlQStillQuits() {
    let photo = CameraScene.state()
    #expect(
      frame(OverlayInput(windowSize: size, keys: [KeyPress(.q)]), state: photo).actions == [
        .scan(.toggleMode)
      ])
    #expect(
      frame(OverlayInput(windowSize: size, keys: [KeyPress(.q, modifiers: .control)]), state: photo)
        .actions == [.quit])
  }

  @Test func cardButtonsCopyAndAskBeforeOpening() throws {
    let url = "https://example.org/a"
    let state = scanning([Self.card(url)])
    let link = try #require(layout(state).cards.first)
    #expect(link.buttons.map(\.label) == ["Copy", "Open…"])
    // The host on a line of its own, set apart; the path after it.
    #expect(link.lines == ["example.org", "/a"])
    #expect(link.hostLines == 1)
    for button in link.buttons {
      let point = button.rect.center
      let actions = frame(
        OverlayInput(windowSize: size, pointer: point, clicks: [Click(position: point)]),
        state: state
      ).actions
      #expect(actions == [.scan(button.action)])
    }
  }

  @Test func theKeyboardReachesTheCardButtonsAndTheConfirmationAlone() throws {
    let url = "https://example.org/a"
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = scanning([Self.card(url)])
    var time = 0.0
    func frame(_ keys: [KeyPress] = []) -> OverlayFrame {
      time += 0.04
      return overlay.frame(
        input: OverlayInput(windowSize: size, keys: keys, time: time), state: state)
    }
    var chain = frame().focusChain
    #expect(chain.entries.map(\.name).contains("Open…"))
    var pressed = frame()
    for _ in 0...chain.entries.count where chain.focused?.name != "Open…" {
      pressed = frame([KeyPress(.tab)])
      chain = pressed.focusChain
    }
    #expect(chain.focused?.name == "Open…")
    let open = try #require(layout(state).cards.first?.buttons.last)
    #expect(frame([KeyPress(.space)]).actions == [.scan(open.action)])
    // The confirmation covers everything: only its two buttons take part.
    state.scan.pendingURL = url
    chain = frame().focusChain
    #expect(chain.entries.map(\.name) == ["Cancel", "Open"])
    #expect(chain.focused != nil)
  }

  @Test func theWiFiCardSaysTheSecurityType() throws {
    let wpa = try #require(
      layout(scanning([Self.card("WIFI:S:Home;T:WPA;P:secret;;")])).cards.first)
    #expect(wpa.lines == ["Network: Home", "Security: WPA", "Password: secret"])
    // Text holding the password is copied as a secret, which leaves the clipboard later.
    #expect(
      wpa.buttons.map(\.action) == [
        .copySecret("secret"), .copySecret("WIFI:S:Home;T:WPA;P:secret;;"),
      ])
    let open = try #require(layout(scanning([Self.card("WIFI:S:Cafe;T:nopass;;")])).cards.first)
    #expect(open.lines == ["Network: Cafe", "Security: none"])
    #expect(open.buttons.map(\.action) == [.copy("WIFI:S:Cafe;T:nopass;;")])
    let wep = try #require(layout(scanning([Self.card("WIFI:T:WEP;S:Old;P:abc;;")])).cards.first)
    #expect(wep.lines.contains("Security: WEP"))
  }

  @Test func aWiFiCardOffersConnectOnlyWhenNetworkManagerAnswers() throws {
    let text = "WIFI:S:Home;T:WPA;P:secret;;"
    let without = try #require(layout(scanning([Self.card(text)])).cards.first)
    #expect(!without.buttons.map(\.label).contains("Connect"))
    var state = scanning([Self.card(text)])
    state.scan.canConnectWiFi = true
    let card = try #require(layout(state).cards.first)
    #expect(card.buttons.map(\.label) == ["Connect", "Copy password", "Copy"])
    let network = try #require(WiFiNetwork(parsing: text))
    let connect = try #require(card.buttons.first)
    #expect(connect.action == .connectWiFi(network))
    let point = connect.rect.center
    let actions = frame(
      OverlayInput(windowSize: size, pointer: point, clicks: [Click(position: point)]),
      state: state
    ).actions
    #expect(actions == [.scan(.connectWiFi(network))])
    state.scan.cards = [Self.card("https://a.example/")]
    let link = try #require(layout(state).cards.first)
    #expect(!link.buttons.map(\.label).contains("Connect"))
  }

  @Test func aLongLinkKeepsItsWholeHostAndElidesThePath() throws {
    let url =
      "https://accounts.example.com.login-verify.example.net/" + String(repeating: "x/", count: 40)
    let card = try #require(layout(scanning([Self.card(url)])).cards.first)
    #expect(
      card.lines.prefix(card.hostLines).joined() == "accounts.example.com.login-verify.example.net")
    let path = try #require(card.lines.last)
    #expect(path.hasPrefix("/x/") && path.hasSuffix("…"))
    // A name before "@" is not the host: the card shows where the browser would go.
    let trick = try #require(
      layout(scanning([Self.card("https://example.com@evil.net/a")])).cards.first)
    #expect(trick.lines.first == "evil.net")
  }

  @Test func theConfirmationShowsTheHostApartThenTheWholeAddressAndAnswers() throws {
    let url = "https://example.org/" + String(repeating: "long-path/", count: 12)
    let state = scanning([Self.card(url)], pendingURL: url)
    let confirmation = try #require(layout(state).confirmation)
    #expect(confirmation.hostLines == 1)
    #expect(confirmation.lines.first == "example.org")
    #expect(confirmation.lines.dropFirst(confirmation.hostLines).joined() == url)
    let open = confirmation.buttons[1].center
    #expect(
      frame(
        OverlayInput(windowSize: size, pointer: open, clicks: [Click(position: open)]), state: state
      )
      .actions == [.scan(.open(url))])
    #expect(
      frame(OverlayInput(windowSize: size, keys: [KeyPress(.escape)]), state: state).actions == [
        .scan(.cancelOpen)
      ])
    #expect(
      frame(OverlayInput(windowSize: size, keys: [KeyPress(.enter)]), state: state).actions == [
        .scan(.open(url))
      ])
  }

  @Test func theConfirmationIsOpaqueAndMarksOpenAsTheDefault() throws {
    let url = "https://example.org/"
    let state = scanning([Self.card(url)], pendingURL: url)
    let confirmation = try #require(layout(state).confirmation)
    let commands = frame(OverlayInput(windowSize: size), state: state).commands
    func fill(of rect: Rect) -> Color? {
      commands.lazy.compactMap { command -> Color? in
        if case .fillRect(let r, let color, _) = command, r == rect { return color }
        return nil
      }.first
    }
    #expect(try #require(fill(of: confirmation.panel)).alpha == 255)
    #expect(fill(of: confirmation.buttons[1]) == OverlayTheme.accentColor)
    #expect(fill(of: confirmation.buttons[0]) != OverlayTheme.accentColor)
    for card in layout(state).cards {
      #expect(try #require(fill(of: card.rect)).alpha == 255)
    }
  }

  @Test func draggingACornerMovesOnlyThatCornerAndStaysInside() {
    let region = Rect(x: 0.2, y: 0.2, width: 0.6, height: 0.6)
    let video = Rect(x: 0, y: 0, width: 1000, height: 500)
    let moved = Overlay.dragged(region, corner: 0, to: Point(x: 100, y: 50), in: video)
    for (value, expected) in [
      (moved.minX, 0.1), (moved.minY, 0.1), (moved.maxX, 0.8), (moved.maxY, 0.8),
    ] {
      #expect(abs(value - expected) < 1e-9)
    }
    let outside = Overlay.dragged(region, corner: 2, to: Point(x: 2000, y: -40), in: video)
    #expect(outside.maxX == 1)
    #expect(abs(outside.height - 0.1) < 1e-9)
    #expect(abs(outside.minY - 0.2) < 1e-9)
  }

  @Test func pressingACornerHandleRaisesRegionChanges() throws {
    let state = scanning()
    let handle = try #require(layout(state).handles.first).center
    let target = Point(x: handle.x - 20, y: handle.y - 10)
    let actions = frame(
      OverlayInput(
        windowSize: size, pointer: target, pressedButtons: [.primary],
        clicks: [Click(position: handle)]),
      state: state
    ).actions
    guard case .scan(.setRegion(let region))? = actions.first else {
      Issue.record("no region change: \(actions)")
      return
    }
    #expect(region.minX < state.scan.region.minX)
    #expect(region.maxX == state.scan.region.maxX)
  }

  @Test func drawsOutlinesOnlyInScanMode() {
    var state = scanning([Self.card("text")])
    let scanCommands = frame(OverlayInput(windowSize: size), state: state).commands
    state.scan.mode = .photo
    let photoCommands = frame(OverlayInput(windowSize: size), state: state).commands
    #expect(scanCommands.count > photoCommands.count + 40)
    #expect(
      scanCommands.contains(.text("text", origin: .zero, pointSize: 15, color: .white)) == false)
    #expect(scanCommands.contains { if case .text("text", _, _, _) = $0 { true } else { false } })
  }

  @Test func theViewerShowsThePhotosCodesAndKeepsQ() throws {
    var state = scanning([Self.card("live code")])
    state.photo.viewer = ViewerState(
      image: ImageID("viewer"), imageSize: Size(width: 640, height: 360), index: 0, count: 1,
      fileName: "photo.jpg")
    state.scan.photoCards = [Self.card("https://example.org/photo")]
    let cards = layout(state).cards
    #expect(cards.map(\.lines) == [["example.org", "/photo"]])
    let copy = try #require(cards.first?.buttons.first).rect.center
    let actions = frame(
      OverlayInput(windowSize: size, pointer: copy, clicks: [Click(position: copy)]), state: state
    ).actions
    #expect(actions == [.scan(.copy("https://example.org/photo"))])
    #expect(
      !frame(OverlayInput(windowSize: size, keys: [KeyPress(.q)]), state: state).actions
        .contains(.scan(.toggleMode)))
  }

  @Test func theViewerOutlinesAndNumbersThePhotosCodesAsTheCardsAre() throws {
    var state = scanning()
    state.scan.mode = .photo
    let viewer = ViewerState(
      image: ImageID("viewer"), imageSize: Size(width: 640, height: 360), index: 0, count: 1,
      fileName: "photo.jpg")
    state.photo.viewer = viewer
    let square = [
      Point(x: 0.25, y: 0.25), Point(x: 0.5, y: 0.25), Point(x: 0.5, y: 0.75),
      Point(x: 0.25, y: 0.75),
    ]
    state.scan.photoCards = [
      ScanCard(
        text: "first", typeName: "QR", payload: .text("first"), outline: square),
      ScanCard(
        text: "second", typeName: "QR", payload: .text("second"),
        outline: square.map { Point(x: $0.x + 0.4, y: $0.y) }),
    ]
    #expect(layout(state).cards.map(\.heading) == ["1 · QR · Text", "2 · QR · Text"])
    let commands = frame(OverlayInput(windowSize: size), state: state).commands
    let labels = commands.compactMap { command -> Point? in
      if case .text(let text, let origin, _, _) = command, text == "1" || text == "2" {
        return origin
      }
      return nil
    }
    #expect(labels.count == 2)
    // Each number sits by its code's top-left corner on the photo as the viewer shows it.
    let photoLayout = PhotoLayout(
      base: OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme()),
      theme: OverlayTheme(), timerSeconds: 0)
    let photo = ViewerScreen(
      viewer: viewer, layout: photoLayout,
      painter: PhotoPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1),
      theme: OverlayTheme()
    ).photoRect
    let first = Point(x: photo.minX + 0.25 * photo.width, y: photo.minY + 0.25 * photo.height)
    #expect(labels.contains { abs($0.x - first.x) < 16 && abs($0.y - first.y) < 16 })
  }

  @Test func theNoticeIsDrawnLastOnItsOwnOpaqueBackground() throws {
    var state = scanning([Self.card("text")])
    state.scan.notice = "Copied"
    let commands = frame(OverlayInput(windowSize: size), state: state).commands
    let text = try #require(
      commands.lastIndex { if case .text("Copied", _, _, _) = $0 { true } else { false } })
    guard case .text(_, let origin, _, _) = commands[text] else { return }
    let background = try #require(
      commands[..<text].lastIndex {
        if case .fillRect(let rect, let color, _) = $0 {
          color == OverlayTheme.cardColor && rect.contains(origin)
        } else {
          false
        }
      })
    #expect(OverlayTheme.cardColor.alpha == 255)
    // Nothing but the settings list and hints is drawn over it: the mode switch comes before.
    let scanLabel = try #require(
      commands.firstIndex { if case .text("Scan", _, _, _) = $0 { true } else { false } })
    #expect(scanLabel < background)
  }

  @Test func photoModeDetectionShowsOnlyTheNewestCardAndKeepsTheShutter() throws {
    var state = OverlayScene.photoState()
    state.scan.detectsCodesInPhotoMode = true
    state.scan.cards = [Self.card("first code"), Self.card("second code")]
    let windowSize = OverlayScene.windowSize
    let scan = ScanLayout(
      state: state,
      layout: OverlayLayout(input: OverlayInput(windowSize: windowSize), theme: OverlayTheme()),
      painter: CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1))
    #expect(scan.cards.count == 1)
    #expect(scan.handles.isEmpty)
    let card = try #require(scan.cards.first)
    #expect(card.lines == ["first code"])
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let drawn = overlay.frame(input: OverlayInput(windowSize: windowSize), state: state).commands
    #expect(
      drawn.contains { command in
        if case .text(let text, _, _, _) = command { return text == "first code" }
        return false
      })
    // No outlines and no shade: nothing in the outline green or the shade's black.
    #expect(!drawn.contains { $0.description.contains("#34c759") })
    #expect(!drawn.contains { $0.description.contains("#0000005a") })
    let copy = try #require(card.buttons.first { $0.label == "Copy" })
    #expect(copy.action == .copy("first code"))
    let copyActions = Overlay(measurer: FixedWidthTextMeasurer()).frame(
      input: OverlayScene.tap(at: copy.rect.center), state: state
    ).actions
    #expect(copyActions == [.scan(.copy("first code"))])
    let shutter = Point(x: 256, y: 240)
    let shutterActions = Overlay(measurer: FixedWidthTextMeasurer()).frame(
      input: OverlayScene.tap(at: shutter), state: state
    ).actions
    #expect(shutterActions == [.photo(.shutter)])
  }

  @Test func photoModeCardsHideWithoutTheSettingAndUnderPanelsOrTheViewer() {
    var state = OverlayScene.photoState()
    state.scan.cards = [Self.card("code")]
    #expect(!Overlay.arePhotoModeCardsShown(state))
    state.scan.detectsCodesInPhotoMode = true
    #expect(Overlay.arePhotoModeCardsShown(state))
    var settings = state
    settings.camera.isSettingsOpen = true
    #expect(!Overlay.arePhotoModeCardsShown(settings))
    var video = state
    video.recording.mode = .video
    #expect(!Overlay.arePhotoModeCardsShown(video))
    var scanning = state
    scanning.scan.mode = .scan
    #expect(!Overlay.arePhotoModeCardsShown(scanning))
  }
}
