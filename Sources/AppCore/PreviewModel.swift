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
  /// Frames presented per second, measured over the last whole second.
  public private(set) var presentedFramesPerSecond: Double = 0

  private var presentedInWindow = 0
  private var windowStart: MonotonicTime?

  /// Starts in the opening state for `device`.
  public init(device: DeviceInfo, notice: String? = nil) {
    self.device = device
    self.notice = notice
    cameraState = .opening(device)
  }

  /// Applies news from the capture thread.
  public mutating func apply(_ event: CaptureEvent) {
    switch event {
    case .stateChanged(let state):
      cameraState = state
      if case .streaming(let info, let streamingMode) = state {
        device = info
        mode = streamingMode
      }
    case .negotiated(let negotiation, _):
      if let value = negotiation.value { mode = value }
    case .statistics(let figures):
      statistics = figures
    case .firstFrameDelivered, .controlsChanged, .controlRejected:
      break
    }
  }

  /// Counts a new frame shown on screen at `time`; the rate is updated once a second.
  public mutating func recordPresentedFrame(at time: MonotonicTime) {
    guard let start = windowStart else {
      windowStart = time
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
      notice: notice, videoRect: videoRect, isSimulated: device.kind == .simulated,
      isFullscreen: isFullscreen)
  }
}
