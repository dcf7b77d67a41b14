// SPDX-License-Identifier: MIT

import CameraModel
import Localization

extension SettingsPanel {
  /// Label size of a line, in points.
  static let labelSize = 13.0
  /// Heading size, in points.
  private static let headingSize = 11.0

  /// The panel's title.
  static let title = tr("Camera settings")

  /// Draws the panel: background, the title line with the close button, then every line
  /// clipped to the viewport, then a scroll indicator when the content is taller than the
  /// panel.
  func draw(_ responses: Responses, into commands: inout [DrawCommand]) {
    commands.append(
      .fillRect(layout.panel, color: OverlayTheme.settingsPanelColor, cornerRadius: painter.px(14)))
    drawHeader(close: responses.close, into: &commands)
    commands.append(.clip(layout.viewport))
    for (row, response) in zip(layout.rows, responses.rows)
    where !row.frame.intersection(layout.viewport).isEmpty {
      drawRow(row, response: response, into: &commands)
    }
    commands.append(.clip(nil))
    drawScrollIndicator(into: &commands)
  }

  /// tr("Camera settings") over the camera's name, a × button at the right, a rule under them.
  private func drawHeader(close: ControlResponse, into commands: inout [DrawCommand]) {
    let header = layout.header
    let leading = header.minX + painter.px(SettingsLayout.padding + 2)
    let width = max(layout.closeButton.minX - painter.px(8) - leading, 0)
    let name = state.camera.settingsTitle
    let growth = SettingsLayout.headerGrowth(state)
    let titleY = name.isEmpty ? header.center.y : header.minY + painter.px(17 * growth)
    painter.appendText(
      painter.text.truncated(Self.title, pointSize: painter.px(15), width: width),
      into: &commands, leading: leading, centerY: titleY, size: painter.px(15),
      color: CameraPainter.textColor)
    if !name.isEmpty {
      painter.appendText(
        painter.text.truncated(name, pointSize: painter.px(11), width: width), into: &commands,
        leading: leading, centerY: header.minY + painter.px(35 * growth), size: painter.px(11),
        color: OverlayTheme.labelColor)
    }
    let button = layout.closeButton
    painter.appendButtonBackground(
      into: &commands, rect: button, response: close, isActive: false)
    let stroke = max(painter.px(1.8), 1)
    painter.appendPolyline(
      into: &commands, center: button.center, points: [.init(x: -5, y: -5), .init(x: 5, y: 5)],
      width: stroke, color: CameraPainter.textColor)
    painter.appendPolyline(
      into: &commands, center: button.center, points: [.init(x: 5, y: -5), .init(x: -5, y: 5)],
      width: stroke, color: CameraPainter.textColor)
    commands.append(
      .fillRect(
        Rect(x: header.minX, y: header.maxY - 1, width: header.width, height: 1),
        color: OverlayTheme.controlColor, cornerRadius: 0))
  }

