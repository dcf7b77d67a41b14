// SPDX-License-Identifier: MIT
import CameraModel
import PhotoPipeline

/// The shutter's figures, measured in the window: from the press (when the loop read it) to
/// the photo's first picture in the strip, and to the shutter being ready for the next press,
/// each at the presentation that showed it. The app logs the lines, with monotonic times.
extension PhotoController {
  /// One press being timed.
  struct ShutterTiming {
    /// When the loop read the press.
    var pressedAt: MonotonicTime
    /// The writer's id of the shot.
    var shotID: UInt64
    /// True once the shot's first thumbnail is in the strip (to be presented).
    var isInStrip = false
    /// True once the strip's figure was logged.
    var isStripLogged = false
    /// True once the ready figure was logged.
    var isReadyLogged = false
  }

  /// Starts timing the press read at `time`, whose shot the writer took as `id`.
  func startTiming(pressedAt time: MonotonicTime, shotID id: UInt64) {
    timing = ShutterTiming(pressedAt: time, shotID: id)
    effects.append(.log("pinhole: shutter pressed at \(Self.milliseconds(time)) ms (monotonic)"))
  }

  /// Notes that shot `id`'s thumbnail is in the strip now.
  func thumbnailShown(id: UInt64) {
    if timing?.shotID == id { timing?.isInStrip = true }
  }

  /// True while the shutter would take another press at once.
  var isShutterReady: Bool {
    canShoot && !writer.isBusy && (still?.modeSwitch.acceptsMoreFrames ?? true)
  }

  /// The window presented at `time`: returns the figures this presentation completed, as log
  /// lines ("pinhole: proxy in the strip 31 ms after the press"; "pinhole: shutter ready …").
  public func overlayPresented(at time: MonotonicTime) -> [String] {
    guard var current = timing else { return [] }
    var lines: [String] = []
    let since = Self.milliseconds(time.duration(since: current.pressedAt))
    if !current.isReadyLogged, isShutterReady {
      current.isReadyLogged = true
      lines.append(
        "pinhole: shutter ready \(since) ms after the press (at \(Self.milliseconds(time)) ms)")
    }
    if current.isInStrip, !current.isStripLogged {
      current.isStripLogged = true
      lines.append(
        "pinhole: proxy in the strip \(since) ms after the press"
          + " (at \(Self.milliseconds(time)) ms)")
    }
    timing = current.isReadyLogged && current.isStripLogged ? nil : current
    return lines
  }

  /// `time` on the monotonic clock, in milliseconds with one decimal.
  static func milliseconds(_ time: MonotonicTime) -> String {
    milliseconds(Duration.nanoseconds(Int64(clamping: time.nanoseconds)))
  }

  /// `duration` in milliseconds with one decimal.
  static func milliseconds(_ duration: Duration) -> String {
    let tenths = (duration / .milliseconds(1) * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "?" }
    let value = Int(tenths)
    return "\(value / 10).\(abs(value % 10))"
  }
}
