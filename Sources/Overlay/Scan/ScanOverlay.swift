// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// Interaction results of the scan interface for one frame, passed from update to drawing.
struct ScanUIResponses {
  /// One response per card button, by card then button.
  var buttons: [[ControlResponse]] = []
  /// The confirmation's Cancel and Open buttons.
  var confirmation: [ControlResponse] = []
}

/// The scan interface's geometry for one frame: the region on screen, its corner handles,
/// the cards and their buttons, the confirmation. Pure.
struct ScanLayout {
  /// A card's button: its label and what it does.
  struct Button {
    var label: String
    var action: ScanAction
    var rect: Rect
  }

  /// A card's rectangle, its text lines and buttons. A link's first line is its host, drawn
  /// apart from the rest (`hostLines` of them).
  struct Card {
    var rect: Rect
    var heading: String
    var lines: [String]
    var buttons: [Button]
    var hostLines = 0
  }

  /// The region in drawable pixels.
  let region: Rect
  /// Hit areas of the four corners: top left, top right, bottom right, bottom left.
  let handles: [Rect]
  let cards: [Card]
  /// The confirmation panel, its wrapped lines (the host's first, `hostLines` of them, then
  /// the whole address), and Cancel / Open.
  let confirmation: Confirmation?

  /// The question before an address opens.
  struct Confirmation {
    var panel: Rect
    var lines: [String]
    var hostLines: Int
    var buttons: [Rect]
  }
  let painter: CameraPainter

  static let maximumCards = 3
  static let textSize = 15.0
  static let headingSize = 12.0

  init(state: OverlayState, layout: OverlayLayout, painter: CameraPainter) {
    self.painter = painter
    let video = state.videoRect ?? .zero
    let scan = state.scan
    guard !state.photo.isViewerOpen else {
      // Over the viewer: the photo's cards stacked up from the bottom (an empty region at
      // the right edge leaves no room beside it), no region and no handles.
      region = Rect(x: layout.content.maxX, y: layout.content.minY, width: 0, height: 0)
      handles = []
      cards = Self.cards(
        scan.photoCards, content: layout.content, region: region, painter: painter,
        isNumbered: true, canConnect: scan.canConnectWiFi)
      confirmation = scan.pendingURL.map {
        Self.confirmation(for: $0, content: layout.content, painter: painter)
      }
      return
    }
    region = Rect(
      x: video.minX + scan.region.minX * video.width,
      y: video.minY + scan.region.minY * video.height,
      width: scan.region.width * video.width, height: scan.region.height * video.height)
    guard !Overlay.arePhotoModeCardsShown(state) else {
      // Photo mode: only the newest code's card, beside the (undrawn) region; no handles.
      handles = []
      cards = Self.cards(
        Array(scan.cards.prefix(1)), content: layout.content, region: region, painter: painter,
        canConnect: scan.canConnectWiFi)
      confirmation = scan.pendingURL.map {
        Self.confirmation(for: $0, content: layout.content, painter: painter)
      }
      return
    }
    let handle = painter.px(44)
    handles = [
      Point(x: region.minX, y: region.minY), Point(x: region.maxX, y: region.minY),
      Point(x: region.maxX, y: region.maxY), Point(x: region.minX, y: region.maxY),
    ].map { Rect.centered(at: $0, size: Size(width: handle, height: handle)) }
    cards = Self.cards(
      scan.cards, content: layout.content, region: region, painter: painter,
      canConnect: scan.canConnectWiFi)
    confirmation = scan.pendingURL.map {
      Self.confirmation(for: $0, content: layout.content, painter: painter)
    }
  }