  private func drawRow(
    _ row: SettingsRow, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    let frame = row.frame
    switch row.content {
    case .heading(let title):
      painter.appendText(
        title.uppercased(), into: &commands, leading: frame.minX,
        centerY: frame.maxY - painter.px(10), size: painter.px(Self.headingSize),
        color: OverlayTheme.labelColor)
    case .control(let control):
      drawControl(control, row: row, response: response, into: &commands)
    case .note(let text):
      let size = painter.px(11)
      let lines = painter.text.wrapped(text, pointSize: size, width: frame.width).prefix(2)
      for (index, line) in lines.enumerated() {
        painter.appendText(
          painter.text.truncated(line, pointSize: size, width: frame.width), into: &commands,
          leading: frame.minX, centerY: frame.minY + painter.px(12 + 16 * Double(index)),
          size: size, color: OverlayTheme.labelColor)
      }
    case .format, .size, .rate:
      drawModeRow(row, response: response, into: &commands)
    case .reset:
      drawPill(
        Self.resetTitle, rect: hitRect(of: row), response: response, opacity: 1,
        into: &commands)
    case .codeDetection:
      drawSwitchRow(
        Self.codeDetectionTitle, isOn: state.scan.detectsCodesInPhotoMode, frame: frame,
        into: &commands)
    case .photoQuality:
      drawValueRow(
        Self.photoQualityTitle, value: state.photo.photoQuality.settingsTitle, frame: frame,
        into: &commands)
    case .videoQuality:
      drawValueRow(
        Self.videoQualityTitle, value: state.recording.videoQuality.settingsTitle, frame: frame,
        into: &commands)
    case .videoSize:
      drawValueRow(
        Self.videoSizeTitle, value: state.recording.videoSizeLimit.settingsTitle, frame: frame,
        into: &commands)
    case .recordingCountdown:
      drawValueRow(
        Self.recordingCountdownTitle, value: recordingCountdownText, frame: frame,
        into: &commands)
    case .microphoneGain:
      drawMicrophoneGain(row: row, response: response, into: &commands)
    case .orientationLock:
      drawSwitchRow(
        Self.orientationLockTitle, isOn: state.camera.isOrientationLocked, frame: frame,
        into: &commands)
    case .keepCameraOpen:
      drawSwitchRow(
        Self.keepCameraOpenTitle, isOn: state.camera.keepsCameraOpen, frame: frame,
        into: &commands)
    case .textSize:
      drawValueRow(
        Self.textSizeTitle, value: state.camera.textSize.title, frame: frame, into: &commands)
    case .grid:
      let size = painter.px(Self.labelSize)
      painter.appendText(
        tr("Grid (G)"), into: &commands, leading: frame.minX, centerY: frame.center.y, size: size,
        color: CameraPainter.textColor)
      drawSwitch(isOn: state.camera.showsGrid, frame: frame, opacity: 1, into: &commands)
    case .aid(let aid):
      drawSwitchRow(aid.title, isOn: aid.isOn(in: state.camera.aids), frame: frame, into: &commands)
    case .zebraLevel:
      drawZebraLevel(row: row, response: response, into: &commands)
    case .exposureCompensation:
      drawExposureCompensation(row: row, response: response, into: &commands)
    case .microphone:
      drawMicrophoneRow(row, response: response, into: &commands)
    case .saveFolder(let kind):
      drawFolderRow(kind, row, response: response, into: &commands)
    }
  }

  /// A label at the left and the setting's value at the right; a click steps the value.
  func drawValueRow(
    _ title: String, value: String, frame: Rect, into commands: inout [DrawCommand]
  ) {
    let size = painter.px(Self.labelSize)
    let valueWidth = painter.text.size(of: value, pointSize: size).width
    painter.appendText(
      title, into: &commands, leading: frame.minX, centerY: frame.center.y, size: size,
      color: CameraPainter.textColor)
    painter.appendText(
      value, into: &commands, leading: frame.maxX - valueWidth, centerY: frame.center.y,
      size: size, color: OverlayTheme.labelColor)
  }

  /// A label, cut to the room left of the switch at the line's right.
  private func drawSwitchRow(
    _ title: String, isOn: Bool, frame: Rect, into commands: inout [DrawCommand]
  ) {
    let size = painter.px(Self.labelSize)
    let name = painter.text.truncated(
      title, pointSize: size, width: max(frame.width - painter.px(40) - painter.px(12), 0))
    painter.appendText(
      name, into: &commands, leading: frame.minX, centerY: frame.center.y, size: size,
      color: CameraPainter.textColor)
    drawSwitch(isOn: isOn, frame: frame, opacity: 1, into: &commands)
  }

