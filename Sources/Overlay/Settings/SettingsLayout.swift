// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// Where the settings panel and its lines sit this frame: a nearly opaque panel on the
/// right, between the bars, with a fixed title line and a close button above lines scrolled
/// by the app's offset (clamped here, because only the overlay knows how tall the content is).
struct SettingsLayout {
  /// The panel's background.
  let panel: Rect
  /// The title line at the panel's top; it does not scroll.
  let header: Rect
  /// The close button at the title line's right.
  let closeButton: Rect
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
  /// Height of the title line, in points: the title and the camera's name under it.
  static let headerHeight = 46.0
  /// Side of the close button, in points.
  static let closeSize = 28.0

  /// How much taller than `headerHeight` the title line is for the text size in `state`: as
  /// much as its text grows, never smaller.
  static func headerGrowth(_ state: OverlayState) -> Double {
    max(1, state.camera.textSize.factor)
  }

  /// Lays out the panel for `state` in `layout`.
  init(state: OverlayState, layout: OverlayLayout) {
    let margin = layout.px(Self.margin)
    let padding = layout.px(Self.padding)
    let contents =
      Self.contents(of: state.camera, raw: state.camera.isHUDVisible)
      + Self.aidContents(of: state.camera) + [.heading(tr("Display")), .textSize]
      + Self.videoContents(of: state.recording) + Self.folderContents(of: state.photo)
      + [.heading(tr("Privacy")), .keepCameraOpen]
    let heights = contents.map { layout.px(SettingsRow.height(of: $0)) }
    let contentHeight = heights.reduce(0, +)
    let available = max(layout.content.height - 2 * margin, 0)
    let width = max(min(layout.px(Self.panelWidth), layout.bounds.width - 2 * margin), 0)
    // Larger text makes the title line's two lines taller.
    let headerHeight = layout.px(Self.headerHeight * Self.headerGrowth(state))
    let height = min(available, contentHeight + 2 * padding + headerHeight)
    panel = Rect(
      x: layout.bounds.maxX - margin - width, y: layout.content.minY + margin, width: width,
      height: height)
    header = Rect(x: panel.minX, y: panel.minY, width: panel.width, height: headerHeight)
    let close = layout.px(Self.closeSize)
    closeButton = Rect(
      x: panel.maxX - padding - close, y: (header.center.y - close / 2).rounded(), width: close,
      height: close)
    viewport = Rect(
      x: panel.minX, y: header.maxY, width: panel.width,
      height: max(panel.maxY - padding - header.maxY, 0))
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

  /// The viewfinder aids section, after the photo section: peaking, zebras and, while they are on,
  /// their level, histogram, waveform.
  static func aidContents(of camera: CameraOverlayState) -> [SettingsRow.Content] {
    var contents: [SettingsRow.Content] = [
      .heading(tr("Viewfinder aids")), .aid(.focusPeaking), .aid(.zebras),
    ]
    if camera.aids.showsZebras { contents.append(.zebraLevel) }
    return contents + [.aid(.histogram), .aid(.waveform)]
  }

  /// The lines in order: the picture section (exposure compensation, grid), the mode
  /// section, the controls grouped by class, the reset button, then the app's own photo
  /// section (the video and privacy sections follow in the panel). Disabled controls are not there at all, as V4L2 defines the flag; the exposure
  /// bias is left to the compensation slider that drives it, unless `raw` (the test-bench
  /// figures are on) asks for every control.
  static func contents(of camera: CameraOverlayState, raw: Bool = false) -> [SettingsRow.Content] {
    var contents: [SettingsRow.Content] = [.heading(tr("Picture")), .exposureCompensation, .grid]
    if camera.hasOrientationSensor { contents.append(.orientationLock) }
    if !camera.modes.isEmpty {
      contents += [.heading(tr("Mode")), .format, .size, .rate]
    }
    let visible = camera.controls.filter {
      !$0.flags.contains(.disabled) && (raw || $0.id != .autoExposureBias)
    }
    for (title, controls) in groups(visible) {
      contents.append(.heading(title))
      contents += controls.map { .control($0) }
    }
    if !camera.controlsNote.isEmpty {
      if visible.isEmpty { contents.append(.heading(tr("Controls"))) }
      contents.append(.note(camera.controlsNote))
    }
    if !visible.isEmpty { contents.append(.reset) }
    contents += [.heading(tr("Photo")), .photoQuality, .codeDetection]
    return contents
  }

  /// Controls grouped by V4L2 class, in the order User, Camera, Flash, Other; driver order
  /// is kept inside a group. Empty groups are left out.
  static func groups(_ controls: [CameraControl]) -> [(String, [CameraControl])] {
    let classes: [(String, UInt32?)] = [
      (tr("User"), 0x0098_0000), (tr("Camera"), 0x009a_0000), (tr("Flash"), 0x009c_0000),
      (tr("Other"), nil),
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
