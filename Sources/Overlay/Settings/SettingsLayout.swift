// SPDX-License-Identifier: MIT

import CameraModel

/// Where the settings panel and its lines sit this frame: a translucent panel on the right,
/// between the bars, scrolled by the app's offset (clamped here, because only the overlay
/// knows how tall the content is).
struct SettingsLayout {
  /// The panel's background.
  let panel: Rect
  /// The part of the panel lines are visible in; everything is clipped to it.
  let viewport: Rect
  /// Every line, positioned with the scroll offset applied.
  let rows: [SettingsRow]
  /// The scroll offset in points, clamped to `0…maximumOffset`.
  let offset: Double
  /// The furthest the content can scroll, in points.
  let maximumOffset: Double

  /// Panel width in points; narrower windows give it all but a margin.
  static let panelWidth = 300.0
  /// Space around the panel and inside it, in points.
  static let margin = 8.0
  /// Padding between the panel's edge and its lines, in points.
  static let padding = 10.0

  /// Lays out the panel for `state` in `layout`.
  init(state: OverlayState, layout: OverlayLayout) {
    let margin = layout.px(Self.margin)
    let padding = layout.px(Self.padding)
    let contents = Self.contents(of: state.camera) + Self.videoContents(of: state.recording)
    let heights = contents.map { layout.px(SettingsRow.height(of: $0)) }
    let contentHeight = heights.reduce(0, +)
    let available = max(layout.content.height - 2 * margin, 0)
    let width = max(min(layout.px(Self.panelWidth), layout.bounds.width - 2 * margin), 0)
    let height = min(available, contentHeight + 2 * padding)
    panel = Rect(
      x: layout.bounds.maxX - margin - width, y: layout.content.minY + margin, width: width,
      height: height)
    viewport = panel.insetBy(dx: 0, dy: padding)
    let overflow = max(contentHeight - viewport.height, 0)
    maximumOffset = overflow / layout.scale
    offset = min(max(state.camera.settingsOffset, 0), maximumOffset)

    var y = viewport.minY - (offset * layout.scale).rounded()
    var rows: [SettingsRow] = []
    for (content, height) in zip(contents, heights) {
      let frame = Rect(
        x: panel.minX + padding, y: y, width: panel.width - 2 * padding, height: height)
      rows.append(SettingsRow(content: content, frame: frame))
      y += height
    }
    self.rows = rows
  }

  /// The lines in order: the mode section, the controls grouped by class, the reset button,
  /// then the app's own photo section. Disabled controls are not there at all, as V4L2
  /// defines the flag.
  static func contents(of camera: CameraOverlayState) -> [SettingsRow.Content] {
    var contents: [SettingsRow.Content] = []
    if !camera.modes.isEmpty {
      contents += [.heading("Mode"), .format, .size, .rate]
    }
    let visible = camera.controls.filter { !$0.flags.contains(.disabled) }
    for (title, controls) in groups(visible) {
      contents.append(.heading(title))
      contents += controls.map { .control($0) }
    }
    if !visible.isEmpty { contents.append(.reset) }
    contents += [.heading("Photo"), .codeDetection]
    return contents
  }

  /// Controls grouped by V4L2 class, in the order User, Camera, Flash, Other; driver order
  /// is kept inside a group. Empty groups are left out.
  static func groups(_ controls: [CameraControl]) -> [(String, [CameraControl])] {
    let classes: [(String, UInt32?)] = [
      ("User", 0x0098_0000), ("Camera", 0x009a_0000), ("Flash", 0x009c_0000), ("Other", nil),
    ]
    let known = Set(classes.compactMap(\.1))
    return classes.compactMap { title, controlClass in
      let members = controls.filter { control in
        let own = control.id.controlClass
        return controlClass.map { own == $0 } ?? !known.contains(own)
      }
      return members.isEmpty ? nil : (title, members)
    }
  }
}