  /// "Exposure compensation" and its value in EV over a slider of thirds, and under it what
  /// the slider drives.
  private func drawExposureCompensation(
    row: SettingsRow, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    let control = exposureCompensationControl
    let frame = row.frame
    let size = painter.px(Self.labelSize)
    let labelY = frame.minY + painter.px(14)
    let valueText = Self.evText(thirds: Int(control.value))
    let valueWidth = painter.text.size(of: valueText, pointSize: size).width
    painter.appendText(
      painter.text.truncated(
        control.name, pointSize: size, width: max(frame.width - valueWidth - painter.px(12), 0)),
      into: &commands, leading: frame.minX, centerY: labelY, size: size,
      color: CameraPainter.textColor)
    painter.appendTrailingText(
      valueText, into: &commands, trailing: frame.maxX, centerY: labelY, size: size,
      color: OverlayTheme.labelColor)
    drawSlider(control, geometry: sliderGeometry(of: row), response: response, into: &commands)
    let note = state.camera.exposureCompensationNote
    if !note.isEmpty {
      painter.appendText(
        painter.text.truncated(note, pointSize: painter.px(11), width: frame.width),
        into: &commands, leading: frame.minX, centerY: frame.minY + painter.px(52),
        size: painter.px(11), color: OverlayTheme.labelColor)
    }
  }

  /// Thirds of a stop as the panel and the badge write them: "0 EV", "+0.3 EV", "−1.7 EV".
  static func evText(thirds: Int) -> String {
    guard thirds != 0 else { return "0 EV" }
    let tenths = Int((Double(abs(thirds)) * 10 / 3).rounded())
    return (thirds > 0 ? "+" : "−") + "\(tenths / 10).\(tenths % 10) EV"
  }

  private func drawControl(
    _ control: CameraControl, row: SettingsRow, response: ControlResponse,
    into commands: inout [DrawCommand]
  ) {
    let opacity = control.isEditable ? 1 : CameraPainter.disabledOpacity
    let frame = row.frame
    let labelY = Self.isSlider(control) ? frame.minY + painter.px(14) : frame.center.y
    let size = painter.px(Self.labelSize)
    let valueText = Self.valueText(of: control, raw: showsRawNames)
    let reserved: Double =
      switch control.kind {
      case .integer, .integer64, .bitmask, .other:
        painter.text.size(of: valueText, pointSize: size).width
      case .menu, .integerMenu: selectorPill(valueText, frame: frame).0.width
      case .boolean: painter.px(40)
      case .button: frame.width * 0.4
      }
    let name = painter.text.truncated(
      ControlNames.name(of: control, raw: showsRawNames), pointSize: size,
      width: max(frame.width - reserved - painter.px(12), 0))
    painter.appendText(
      name, into: &commands, leading: frame.minX, centerY: labelY, size: size,
      color: CameraPainter.textColor.withOpacity(opacity))
    switch control.kind {
    case .integer, .integer64:
      painter.appendTrailingText(
        valueText, into: &commands, trailing: frame.maxX, centerY: labelY, size: size,
        color: OverlayTheme.labelColor.withOpacity(opacity))
      drawSlider(control, geometry: sliderGeometry(of: row), response: response, into: &commands)
    case .boolean:
      drawSwitch(isOn: control.value != 0, frame: frame, opacity: opacity, into: &commands)
    case .menu, .integerMenu:
      drawSelector(
        valueText, frame: frame, response: response, opacity: opacity, into: &commands)
    case .button:
      let pill = Rect(
        x: frame.maxX - frame.width * 0.4, y: frame.center.y - painter.px(14),
        width: frame.width * 0.4, height: painter.px(28))
      drawPill(tr("Run"), rect: pill, response: response, opacity: opacity, into: &commands)
    case .bitmask, .other:
      painter.appendTrailingText(
        valueText, into: &commands, trailing: frame.maxX, centerY: labelY, size: size,
        color: OverlayTheme.labelColor.withOpacity(opacity))
    }
  }

  /// What a control's value reads as: the menu entry's plain name (the driver's with `raw`),
  /// tr("On")/tr("Off"), or the number, with its unit where V4L2 defines one ("6.8 ms"; not with
  /// `raw`, which shows the driver's own figures).
  static func valueText(of control: CameraControl, raw: Bool = false) -> String {
    switch control.kind {
    case .menu, .integerMenu: ControlNames.menuEntry(control.value, of: control, raw: raw)
    case .boolean: control.value == 0 ? tr("Off") : tr("On")
    case .button: ""
    default:
      (raw ? nil : ControlUnits.text(control.value, of: control.id)) ?? String(control.value)
    }
  }

