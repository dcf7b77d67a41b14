// SPDX-License-Identifier: MIT
import CameraModel

/// Sizes, timings and colours of the whole overlay: the bars, panels and pills, and the photo
/// side's shutter, strip and viewer. Sizes are in window points and are multiplied by the pixel
/// scale, so spacing looks the same on HiDPI screens; times are in seconds.
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
  var badgeTextColor = OverlayTheme.onAccentTextColor
  /// Primary text.
  var textColor = Color.white
  /// Secondary text (the status line).
  var secondaryTextColor = Color(red: 255, green: 255, blue: 255, alpha: 200)
  /// Button background under the pointer.
  var hoverColor = Color(red: 255, green: 255, blue: 255, alpha: 40)
  /// Button background while pressed.
  var pressColor = Color(red: 255, green: 255, blue: 255, alpha: 90)

  // The photo side.
  /// Outer radius of the shutter's ring: a 64-point button, the size of a fingertip target
  /// with room to spare in the 96-point bottom bar.
  var shutterRadius = 32.0
  /// Width of the shutter's ring.
  var shutterRingWidth = 4.0
  /// Space between the ring and the disc inside it.
  var shutterGap = 4.0
  /// How much the disc shrinks while pressed.
  var shutterPressInset = 3.0
  /// How long the shutter must be held before it shoots a burst.
  var burstHoldTime = 0.4
  /// How long the white flash after a capture takes to fade.
  var flashDuration = 0.15
  /// The flash's opacity when it starts.
  var flashPeakOpacity = 0.9

  /// Side of a square thumbnail in the strip.
  var thumbnailSize = 56.0
  /// Space between thumbnails.
  var thumbnailGap = 8.0
  /// Corner radius of a thumbnail's frame.
  var thumbnailRadius = 8.0
  /// Width of the frame around a thumbnail. With the radius above, the square photo's
  /// corners stay inside the rounded frame: that needs radius ≤ frame × √2 / (√2 − 1) ≈ 3.4 ×
  /// frame.
  var thumbnailFrame = 2.5
  /// Width of the self-timer button (a pill, so "10s" fits beside the clock).
  var timerButtonWidth = 64.0
  /// Height of the photo side's warning and toast pills.
  var toastPillHeight = 36.0
  /// Height of the viewer's header row.
  var viewerHeaderHeight = 64.0
  /// Size of the self-timer's countdown number.
  var countdownSize = 72.0

  /// Frame around thumbnails.
  var thumbnailFrameColor = Color(red: 255, green: 255, blue: 255, alpha: 235)
  /// Veil over a thumbnail whose file is still being written.
  var pendingVeilColor = Color(red: 0, green: 0, blue: 0, alpha: 140)
  /// The viewer's backdrop: opaque, so neither the live picture nor the bars show through.
  var viewerColor = Color(red: 10, green: 10, blue: 12)
  /// Resting background of the viewer's buttons.
  var viewerButtonColor = Color(red: 255, green: 255, blue: 255, alpha: 30)
  /// Background of round buttons drawn over the photo (previous, next).
  var floatingButtonColor = Color(red: 0, green: 0, blue: 0, alpha: 130)
  /// The storage warning pill, tinted red (opaque, as every surface that carries text).
  var warningColor = Color(red: 150, green: 30, blue: 40)
  /// The undo toast.
  var toastColor = Color(red: 40, green: 40, blue: 44)
  /// The disc behind the countdown number.
  var countdownDiscColor = Color(red: 0, green: 0, blue: 0, alpha: 110)
  /// Disc colour of the shutter while pressed.
  var shutterPressedColor = Color(red: 205, green: 205, blue: 205)
  /// Disc colour of the shutter under the pointer.
  var shutterHoverColor = Color(red: 238, green: 238, blue: 238)

  // The library grid.
  /// The library grid's backdrop.
  var libraryBackgroundColor = Color(red: 18, green: 18, blue: 20)
  /// The library's toolbar.
  var libraryToolbarColor = Color(red: 32, green: 32, blue: 36)
  /// A library toolbar button at rest.
  var libraryButtonColor = Color(red: 56, green: 56, blue: 62)
  /// A library toolbar button under the pointer.
  var libraryButtonHoverColor = Color(red: 78, green: 78, blue: 86)
  /// A library toolbar button that is on (the favourites filter).
  var libraryButtonOnColor = Color(red: 200, green: 150, blue: 20)
  /// The library's secondary text (day headers, counts).
  var libraryDimTextColor = Color(red: 150, green: 150, blue: 156)
  /// A library tile whose thumbnail is not loaded yet.
  var libraryTileColor = Color(red: 44, green: 44, blue: 48)
  /// The frame around a selected library tile.
  var librarySelectionColor = Color(red: 60, green: 140, blue: 255)
  /// The veil over a selected library tile.
  var librarySelectionVeilColor = Color(red: 60, green: 140, blue: 255, alpha: 70)
  /// A favourite's star badge.
  var libraryStarColor = Color(red: 255, green: 200, blue: 40)
  /// The library scrollbar's track.
  var libraryTrackColor = Color(red: 255, green: 255, blue: 255, alpha: 30)
  /// The library scrollbar's thumb.
  var libraryThumbColor = Color(red: 255, green: 255, blue: 255, alpha: 150)

  /// The one highlight colour of the whole interface, the camera-app yellow: focus and lock,
  /// a set self-timer, Undo, shortcut keys, the scan outline.
  static let accentColor = Color(red: 255, green: 204, blue: 0)
  /// Dark text on the accent colour: a dialog's default button, the reticle's badges.
  static let onAccentTextColor = Color(red: 24, green: 24, blue: 24)

  // Panels, cards and controls of the camera side.
  /// Panel and card background: dark and opaque, so the moving picture never shows through
  /// the text (the HUD, the scan cards and confirmations, the top bar's menus).
  static let cardColor = Color(red: 22, green: 22, blue: 26)
  /// Labels and headings on panels and cards.
  static let labelColor = Color(red: 255, green: 255, blue: 255, alpha: 160)
  /// Failed focus and late frames.
  static let alertColor = Color(red: 255, green: 69, blue: 58)
  /// Slider track, switch off, pill background.
  static let controlColor = Color(red: 255, green: 255, blue: 255, alpha: 46)
  /// Pill background under the pointer, and the library button's.
  static let controlHoverColor = Color(red: 255, green: 255, blue: 255, alpha: 70)
  /// Pill background while pressed.
  static let controlPressColor = Color(red: 255, green: 255, blue: 255, alpha: 110)
  /// Filled part of a slider and an "on" switch.
  static let controlActiveColor = Color(red: 53, green: 132, blue: 228)
  /// The dark parts of icons drawn in a light colour (the camera's lens, the torch's switch),
  /// and a whole icon on an accent-filled button (the torch while on).
  static let iconDetailColor = Color(red: 30, green: 30, blue: 34)
  /// A small dark pill carrying a label over the picture: a video's length on a thumbnail or
  /// a library tile, the viewfinder's badges, the latency patch's caption.
  static let labelPillColor = Color(red: 0, green: 0, blue: 0, alpha: 170)
  /// The dark disc behind a small mark over the picture: a video's play mark, a favourite's
  /// star.
  static let markDiscColor = Color(red: 0, green: 0, blue: 0, alpha: 150)

  // The viewfinder.
  /// The dark outline under the rule-of-thirds grid, so it shows on bright scenes.
  static let gridShadowColor = Color(red: 0, green: 0, blue: 0, alpha: 110)
  /// The rule-of-thirds grid's light line.
  static let gridLineColor = Color(red: 255, green: 255, blue: 255, alpha: 190)
  /// The screen torch: warm white, about 4000 K, kinder to skin than the screen's blue-ish
  /// white.
  static let ringLightColor = Color(red: 255, green: 236, blue: 205)
  /// The locked focus reticle's green.
  static let focusLockedColor = Color(red: 70, green: 215, blue: 95)
  /// The outline around every stroke of the focus reticle, at the stroke's opacity.
  static let reticleOutlineColor = Color(red: 0, green: 0, blue: 0, alpha: 150)
  /// The background of the HUD's frame-time chart.
  static let chartColor = Color(red: 0, green: 0, blue: 0, alpha: 70)

  // Keyboard focus.
  /// The accent of the focus ring: a light blue that reads on the bars, the panels and the
  /// picture, with a dark halo under it for bright pictures.
  static let focusRingColor = Color(red: 120, green: 184, blue: 255)
  /// The halo under the focus ring.
  static let focusHaloColor = Color(red: 0, green: 0, blue: 0, alpha: 170)

  // Sheets, dialogs and tooltips.
  /// The veil over the window behind the shortcut sheet.
  static let sheetVeilColor = Color(red: 0, green: 0, blue: 0, alpha: 150)
  /// The shortcut sheet's panel.
  static let sheetPanelColor = Color(red: 30, green: 30, blue: 34)
  /// The shortcut sheet's descriptions of what the keys do.
  static let sheetTextColor = Color(red: 255, green: 255, blue: 255, alpha: 225)
  /// The veil over the window behind the quit dialog.
  static let dialogVeilColor = Color(red: 0, green: 0, blue: 0, alpha: 120)
  /// A tooltip's background.
  static let tooltipColor = Color(red: 20, green: 20, blue: 24)

  // Settings.
  /// The settings panel's background: opaque, so its text reads over any picture.
  static let settingsPanelColor = Color(red: 24, green: 24, blue: 28)
  /// A settings picker's list: opaque, a shade lighter than the panel so it reads as on top.
  static let pickerListColor = Color(red: 44, green: 44, blue: 50)
  /// The outline around a settings picker's list.
  static let pickerListOutlineColor = Color(red: 90, green: 90, blue: 98)

  // The photo side, the viewer and the library.
  /// The burst count on the shutter's light disc.
  static let burstCountColor = Color(red: 20, green: 20, blue: 24)
  /// The veil over a thumbnail while it is pressed.
  static let thumbnailPressedColor = Color(red: 0, green: 0, blue: 0, alpha: 70)
  /// The round button that opens the library, at rest.
  static let libraryOpenButtonColor = Color(red: 255, green: 255, blue: 255, alpha: 40)
  /// The veil over a photo the viewer is deleting.
  static let deletingVeilColor = Color(red: 0, green: 0, blue: 0, alpha: 150)
  /// The unplayed part of a video's timeline in the viewer.
  static let timelineTrackColor = Color(red: 255, green: 255, blue: 255, alpha: 70)

  // Scanning codes.
  /// The outlines of the codes found in a photo, and their numbered badges.
  static let scanOutlineColor = Color(red: 52, green: 199, blue: 89)
  /// The shade over the picture outside the scan region.
  static let scanShadeColor = Color(red: 0, green: 0, blue: 0, alpha: 90)

  // Recording.
  /// The recording red, close to the system record colour of phone camera apps.
  static let recordColor = Color(red: 235, green: 50, blue: 45)
  /// The record button's red while pressed.
  static let recordPressedColor = Color(red: 190, green: 35, blue: 30)
  /// The sound meter below −12 dBFS.
  static let meterColor = Color(red: 80, green: 210, blue: 110)
  /// The sound meter from −12 dBFS, near the top.
  static let meterHighColor = Color(red: 240, green: 200, blue: 50)
  /// The sound meter from −3 dBFS, about to clip.
  static let meterClipColor = Color(red: 235, green: 60, blue: 50)
}
