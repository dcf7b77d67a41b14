// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Overlay

/// What the preview window knows about its camera, fed by capture events and presented frames,
/// and turned into the overlay's state once per rendered frame. Main thread only.
public struct PreviewModel: Sendable {
  /// The camera being shown.
  public private(set) var device: DeviceInfo
  /// The camera's state as the capture thread last reported it.
  public private(set) var cameraState: CameraState
  /// The mode in force, once negotiated.
  public private(set) var mode: CaptureMode?
  /// The latest capture statistics.
  public private(set) var statistics = CaptureStatistics()
  /// A notice under the top bar (e.g. why the simulated camera is shown).
  public var notice: String?
  /// The programs holding the camera while it is busy ("firefox"), when they could be found.
  public var heldBy: [String]?
  /// Frames presented per second, measured over the last whole second.
  public private(set) var presentedFramesPerSecond: Double = 0
  /// True when the preview is shown mirrored, like a mirror. Webcams (uvcvideo) face the user,
  /// so they start mirrored; photos are never mirrored, so text in them reads right.
  public var isMirrored: Bool
  /// Clockwise quarter turns the user asked for (the R key), 0…3.
  public var userQuarterTurns = 0
  /// Clockwise quarter turns that bring the picture upright for the way the machine is held;
  /// nil while the picture does not follow the machine (no sensor, or the orientation locked).
  public var deviceQuarterTurns: Int?
  /// Clockwise quarter turns applied to the preview, click mapping, saved photos and
  /// recordings, 0…3: the user's turns added to the device's.
  public var quarterTurns: Int {
    DeviceOrientation.combinedQuarterTurns(
      userTurns: userQuarterTurns, deviceTurns: deviceQuarterTurns)
  }

  private var presentedInWindow = 0
  private var windowStart: MonotonicTime?
  private var lastPresented: MonotonicTime?
  /// A longer wait between two shown frames is a pause, not a slow camera, in seconds.
  static let longestFrameGap = 1.0

  /// Starts in the opening state for `device`.
  public init(device: DeviceInfo, notice: String? = nil) {
    self.device = device
    self.notice = notice
    cameraState = .opening(device)
    isMirrored = Self.facesTheUser(device)
  }

  /// USB webcams sit above the screen looking at the user; other sources (capture cards, the
  /// simulated camera, test drivers) show a scene as it is.
  static func facesTheUser(_ device: DeviceInfo) -> Bool { device.driver == "uvcvideo" }

  /// Applies news from the capture thread.
  public mutating func apply(_ event: CaptureEvent) {
    switch event {
    case .stateChanged(let state):
      // While the session retries a failed camera it reports "opening" before each attempt;
      // the reason stays on screen until the camera streams again, so the banner never flickers.
      if case .opening = state, case .failed = cameraState { return }
      // Who holds a busy camera stays known while it stays busy, and no longer.
      var isSameFailure = false
      if case .failed(_, let error) = state { isSameFailure = error == failure }
      if !isSameFailure { heldBy = nil }
      cameraState = state
      if case .streaming(let info, let streamingMode) = state {
        device = info
        mode = streamingMode
      }
    case .negotiated(let negotiation, _):
      if let value = negotiation.value { mode = value }
    case .statistics(let figures):
      statistics = figures
    case .firstFrameDelivered, .controlsChanged, .controlRejected, .capabilities, .focus:
      break
    }
  }

  /// Counts a new frame shown on screen at `time`; the rate is updated once a second.
  /// After a pause (the viewer covered the preview, say) the count starts afresh, so the
  /// pause never shows as a rate like "0.2 fps".
  public mutating func recordPresentedFrame(at time: MonotonicTime) {
    defer { lastPresented = time }
    guard let start = windowStart,
      let last = lastPresented, time.seconds(since: last) <= Self.longestFrameGap
    else {
      windowStart = time
      presentedInWindow = 0
      return
    }
    presentedInWindow += 1
    let elapsed = time.seconds(since: start)
    if elapsed >= 1 {
      presentedFramesPerSecond = Double(presentedInWindow) / elapsed
      presentedInWindow = 0
      windowStart = time
    }
  }

  /// The error the camera failed with, while it is failed.
  public var failure: CaptureError? {
    if case .failed(_, let error) = cameraState { error } else { nil }
  }

  /// The window title: the camera's name.
  public var windowTitle: String { "\(device.name) — Pinhole" }

  /// The overlay's state for this frame.
  public func overlayState(videoRect: Rect?, isFullscreen: Bool) -> OverlayState {
    let isStreaming: Bool
    if case .streaming = cameraState { isStreaming = true } else { isStreaming = false }
    return OverlayState(
      cameraState: cameraState, cameraName: device.name,
      modeDescription: mode.map(\.description) ?? "",
      measuredFPS: isStreaming ? presentedFramesPerSecond : 0,
      droppedFrames: statistics.framesDroppedByDevice + statistics.framesDroppedByPipeline,
      notice: heldBy.map { "In use by " + $0.joined(separator: ", ") } ?? notice,
      videoRect: videoRect, isSimulated: device.kind == .simulated,
      isFullscreen: isFullscreen)
  }
}