  func drawSlider(
    _ control: CameraControl, geometry: SliderGeometry, response: ControlResponse,
    into commands: inout [DrawCommand]
  ) {
    let opacity = control.isEditable ? 1 : CameraPainter.disabledOpacity
    let track = geometry.track
    let knobX = geometry.knobX(for: control.value, of: control).rounded()
    commands.append(
      .fillRect(
        track, color: OverlayTheme.controlColor.withOpacity(opacity),
        cornerRadius: track.height / 2))
    let filled = Rect(x: track.minX, y: track.minY, width: knobX - track.minX, height: track.height)
    if filled.width > 0 {
      commands.append(
        .fillRect(
          filled, color: OverlayTheme.controlActiveColor.withOpacity(opacity),
          cornerRadius: track.height / 2))
    }
    let radius = painter.px(response.isPressed ? 10 : 8)
    if response.isHovered || response.isPressed {
      let halo = radius + painter.px(5)
      commands.append(
        .ring(
          center: Point(x: knobX, y: track.center.y), radius: halo, thickness: halo,
          color: OverlayTheme.controlHoverColor))
    }
    commands.append(
      .ring(
        center: Point(x: knobX, y: track.center.y), radius: radius, thickness: radius,
        color: CameraPainter.textColor.withOpacity(control.isEditable ? 1 : 0.55)))
  }

  private func drawSwitch(
    isOn: Bool, frame: Rect, opacity: Double, into commands: inout [DrawCommand]
  ) {
    let width = painter.px(40)
    let height = painter.px(22)
    let track = Rect(
      x: frame.maxX - width, y: (frame.center.y - height / 2).rounded(), width: width,
      height: height)
    let fill = isOn ? OverlayTheme.controlActiveColor : OverlayTheme.controlColor
    commands.append(.fillRect(track, color: fill.withOpacity(opacity), cornerRadius: height / 2))
    let radius = height / 2 - painter.px(2)
    let x = isOn ? track.maxX - height / 2 : track.minX + height / 2
    commands.append(
      .ring(
        center: Point(x: x, y: track.center.y), radius: radius, thickness: radius,
        color: CameraPainter.textColor.withOpacity(opacity)))
  }

  /// A selector pill's padding and chevron, in pixels.
  private var selectorChrome: Double { painter.px(20) + painter.px(16) }

  /// The most text a selector pill in `frame` shows: 55 % of the line less its padding and
  /// chevron.
  func selectorTextRoom(in frame: Rect) -> Double {
    (frame.width * 0.55).rounded() - selectorChrome
  }

  /// The selector pill at the right of `frame` for `title`, and the title as it fits.
  private func selectorPill(_ title: String, suffix: String = "", frame: Rect) -> (Rect, String) {
    let size = painter.px(Self.labelSize)
    let chrome = selectorChrome
    let maxWidth = (frame.width * 0.55).rounded()
    // A suffix that marks the entry ("(absent)") is kept whole; the title gives way to it.
    let suffixWidth = suffix.isEmpty ? 0 : painter.text.size(of: suffix, pointSize: size).width
    let shown =
      painter.text.truncated(title, pointSize: size, width: maxWidth - chrome - suffixWidth)
      + suffix
    let width = min(painter.text.size(of: shown, pointSize: size).width + chrome, maxWidth)
    let pill = Rect(
      x: frame.maxX - width.rounded(), y: frame.center.y - painter.px(14), width: width.rounded(),
      height: painter.px(28))
    return (pill, shown)
  }

  /// A pill at the right of the line showing the current entry and a chevron: a click opens
  /// the list of entries. A long `title` is shortened, `suffix` never.
  func drawSelector(
    _ title: String, suffix: String = "", frame: Rect, response: ControlResponse,
    opacity: Double, into commands: inout [DrawCommand]
  ) {
    let size = painter.px(Self.labelSize)
    let (pill, shown) = selectorPill(title, suffix: suffix, frame: frame)
    drawPillBackground(pill, response: response, opacity: opacity, into: &commands)
    painter.appendText(
      shown, into: &commands, leading: pill.minX + painter.px(10), centerY: pill.center.y,
      size: size, color: CameraPainter.textColor.withOpacity(opacity))
    let tip = Point(x: pill.maxX - painter.px(12), y: pill.center.y)
    let stroke = max(painter.px(1.6), 1)
    let color = CameraPainter.textColor.withOpacity(opacity)
    // A down chevron: the entries open as a list below.
    painter.appendPolyline(
      into: &commands, center: tip,
      points: [.init(x: -4, y: -2), .init(x: 0, y: 2), .init(x: 4, y: -2)],
      width: stroke, color: color)
  }

