// SPDX-License-Identifier: MIT
import CameraModel

/// Sizes, timings and colours of the photo interface. Sizes are in window points (the layout
/// multiplies them by the pixel scale); times are in seconds.
struct PhotoTheme: Sendable {
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
  /// Height of the warning and toast pills.
  var pillHeight = 36.0
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
}
