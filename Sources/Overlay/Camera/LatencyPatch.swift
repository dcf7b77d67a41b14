// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// What a latency measurement shows: whether the patch is lit and how far it has come.
public struct LatencyPatchState: Hashable, Sendable {
  /// True while the patch is white; black otherwise.
  public var isLit: Bool
  /// Flashes measured so far.
  public var measured: Int
  /// Flashes in the whole measurement.
  public var total: Int

  /// Makes the state of a measurement.
  public init(isLit: Bool, measured: Int, total: Int) {
    self.isLit = isLit
    self.measured = measured
    self.total = total
  }
}

/// The patch a latency measurement flashes: a square, white or black, over the middle third
/// of the window's content (where a camera held up to the screen sees it), framed grey so it
/// can be found, with a line saying what to do above it.
enum LatencyPatch {
  /// The square and its caption.
  static func commands(
    _ state: LatencyPatchState, area: Rect, painter: CameraPainter
  ) -> [DrawCommand] {
    let side = (min(area.width, area.height) / 3).rounded()
    guard side > 0 else { return [] }
    let square = Rect(
      x: (area.center.x - side / 2).rounded(), y: (area.center.y - side / 2).rounded(),
      width: side, height: side)
    let frame = painter.px(4)
    let outer = Rect(
      x: square.minX - frame, y: square.minY - frame, width: side + 2 * frame,
      height: side + 2 * frame)
    var commands: [DrawCommand] = [
      .fillRect(outer, color: Color(red: 128, green: 128, blue: 128), cornerRadius: 0),
      .fillRect(
        square, color: state.isLit ? .white : Color(red: 0, green: 0, blue: 0), cornerRadius: 0),
    ]
    let caption =
      tr("Latency %1$d of %2$d: point the camera at this square", state.measured, state.total)
    let size = painter.px(13)
    let height = painter.px(26)
    let width = painter.text.size(of: caption, pointSize: size).width + painter.px(24)
    let pill = Rect(
      x: (area.center.x - width / 2).rounded(), y: outer.minY - painter.px(10) - height,
      width: width.rounded(), height: height)
    commands.append(
      .fillRect(pill, color: OverlayTheme.labelPillColor, cornerRadius: height / 2)
    )
    painter.appendCenteredText(
      caption, into: &commands, center: pill.center, size: size, color: .white)
    return commands
  }
}
