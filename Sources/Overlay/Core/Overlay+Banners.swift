// SPDX-License-Identifier: MIT

import CameraModel
import Localization

extension Overlay {
  /// Seconds an informational notice stays fully shown before it fades.
  static let noticeHold = 6.0
  /// Length of a notice's or a hint's fade-out, seconds.
  static let noticeFade = 0.6

  /// The notice's opacity at `time`: full for `noticeHold` seconds after it appeared, then
  /// fading out; a notice without a start time (its cause still holds) stays.
  static func noticeOpacity(since: Double?, time: Double, hold: Double = noticeHold) -> Double {
    guard let since else { return 1 }
    let age = time - since
    if age <= hold { return 1 }
    return max(0, 1 - (age - hold) / noticeFade)
  }

  /// The notice pill's outline this frame, `nil` when none shows.
  func noticeRect(layout: OverlayLayout, state: OverlayState, time: Double) -> Rect? {
    guard let notice = state.notice, !notice.isEmpty,
      Self.noticeOpacity(since: state.noticeSince, time: time) > 0
    else { return nil }
    return pillRect(notice, layout: layout, top: layout.topBar.maxY + layout.px(12)).rect
  }

  /// The notice pill under the top bar, when the app has a notice that has not faded yet.
  func drawNotice(
    into commands: inout [DrawCommand], layout: OverlayLayout, state: OverlayState, time: Double
  ) {
    guard let notice = state.notice, !notice.isEmpty else { return }
    let opacity = Self.noticeOpacity(since: state.noticeSince, time: time)
    guard opacity > 0 else { return }
    drawPill(
      notice, into: &commands, layout: layout, top: layout.topBar.maxY + layout.px(12),
      opacity: opacity)
  }

  /// The hint of a key that did nothing visible ("Only one camera connected"), under the
  /// notice, for `hintDuration` seconds.
  func drawHint(
    into commands: inout [DrawCommand], layout: OverlayLayout, state: OverlayState, time: Double
  ) {
    guard let hint else { return }
    let opacity = Self.noticeOpacity(since: hint.since, time: time, hold: Self.hintDuration)
    guard opacity > 0, time >= hint.since else {
      self.hint = nil
      return
    }
    let top =
      noticeRect(layout: layout, state: state, time: time).map { $0.maxY + layout.px(8) }
      ?? layout.topBar.maxY + layout.px(12)
    drawPill(hint.text, into: &commands, layout: layout, top: top, opacity: opacity)
  }

  private func pillRect(_ message: String, layout: OverlayLayout, top: Double) -> (
    rect: Rect, line: String
  ) {
    let size = layout.px(theme.statusSize)
    let inset = layout.px(theme.padding)
    let line = text.truncated(message, pointSize: size, width: layout.bounds.width - 4 * inset)
    let textWidth = text.size(of: line, pointSize: size).width
    let height = layout.px(theme.pillHeight)
    let width = (textWidth + 2 * inset).rounded()
    let rect = Rect(
      x: ((layout.bounds.width - width) / 2).rounded(), y: top, width: width, height: height)
    return (rect, line)
  }

  private func drawPill(
    _ message: String, into commands: inout [DrawCommand], layout: OverlayLayout, top: Double,
    opacity: Double
  ) {
    let (pill, line) = pillRect(message, layout: layout, top: top)
    commands.append(
      .fillRect(pill, color: theme.pillColor.withOpacity(opacity), cornerRadius: pill.height / 2))
    appendCenteredText(
      line, into: &commands, center: pill.center, size: layout.px(theme.statusSize),
      color: theme.textColor.withOpacity(opacity))
  }

  /// The panel that explains a non-streaming camera state, centred on the picture (or on the
  /// space between the bars when no picture is shown). Streaming draws nothing.
  func drawStateBanner(
    into commands: inout [DrawCommand], layout: OverlayLayout, state: OverlayState, time: Double
  ) {
    let area = state.videoRect.flatMap { $0.isEmpty ? nil : $0 } ?? layout.content
    switch state.cameraState {
    case .streaming:
      return
    case .opening(let device):
      let name = state.cameraName.isEmpty ? device.name : state.cameraName
      drawOpening(into: &commands, layout: layout, center: area.center, name: name, time: time)
    case .noCamera:
      drawPanel(
        into: &commands, layout: layout, center: area.center, message: tr("No camera found"),
        color: theme.panelColor)
    case .failed(_, let error):
      drawPanel(
        into: &commands, layout: layout, center: area.center, message: error.userMessage,
        color: theme.errorPanelColor)
    }
  }

