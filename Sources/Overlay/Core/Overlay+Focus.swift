// SPDX-License-Identifier: MIT

import CameraModel

extension Overlay {
  /// The chain of the last frame drawn, with its focus: what an accessibility bridge reads.
  public var focusChain: FocusChain { navigator.chain }

  /// One frame with keyboard focus: a pointer press hides the ring; Tab, Space, Return and the
  /// arrows go to the navigator first (unless the shortcut sheet, which has no controls, is
  /// open); the widgets register their entries while they run; the ring is drawn last.
  func focusedFrame(input: OverlayInput, state: OverlayState) -> OverlayFrame {
    if !input.clicks.isEmpty { navigator.pointerPressed() }
    var keyed = input
    var request = FocusNavigator.Request()
    if !isShortcutSheetOpen, !input.keys.contains(where: ShortcutSheet.toggles) {
      (keyed.keys, request) = navigator.handle(input.keys)
    }
    tracker.focusRequest = request
    var frame = contentFrame(input: keyed, state: state)
    tracker.focusRequest = FocusNavigator.Request()
    let layout = OverlayLayout(input: input, theme: theme)
    let registered = named(tracker.focusEntries, state: state, layout: layout)
    var chain = navigator.update(with: FocusChain(registered: registered))
    // The shortcut sheet covers every control while it is open: no ring shows.
    if isShortcutSheetOpen { chain.isRingVisible = false }
    if chain.isRingVisible, let entry = chain.focused {
      frame.commands += Self.focusRing(around: entry, scale: layout.scale)
    }
    frame.focusChain = chain
    return frame
  }

  /// `entries` with the icon buttons' empty names filled from their tooltips, which already
  /// say what each does.
  private func named(_ entries: [FocusEntry], state: OverlayState, layout: OverlayLayout)
    -> [FocusEntry]
  {
    guard entries.contains(where: { $0.name.isEmpty }) else { return entries }
    let tips = tooltips(state: state, layout: layout)
    return entries.map { entry in
      guard entry.name.isEmpty, let tip = tips.first(where: { $0.id == entry.id }) else {
        return entry
      }
      var named = entry
      named.name = tip.text
      return named
    }
  }

  /// The ring around `entry`: a light line a little outside the widget over a dark halo, round
  /// for round buttons, square-cornered around everything else.
  static func focusRing(around entry: FocusEntry, scale: Double) -> [DrawCommand] {
    let gap = (2 * scale).rounded()
    let width = max((2 * scale).rounded(), 2)
    let halo = max(scale.rounded(), 1)
    switch entry.shape {
    case .circle:
      let radius = min(entry.rect.width, entry.rect.height) / 2 + gap + width
      return [
        .ring(
          center: entry.rect.center, radius: radius + halo, thickness: width + 2 * halo,
          color: OverlayTheme.focusHaloColor),
        .ring(
          center: entry.rect.center, radius: radius, thickness: width,
          color: OverlayTheme.focusRingColor),
      ]
    case .rectangle:
      let inner = entry.rect.insetBy(dx: -gap, dy: -gap)
      let ring = inner.insetBy(dx: -width, dy: -width)
      return outline(
        ring.insetBy(dx: -halo, dy: -halo), width: width + 2 * halo, OverlayTheme.focusHaloColor)
        + outline(ring, width: width, OverlayTheme.focusRingColor)
    }
  }

  /// Four bars `width` pixels thick along the inside of `rect`'s edges.
  private static func outline(_ rect: Rect, width: Double, _ color: Color) -> [DrawCommand] {
    [
      Rect(x: rect.minX, y: rect.minY, width: rect.width, height: width),
      Rect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width),
      Rect(x: rect.minX, y: rect.minY + width, width: width, height: rect.height - 2 * width),
      Rect(
        x: rect.maxX - width, y: rect.minY + width, width: width, height: rect.height - 2 * width),
    ].map { .fillRect($0, color: color, cornerRadius: 0) }
  }
}