  private func drawModeRow(
    _ row: SettingsRow, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    guard let choices = modeChoices else { return }
    let size = painter.px(Self.labelSize)
    let (name, value): (String, String) =
      switch row.content {
      case .format: (tr("Format"), choices.current.format.description)
      case .size: (tr("Size"), "\(choices.current.size.width) × \(choices.current.size.height)")
      default: (tr("Frame rate"), choices.current.interval.description)
      }
    painter.appendText(
      name, into: &commands, leading: row.frame.minX, centerY: row.frame.center.y, size: size,
      color: CameraPainter.textColor)
    if case .rate = row.content, state.measuredFPS > 0 {
      // The measured rate sits between the label and the selector, when there is room.
      let measured = tr("%1$s measured", CameraPainter.fixed(state.measuredFPS, decimals: 1))
      let small = painter.px(11)
      let leading =
        row.frame.minX + painter.text.size(of: name, pointSize: size).width + painter.px(8)
      let room = selectorPill(value, frame: row.frame).0.minX - painter.px(8) - leading
      if painter.text.size(of: measured, pointSize: small).width <= room {
        painter.appendText(
          measured, into: &commands, leading: leading, centerY: row.frame.center.y, size: small,
          color: OverlayTheme.labelColor)
      }
    }
    drawSelector(value, frame: row.frame, response: response, opacity: 1, into: &commands)
  }

  /// tr("Zebra level") and its value in a selector; a click steps to the next level.
  private func drawZebraLevel(
    row: SettingsRow, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    painter.appendText(
      tr("Zebra level"), into: &commands, leading: row.frame.minX, centerY: row.frame.center.y,
      size: painter.px(Self.labelSize), color: CameraPainter.textColor)
    drawSelector(
      "\(state.camera.aids.zebraPercent) %", frame: row.frame, response: response, opacity: 1,
      into: &commands)
  }

  private func drawPill(
    _ title: String, rect: Rect, response: ControlResponse, opacity: Double,
    into commands: inout [DrawCommand]
  ) {
    drawPillBackground(rect, response: response, opacity: opacity, into: &commands)
    painter.appendCenteredText(
      title, into: &commands, center: rect.center, size: painter.px(Self.labelSize),
      color: CameraPainter.textColor.withOpacity(opacity))
  }

  private func drawPillBackground(
    _ rect: Rect, response: ControlResponse, opacity: Double, into commands: inout [DrawCommand]
  ) {
    let fill =
      response.isPressed
      ? OverlayTheme.controlPressColor
      : response.isHovered ? OverlayTheme.controlHoverColor : OverlayTheme.controlColor
    commands.append(
      .fillRect(rect, color: fill.withOpacity(opacity), cornerRadius: rect.height / 2))
  }

  /// A thin bar at the panel's right edge showing which part of the content is in view.
  private func drawScrollIndicator(into commands: inout [DrawCommand]) {
    guard layout.maximumOffset > 0 else { return }
    let track = layout.viewport
    let total = track.height + layout.maximumOffset * painter.scale
    let height = max((track.height * track.height / total).rounded(), painter.px(20))
    let travel = track.height - height
    let y = track.minY + (travel * layout.offset / layout.maximumOffset).rounded()
    let width = painter.px(3)
    commands.append(
      .fillRect(
        Rect(x: layout.panel.maxX - painter.px(6), y: y, width: width, height: height),
        color: OverlayTheme.labelColor.withOpacity(0.6), cornerRadius: width / 2))
  }
}