  /// "Opening <name>…" beside a spinner, in a neutral panel.
  private func drawOpening(
    into commands: inout [DrawCommand], layout: OverlayLayout, center: Point, name: String,
    time: Double
  ) {
    let size = layout.px(theme.bannerSize)
    let spinner = layout.px(22)
    let gap = layout.px(12)
    let maxText = layout.px(theme.panelMaxWidth) - spinner - gap
    let line = text.truncated(tr("Opening %1$s…", name), pointSize: size, width: maxText)
    let measured = text.size(of: line, pointSize: size)
    let panel = panelRect(
      center: center, content: Size(width: spinner + gap + measured.width, height: spinner),
      layout: layout)
    commands.append(.fillRect(panel, color: theme.panelColor, cornerRadius: panelRadius(layout)))
    let left = panel.minX + layout.px(20)
    drawSpinner(
      into: &commands, center: Point(x: left + spinner / 2, y: panel.center.y),
      radius: spinner / 2, time: time, scale: layout.scale)
    appendText(
      line, into: &commands, leading: left + spinner + gap, centerY: panel.center.y, size: size,
      color: theme.textColor)
  }

  /// A panel holding `message`, wrapped to the panel's maximum width, lines centred.
  private func drawPanel(
    into commands: inout [DrawCommand], layout: OverlayLayout, center: Point, message: String,
    color: Color
  ) {
    let size = layout.px(theme.bannerSize)
    let maxWidth = min(layout.px(theme.panelMaxWidth), layout.bounds.width - layout.px(80))
    let lines = text.wrapped(message, pointSize: size, width: max(maxWidth, size))
    let lineHeight = (size * 1.35).rounded()
    let widest = lines.map { text.size(of: $0, pointSize: size).width }.max() ?? 0
    let content = Size(width: widest, height: lineHeight * Double(lines.count))
    let panel = panelRect(center: center, content: content, layout: layout)
    commands.append(.fillRect(panel, color: color, cornerRadius: panelRadius(layout)))
    var y = panel.center.y - content.height / 2 + lineHeight / 2
    for line in lines {
      appendCenteredText(
        line, into: &commands, center: Point(x: panel.center.x, y: y), size: size,
        color: theme.textColor)
      y += lineHeight
    }
  }

  /// Eight dots on a circle; the brightest one advances twelve steps a second (1.5 turns),
  /// the others fade behind it.
  private func drawSpinner(
    into commands: inout [DrawCommand], center: Point, radius: Double, time: Double,
    scale: Double
  ) {
    let dots = Self.spinnerDirections.count
    let head = Int((max(time, 0) * 12).rounded(.down)) % dots
    let dotRadius = (2.5 * scale).rounded()
    for (index, direction) in Self.spinnerDirections.enumerated() {
      let dot = Point(
        x: (center.x + (radius - dotRadius) * direction.x).rounded(),
        y: (center.y + (radius - dotRadius) * direction.y).rounded())
      let age = (head - index + dots) % dots
      let opacity = 1 - Double(age) / Double(dots) * 0.85
      commands.append(
        .ring(
          center: dot, radius: dotRadius, thickness: dotRadius,
          color: theme.textColor.withOpacity(opacity)))
    }
  }

  /// Unit vectors every 45°, clockwise from twelve o'clock; 0.7071… is √2 / 2. Written out so
  /// the overlay needs no maths library.
  private static let spinnerDirections: [Point] = {
    let diagonal = 0.707_106_781_186_547_6
    return [
      Point(x: 0, y: -1), Point(x: diagonal, y: -diagonal), Point(x: 1, y: 0),
      Point(x: diagonal, y: diagonal), Point(x: 0, y: 1), Point(x: -diagonal, y: diagonal),
      Point(x: -1, y: 0), Point(x: -diagonal, y: -diagonal),
    ]
  }()

  private func panelRect(center: Point, content: Size, layout: OverlayLayout) -> Rect {
    let width = (content.width + 2 * layout.px(20)).rounded()
    let height = (content.height + 2 * layout.px(16)).rounded()
    return Rect(
      x: (center.x - width / 2).rounded(), y: (center.y - height / 2).rounded(), width: width,
      height: height)
  }

  private func panelRadius(_ layout: OverlayLayout) -> Double { layout.px(theme.panelRadius) }
}