  /// The cards in a column right of the region when it leaves room (so they never cover the
  /// code being aimed at), else stacked up from the bottom of the picture area.
  private static func cards(
    _ cards: [ScanCard], content: Rect, region: Rect, painter: CameraPainter,
    isNumbered: Bool = false, canConnect: Bool = false
  ) -> [Card] {
    let gap = painter.px(16)
    let besideWidth = min(painter.px(460), content.maxX - gap - (region.maxX + gap))
    let isBeside = besideWidth >= painter.px(260)
    let width = isBeside ? besideWidth : min(painter.px(460), content.width - painter.px(24))
    guard width > painter.px(120) else { return [] }
    var top = max(region.minY, content.minY + painter.px(8))
    let pad = painter.px(12)
    let lineHeight = painter.px(22)
    let buttonHeight = painter.px(30)
    var bottom = content.maxY - painter.px(12)
    var placed: [Card] = []
    for (number, card) in cards.prefix(maximumCards).enumerated() {
      let (lines, labels) = Self.content(of: card, canConnect: canConnect)
      let textWidth = width - 2 * pad
      let size = textSize * painter.scale
      // A link's host is never shortened: it wraps; the path after it is what gets elided.
      var hostLines: [String] = []
      var rest = lines
      if case .url(let url) = card.payload, let parts = CodePayload.addressParts(of: url) {
        hostLines = Self.wrapped(parts.host, size: size, width: textWidth, painter: painter)
        rest = parts.path.isEmpty || parts.path == "/" ? [] : [parts.path]
      }
      let fitted =
        hostLines + rest.map { painter.text.truncated($0, pointSize: size, width: textWidth) }
      let height =
        pad * 2 + painter.px(16) + Double(fitted.count) * lineHeight + buttonHeight
        + painter.px(6)
      let rect =
        isBeside
        ? Rect(x: region.maxX + gap, y: top, width: width, height: height)
        : Rect(x: content.center.x - width / 2, y: bottom - height, width: width, height: height)
      guard !isBeside || rect.maxY <= content.maxY else { break }
      var x = rect.maxX - pad
      var buttons: [Button] = []
      for (label, action) in labels.reversed() {
        let labelWidth =
          painter.text.size(of: label, pointSize: textSize * painter.scale).width + painter.px(24)
        x -= labelWidth
        buttons.insert(
          Button(
            label: label, action: action,
            rect: Rect(
              x: x, y: rect.maxY - pad - buttonHeight, width: labelWidth, height: buttonHeight)),
          at: 0)
        x -= painter.px(8)
      }
      let heading = card.typeName + " · " + kindName(of: card.payload)
      placed.append(
        Card(
          rect: rect, heading: isNumbered ? "\(number + 1) · " + heading : heading,
          lines: fitted, buttons: buttons, hostLines: hostLines.count))
      bottom = rect.minY - painter.px(8)
      top = rect.maxY + painter.px(8)
      if !isBeside, bottom < content.minY + content.height / 2 { break }
    }
    return placed
  }

