// SPDX-License-Identifier: MIT
import CameraModel

/// Sizes and colours of the overlay. Sizes are in window points and are multiplied by the
/// pixel scale, so spacing looks the same on HiDPI screens.
struct OverlayTheme: Sendable {
  /// Height of the top bar.
  var topBarHeight = 48.0
  /// Height of the bottom bar; tall enough for the shutter button that will sit in its centre.
  var bottomBarHeight = 96.0
  /// Space between content and the window's edges, and between neighbours.
  var padding = 16.0
  /// Font size of the camera name.
  var titleSize = 15.0
  /// Font size of the status line and small labels.
  var statusSize = 13.0
  /// Font size of state banners.
  var bannerSize = 16.0
  /// Corner radius of state panels.
  var panelRadius = 16.0
  /// Height of the notice pill; its corner radius is half of it.
  var pillHeight = 34.0
  /// Diameter of round icon buttons.
  var buttonSize = 44.0
  /// Widest a state panel grows before its text wraps.
  var panelMaxWidth = 520.0

  /// Translucent bar background: dark enough to read white text on a bright scene.
  var barColor = Color(red: 0, green: 0, blue: 0, alpha: 115)
  /// Neutral state panel (opaque: text is never read through a moving picture).
  var panelColor = Color(red: 28, green: 28, blue: 32)
  /// Error state panel, tinted red.
  var errorPanelColor = Color(red: 140, green: 28, blue: 36)
  /// Notice pill.
  var pillColor = Color(red: 36, green: 36, blue: 40)
  /// Badge marking the simulated camera.
  var badgeColor = Color(red: 255, green: 196, blue: 0, alpha: 235)
  /// Text on the badge.
  var badgeTextColor = Color(red: 24, green: 24, blue: 24)
  /// Primary text.
  var textColor = Color.white
  /// Secondary text (the status line).
  var secondaryTextColor = Color(red: 255, green: 255, blue: 255, alpha: 200)
  /// Button background under the pointer.
  var hoverColor = Color(red: 255, green: 255, blue: 255, alpha: 40)
  /// Button background while pressed.
  var pressColor = Color(red: 255, green: 255, blue: 255, alpha: 90)

  /// The one highlight colour of the whole interface, the camera-app yellow: focus and lock,
  /// a set self-timer, Undo, shortcut keys, the scan outline.
  static let accentColor = Color(red: 255, green: 204, blue: 0)
}
