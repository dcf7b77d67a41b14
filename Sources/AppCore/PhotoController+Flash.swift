// SPDX-License-Identifier: MIT
import CameraModel
import Lighting
import Metering
import Overlay
import PhotoPipeline

/// The photo flash: off, on, or auto from the metered scene, lit by the screen or a LED.
///
/// A flash shot cannot be the frame on screen at the click, which was taken without the
/// light. The shutter starts the light instead (the window turns white, or the app fires the
/// LED), and the shot is the first frame whose exposure began after the light reached the
/// scene: captured at least one frame interval, plus the screen's latency, after the light
/// came on. Its capture timestamp says so, whatever the delays between camera and screen.
extension PhotoController {
  /// When the flash fires.
  public typealias FlashMode = CameraOverlayState.FlashModeState.Mode

  /// In auto mode the flash fires when the scene's mean luma is below this code value
  /// (limited range, 16 black … 235 white): about 20 % of full signal, a dim room that a
  /// webcam's auto-exposure no longer lifts.
  public static let autoFlashLuma = 60.0
  /// How long a screen takes to show a presented picture: the compositor's frame and the
  /// panel's response.
  static let screenLatency = 0.05
  /// The shortest a screen flash stays white, from the click: long enough to be seen as a
  /// flash, and to light the scene for a camera whose frames arrive late.
  static let screenFlashMinimum = 0.3
  /// The longest a shot waits for a lit frame before it takes the newest frame as it is (a
  /// camera that stalled must not leave the screen white).
  static let flashTimeout = 1.5

  /// True when a shot now would fire the flash: always when on, in auto mode when the scene
  /// is dark, never when off or when nothing can light the scene.
  public var wouldFireFlash: Bool {
    guard flashSource != nil else { return false }
    switch flashMode {
    case .off: return false
    case .on: return true
    case .auto: return (sceneLuma ?? .infinity) < Self.autoFlashLuma
    }
  }

  /// True while the window should be white for a screen flash.
  public var isScreenFlashLit: Bool {
    flashShot?.source == .screen || screenFlashHoldUntil.map { clock() < $0 } == true
  }

  /// Starts a shot: at once from the ring, or by lighting the flash and waiting for a lit
  /// frame.
  func startShot(at time: MonotonicTime) {
    guard canShoot else { return }
    guard wouldFireFlash, let source = flashSource else {
      takeShot(at: time, flash: true)
      return
    }
    flashShot = FlashShot(clickTime: time, source: source)
    if source == .led { effects.append(.fireFlash) }
    if !isMuted { effects.append(.playShutterSound) }
  }

  /// The screen flash's white picture went on screen at `time`. The first call of a shot
  /// marks when the light reached the scene; later ones change nothing. The screen stays
  /// white until the shot is taken, so its light lasts as long as the wait may. True for the
  /// call that marked it.
  @discardableResult
  public func screenFlashPresented(at time: MonotonicTime) -> Bool {
    guard flashShot?.source == .screen, flashShot?.firing == nil else { return false }
    flashShot?.firing = FlashFiring(
      firedAt: time.advanced(seconds: Self.screenLatency),
      duration: .milliseconds(Int(Self.flashTimeout * 1000)))
    return true
  }

  /// The LED fired (`firing`), or could not (`nil`): then the shot is taken unlit at once.
  public func ledFlashFired(_ firing: FlashFiring?) {
    guard let shot = flashShot, shot.source == .led else { return }
    guard let firing else {
      flashShot = nil
      takeShot(at: shot.clickTime, flash: true, playsSound: false)
      return
    }
    flashShot?.firing = firing
  }

  /// Remembers the scene's brightness for auto mode and the frame interval, from a frame about
  /// to go into the ring. Frames taken while a flash is lit are not the scene's own light.
  func meter(captureTime capture: MonotonicTime, meanLuma: Double?) {
    if capture.nanoseconds > 0, let last = lastCaptureTime, capture > last {
      // Differences are clock-independent, so any stamp gives the interval.
      let interval = capture.seconds(since: last)
      if interval < 1 { frameInterval = 0.8 * frameInterval + 0.2 * interval }
    }
    if capture.nanoseconds > 0 { lastCaptureTime = capture }
    guard let meanLuma else { return }
    sceneLuma = meanLuma
  }

  /// Whether `meter` wants the frame's mean luma: auto flash with a light and no shot waiting.
  var isMeteringLuma: Bool { flashShot == nil && flashSource != nil && flashMode == .auto }

  /// Takes the newest frame (presented at `time`) for a waiting flash shot once it was
  /// exposed under the light, or when the wait has run out.
  func resolveFlashShot(newestCapturedAt stamp: MonotonicTime, presentedAt time: MonotonicTime) {
    guard let shot = flashShot else { return }
    // A stamp on another clock (v4l2loopback copies whatever its writer set) or none at all
    // cannot be compared with the light's time; then the presentation time stands in, with a
    // frame more for the way from the sensor to the screen.
    let isStampTrusted = stamp.nanoseconds > 0 && abs(time.seconds(since: stamp)) < 1
    let capture = isStampTrusted ? stamp : time
    let margin = Duration.saturatingSeconds(isStampTrusted ? frameInterval : 2 * frameInterval)
    // The frame's stamp may mark the start or the end of its exposure, depending on the
    // driver; a stamp one interval after the light covers both.
    let isLit = shot.firing.map {
      FlashTiming.litFrameIndex(for: $0, captureTimes: [capture], frameInterval: margin) == 0
    }
    // Past the light's last useful moment a LED shot takes what there is rather than wait.
    let isMissed = shot.firing.map {
      capture > FlashTiming.lastLitStart(for: $0, frameInterval: margin)
    }
    guard
      isLit == true || isMissed == true
        || time.seconds(since: shot.clickTime) >= Self.flashTimeout
    else { return }
    flashShot = nil
    if shot.source == .screen {
      screenFlashHoldUntil = shot.clickTime.advanced(seconds: Self.screenFlashMinimum)
    }
    takeShot(at: time, clickTime: shot.clickTime, flash: true, playsSound: false)
  }
}

/// A shot waiting for its flash. Main thread only (owned by `PhotoController`).
struct FlashShot {
  /// When the shutter was pressed.
  let clickTime: MonotonicTime
  /// Where the light comes from.
  let source: PhotoController.FlashSource
  /// When the light reached the scene and how long it lasts; nil until then.
  var firing: FlashFiring?
}

extension PhotoController {
  /// Where a photo's flash comes from.
  public enum FlashSource: Hashable, Sendable {
    /// The window turns white: any desktop.
    case screen
    /// A LED the app fires when asked (`PhotoControllerEffect.fireFlash`).
    case led
  }
}