  /// The lines a card shows and its buttons; a Wi-Fi card offers Connect when `canConnect`
  /// (NetworkManager answers). Text holding a Wi-Fi password is copied as a secret, which
  /// leaves the clipboard again after a while.
  private static func content(of card: ScanCard, canConnect: Bool) -> (
    [String], [(String, ScanAction)]
  ) {
    switch card.payload {
    case .wifi(let network):
      var lines = [
        tr("Network: %1$s", network.ssid), tr("Security: %1$s", securityName(of: network)),
      ]
      var buttons: [(String, ScanAction)] = []
      if canConnect { buttons.append((tr("Connect"), .connectWiFi(network))) }
      if let password = network.password {
        lines.append(tr("Password: %1$s", password))
        buttons.append((tr("Copy password"), .copySecret(password)))
        buttons.append((tr("Copy"), .copySecret(card.text)))
      } else {
        buttons.append((tr("Copy"), .copy(card.text)))
      }
      return (lines, buttons)
    case .url(let url):
      return ([url], [(tr("Copy"), .copy(url)), (tr("Open…"), .askToOpen(url))])
    case .text(let text):
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3)
        .map(String.init)
      return (lines.isEmpty ? [""] : lines, [(tr("Copy"), .copy(text))])
    }
  }

  /// `CodePayload.kindName` in the user's language.
  private static func kindName(of payload: CodePayload) -> String {
    switch payload {
    case .text: tr("Text")
    case .url: tr("Link")
    case .wifi: tr("Wi-Fi")
    }
  }

  /// `WiFiNetwork.securityName` in the user's language ("none", "not given"; type names as
  /// written).
  private static func securityName(of network: WiFiNetwork) -> String {
    switch network.security.uppercased() {
    case "NOPASS": tr("none")
    case "": network.password == nil ? tr("none") : tr("not given")
    default: network.securityName
    }
  }

  /// `text` wrapped at any character to `width`: nothing of it is hidden.
  static func wrapped(_ text: String, size: Double, width: Double, painter: CameraPainter)
    -> [String]
  {
    var lines: [String] = []
    var current = ""
    for character in text {
      let candidate = current + String(character)
      if painter.text.size(of: candidate, pointSize: size).width > width, !current.isEmpty {
        lines.append(current)
        current = String(character)
      } else {
        current = candidate
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  private static func confirmation(for url: String, content: Rect, painter: CameraPainter)
    -> Confirmation
  {
    let width = min(painter.px(520), content.width - painter.px(24))
    let pad = painter.px(16)
    // The host first, set apart, then the whole address; both wrap: nothing may be hidden.
    let size = textSize * painter.scale
    let host = CodePayload.addressParts(of: url)?.host
    let hostLines = host.map { wrapped($0, size: size, width: width - 2 * pad, painter: painter) }
    let lines =
      (hostLines ?? []) + wrapped(url, size: size, width: width - 2 * pad, painter: painter)
    let lineHeight = painter.px(22)
    let buttonHeight = painter.px(32)
    let height = pad * 3 + painter.px(24) + Double(lines.count) * lineHeight + buttonHeight
    let panel = Rect(
      x: content.center.x - width / 2, y: max(content.center.y - height / 2, content.minY),
      width: width, height: height)
    let buttonWidth = painter.px(96)
    let open = Rect(
      x: panel.maxX - pad - buttonWidth, y: panel.maxY - pad - buttonHeight, width: buttonWidth,
      height: buttonHeight)
    let cancel = Rect(
      x: open.minX - painter.px(10) - buttonWidth, y: open.minY, width: buttonWidth,
      height: buttonHeight)
    return Confirmation(
      panel: panel, lines: lines, hostLines: hostLines?.count ?? 0, buttons: [cancel, open])
  }
}

extension Overlay {
  private static let scanHandleIDs = (0..<4).map { ControlID("scan-corner-\($0)") }
  private static let scanConfirmIDs = [ControlID("scan-cancel"), ControlID("scan-open")]

  /// Updates the scan interface (topmost: its confirmation covers everything) and appends its
  /// intents: corner drags, card buttons, the confirmation's answer.
  func updateScanUI(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> ScanUIResponses {
    var responses = ScanUIResponses()
    let isLive = Self.isLiveScanShown(state)
    guard isLive || Self.arePhotoCardsShown(state) || Self.arePhotoModeCardsShown(state) else {
      return responses
    }
    let video = state.videoRect ?? .zero
    let scan = ScanLayout(
      state: state, layout: layout, painter: CameraPainter(text: text, scale: layout.scale))
    if let confirmation = scan.confirmation, let url = state.scan.pendingURL {
      responses.confirmation = zip(
        [tr("Cancel"), tr("Open")], zip(Self.scanConfirmIDs, confirmation.buttons)
      )
      .map { name, button in
        let entry = FocusEntry(
          id: button.0, role: .button, name: name, rect: button.1, group: confirmation.panel,
          layer: 1)
        return tracker.update(button.0, rect: button.1, focus: entry)
      }
      if responses.confirmation[0].isClicked { actions.append(.scan(.cancelOpen)) }
      if responses.confirmation[1].isClicked { actions.append(.scan(.open(url))) }
      return responses
    }
    for (index, card) in scan.cards.enumerated() {
      var row: [ControlResponse] = []
      for (number, button) in card.buttons.enumerated() {
        let id = ControlID("scan-card-\(index)-\(number)")
        let entry = FocusEntry(
          id: id, role: .button, name: button.label, rect: button.rect, group: card.rect)
        let response = tracker.update(id, rect: button.rect, focus: entry)
        if response.isClicked { actions.append(.scan(button.action)) }
        row.append(response)
      }
      responses.buttons.append(row)
    }
    for (corner, id) in Self.scanHandleIDs.enumerated() where isLive {
      let response = tracker.update(id, rect: scan.handles[corner])
      guard response.isPressed, let pointer = input.pointerInPixels else { continue }
      actions.append(
        .scan(.setRegion(Self.dragged(state.scan.region, corner: corner, to: pointer, in: video))))
    }
    return responses
  }

  /// True when the live scan interface shows: scan mode over a visible picture, no viewer.
  static func isLiveScanShown(_ state: OverlayState) -> Bool {
    state.scan.isScanning && !state.photo.isViewerOpen && !(state.videoRect ?? .zero).isEmpty
  }

  /// True when photo mode shows the newest code's card: "Detect codes in photo mode" is on,
  /// the shutter takes photos (not scan mode, not video), no viewer, panel or camera list
  /// covers the picture, and there is a code (or an address waiting for confirmation).
  static func arePhotoModeCardsShown(_ state: OverlayState) -> Bool {
    let scan = state.scan
    return scan.detectsCodesInPhotoMode && !scan.isScanning && state.recording.mode == .photo
      && !state.recording.isRecording && !state.photo.isViewerOpen
      && !state.camera.isSettingsOpen && !state.camera.isCameraMenuOpen
      && !(state.videoRect ?? .zero).isEmpty && (!scan.cards.isEmpty || scan.pendingURL != nil)
  }

  /// True when the viewer shows the cards of codes found in its photo.
  static func arePhotoCardsShown(_ state: OverlayState) -> Bool {
    state.photo.isViewerOpen && !state.scan.photoCards.isEmpty
  }

  /// `region` with `corner` (0 top left, clockwise) moved to `pointer` and the opposite corner
  /// kept, clamped inside the picture and at least a tenth of it across.
  static func dragged(_ region: Rect, corner: Int, to pointer: Point, in video: Rect) -> Rect {
    let x = min(max((pointer.x - video.minX) / video.width, 0), 1)
    let y = min(max((pointer.y - video.minY) / video.height, 0), 1)
    let minimum = 0.1
    var left = region.minX
    var top = region.minY
    var right = region.maxX
    var bottom = region.maxY
    if corner == 0 || corner == 3 {
      left = min(x, right - minimum)
    } else {
      right = max(x, left + minimum)
    }
    if corner == 0 || corner == 1 {
      top = min(y, bottom - minimum)
    } else {
      bottom = max(y, top + minimum)
    }
    left = max(left, 0)
    top = max(top, 0)
    right = min(right, 1)
    bottom = min(bottom, 1)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// With the confirmation open, Enter opens and Escape cancels. Other keys (Q among them:
  /// see `modeKeyActions`) are left to the rest of the interface.
  func scanKeyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction] {
    guard press.modifiers.isDisjoint(with: [.control, .alt, .logo]) else { return [] }
    if let url = state.scan.pendingURL,
      Self.isLiveScanShown(state) || Self.arePhotoCardsShown(state)
        || Self.arePhotoModeCardsShown(state)
    {
      switch press.key {
      case .escape: return [.scan(.cancelOpen)]
      case .enter: return [.scan(.open(url))]
      default: break
      }
    }
    return []
  }

  /// Draws the scan interface: the shade around the region, its corner brackets, each code's
  /// outline, the cards, then the confirmation. In photo mode with detection on: the newest
  /// code's card and the confirmation only.
  func drawScanUI(
    _ responses: ScanUIResponses, into commands: inout [DrawCommand], layout: OverlayLayout,
    state: OverlayState
  ) {
    if Self.arePhotoModeCardsShown(state) {
      let painter = CameraPainter(text: text, scale: layout.scale)
      let scan = ScanLayout(state: state, layout: layout, painter: painter)
      drawCards(scan, responses: responses, painter: painter, into: &commands)
      return
    }
    guard Self.isLiveScanShown(state), let video = state.videoRect else { return }
    let painter = CameraPainter(text: text, scale: layout.scale)
    let scan = ScanLayout(state: state, layout: layout, painter: painter)
    let visible = video.intersection(layout.content)
    let region = scan.region
    let shade = OverlayTheme.scanShadeColor
    for rect in [
      Rect(
        x: visible.minX, y: visible.minY, width: visible.width, height: region.minY - visible.minY),
      Rect(
        x: visible.minX, y: region.maxY, width: visible.width, height: visible.maxY - region.maxY),
      Rect(
        x: visible.minX, y: region.minY, width: region.minX - visible.minX, height: region.height),
      Rect(
        x: region.maxX, y: region.minY, width: visible.maxX - region.maxX, height: region.height),
    ] where !rect.isEmpty {
      commands.append(.fillRect(rect.intersection(visible), color: shade, cornerRadius: 0))
    }
    drawBrackets(region, painter: painter, into: &commands)
    for card in state.scan.cards {
      for (start, end) in zip(card.outline, card.outline.dropFirst() + card.outline.prefix(1)) {
        painter.appendLine(
          into: &commands, from: start, to: end, width: painter.px(3),
          color: OverlayTheme.scanOutlineColor)
      }
    }
    drawCards(scan, responses: responses, painter: painter, into: &commands)
  }

  /// Draws the scan interface's short confirmation, if any, on its own opaque pill under the
  /// top bar, over everything but the open settings list: the mode switch and the cards never
  /// hide it.
  func drawScanNotice(
    into commands: inout [DrawCommand], layout: OverlayLayout, state: OverlayState
  ) {
    guard let notice = state.scan.notice,
      Self.isLiveScanShown(state) || Self.arePhotoCardsShown(state)
        || Self.arePhotoModeCardsShown(state)
    else { return }
    let painter = CameraPainter(text: text, scale: layout.scale)
    let size = ScanLayout.textSize * painter.scale
    let maxWidth = max(layout.content.width - painter.px(24), painter.px(40))
    let shown = painter.text.truncated(notice, pointSize: size, width: maxWidth - painter.px(32))
    let width = min(painter.text.size(of: shown, pointSize: size).width + painter.px(32), maxWidth)
    let height = painter.px(36)
    // Below the viewer's header row when the viewer shows, else just below the top bar.
    let top =
      state.photo.isViewerOpen
      ? layout.bounds.minY + painter.px(OverlayTheme().viewerHeaderHeight + 8)
      : layout.content.minY + painter.px(12)
    let pill = Rect(
      x: (layout.content.center.x - width / 2).rounded(), y: top.rounded(), width: width.rounded(),
      height: height)
    commands.append(
      .fillRect(pill, color: OverlayTheme.cardColor, cornerRadius: height / 2))
    painter.appendCenteredText(
      shown, into: &commands, center: pill.center, size: size, color: CameraPainter.textColor)
  }

  /// Draws the cards of the codes found in the viewer's photo, above the viewer.
  func drawScanPhotoCards(
    _ responses: ScanUIResponses, into commands: inout [DrawCommand], layout: OverlayLayout,
    state: OverlayState
  ) {
    guard Self.arePhotoCardsShown(state), let viewer = state.photo.viewer else { return }
    let painter = CameraPainter(text: text, scale: layout.scale)
    drawPhotoOutlines(state.scan.photoCards, viewer: viewer, layout: layout, into: &commands)
    let scan = ScanLayout(state: state, layout: layout, painter: painter)
    drawCards(scan, responses: responses, painter: painter, into: &commands)
  }

  /// Outlines each code found in the viewer's photo where the viewer shows it, with its card's
  /// number beside its first corner; clipped to the photo's area.
  private func drawPhotoOutlines(
    _ cards: [ScanCard], viewer: ViewerState, layout: OverlayLayout,
    into commands: inout [DrawCommand]
  ) {
    let photoLayout = PhotoLayout(
      base: layout, theme: theme, timerSeconds: 0)
    let screen = ViewerScreen(
      viewer: viewer, layout: photoLayout, painter: PhotoPainter(text: text, scale: layout.scale),
      theme: theme)
    let photo = screen.photoRect
    let painter = CameraPainter(text: text, scale: layout.scale)
    commands.append(.clip(screen.photoArea))
    for (index, card) in cards.prefix(ScanLayout.maximumCards).enumerated()
    where !card.outline.isEmpty {
      let points = card.outline.map {
        Point(x: photo.minX + $0.x * photo.width, y: photo.minY + $0.y * photo.height)
      }
      for (start, end) in zip(points, points.dropFirst() + points.prefix(1)) {
        painter.appendLine(
          into: &commands, from: start, to: end, width: painter.px(3),
          color: OverlayTheme.scanOutlineColor)
      }
      let corner = points.min { $0.x + $0.y < $1.x + $1.y } ?? points[0]
      let badge = Rect.centered(
        at: corner, size: Size(width: painter.px(24), height: painter.px(24)))
      commands.append(
        .fillRect(badge, color: OverlayTheme.scanOutlineColor, cornerRadius: badge.height / 2))
      painter.appendCenteredText(
        "\(index + 1)", into: &commands, center: badge.center,
        size: ScanLayout.headingSize * painter.scale, color: .black)
    }
    commands.append(.clip(nil))
  }

  /// Draws the layout's cards, then its confirmation above them.
  private func drawCards(
    _ scan: ScanLayout, responses: ScanUIResponses, painter: CameraPainter,
    into commands: inout [DrawCommand]
  ) {
    for (index, card) in scan.cards.enumerated() {
      drawCard(
        card, responses: responses.buttons.indices.contains(index) ? responses.buttons[index] : [],
        painter: painter, into: &commands)
    }
    if let confirmation = scan.confirmation {
      drawConfirmation(
        confirmation, responses: responses.confirmation, painter: painter, into: &commands)
    }
  }

  private func drawBrackets(
    _ region: Rect, painter: CameraPainter, into commands: inout [DrawCommand]
  ) {
    let arm = min(painter.px(28), region.width / 3, region.height / 3)
    let width = painter.px(4)
    let corners: [(Point, Double, Double)] = [
      (Point(x: region.minX, y: region.minY), 1, 1), (Point(x: region.maxX, y: region.minY), -1, 1),
      (Point(x: region.maxX, y: region.maxY), -1, -1),
      (Point(x: region.minX, y: region.maxY), 1, -1),
    ]
    for (point, dx, dy) in corners {
      painter.appendLine(
        into: &commands, from: point, to: Point(x: point.x + dx * arm, y: point.y), width: width,
        color: .white)
      painter.appendLine(
        into: &commands, from: point, to: Point(x: point.x, y: point.y + dy * arm), width: width,
        color: .white)
    }
  }

  /// The colour a link's host is drawn in, apart from the rest of the address.
  static let hostColor = OverlayTheme.accentColor

  private func drawCard(
    _ card: ScanLayout.Card, responses: [ControlResponse], painter: CameraPainter,
    into commands: inout [DrawCommand]
  ) {
    commands.append(
      .fillRect(card.rect, color: OverlayTheme.cardColor, cornerRadius: painter.px(10)))
    let pad = painter.px(12)
    painter.appendText(
      card.heading, into: &commands, leading: card.rect.minX + pad,
      centerY: card.rect.minY + pad + painter.px(7), size: ScanLayout.headingSize * painter.scale,
      color: OverlayTheme.labelColor)
    for (index, line) in card.lines.enumerated() {
      painter.appendText(
        line, into: &commands, leading: card.rect.minX + pad,
        centerY: card.rect.minY + pad + painter.px(16) + painter.px(22) * (Double(index) + 0.5),
        size: ScanLayout.textSize * painter.scale,
        color: index < card.hostLines ? Self.hostColor : CameraPainter.textColor)
    }
    for (index, button) in card.buttons.enumerated() {
      let response = responses.indices.contains(index) ? responses[index] : ControlResponse()
      drawPill(
        button.label, rect: button.rect, response: response, painter: painter, into: &commands)
    }
  }

  private func drawConfirmation(
    _ confirmation: ScanLayout.Confirmation, responses: [ControlResponse],
    painter: CameraPainter, into commands: inout [DrawCommand]
  ) {
    let panel = confirmation.panel
    commands.append(
      .fillRect(
        panel, color: OverlayTheme.cardColor, cornerRadius: painter.px(12))
    )
    let pad = painter.px(16)
    painter.appendText(
      tr("Open this address in the browser?"), into: &commands, leading: panel.minX + pad,
      centerY: panel.minY + pad + painter.px(12), size: ScanLayout.textSize * painter.scale,
      color: CameraPainter.textColor)
    for (index, line) in confirmation.lines.enumerated() {
      painter.appendText(
        line, into: &commands, leading: panel.minX + pad,
        centerY: panel.minY + pad * 2 + painter.px(24) + painter.px(22) * (Double(index) + 0.5),
        size: ScanLayout.textSize * painter.scale,
        color: index < confirmation.hostLines ? Self.hostColor : OverlayTheme.labelColor)
    }
    for (index, label) in [tr("Cancel"), tr("Open")].enumerated() {
      let response = responses.indices.contains(index) ? responses[index] : ControlResponse()
      drawPill(
        label, rect: confirmation.buttons[index], response: response, isDefault: index == 1,
        painter: painter, into: &commands)
    }
  }

  /// A button; the default one (what Enter answers) is filled with the accent colour.
  private func drawPill(
    _ label: String, rect: Rect, response: ControlResponse, isDefault: Bool = false,
    painter: CameraPainter, into commands: inout [DrawCommand]
  ) {
    let radius = rect.height / 2
    if isDefault {
      commands.append(.fillRect(rect, color: CameraPainter.defaultButtonFill, cornerRadius: radius))
      if response.isPressed || response.isHovered {
        let veil =
          response.isPressed ? OverlayTheme.controlPressColor : OverlayTheme.controlHoverColor
        commands.append(.fillRect(rect, color: veil, cornerRadius: radius))
      }
    } else {
      let fill =
        response.isPressed
        ? OverlayTheme.controlPressColor
        : response.isHovered ? OverlayTheme.controlHoverColor : OverlayTheme.controlColor
      commands.append(.fillRect(rect, color: fill, cornerRadius: radius))
    }
    painter.appendCenteredText(
      label, into: &commands, center: rect.center, size: ScanLayout.textSize * painter.scale,
      color: isDefault ? OverlayTheme.onAccentTextColor : CameraPainter.textColor)
  }
}
