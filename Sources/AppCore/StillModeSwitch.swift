// SPDX-License-Identifier: MIT
import CameraModel

/// A Quality shot taken in the camera's largest mode while the window previews a smaller one:
/// the stream switches to the still mode, the shot's frames are taken, and the stream switches
/// back, while the window keeps showing the last preview frame. This decides, frame by frame,
/// what each arriving frame is for; it touches no device.
///
/// Main thread only.
public struct StillModeSwitch: Equatable, Sendable {
  /// Where the switch stands.
  public enum Phase: Equatable, Sendable {
    /// The still mode was asked for; frames of the preview mode may still arrive.
    case switching
    /// Frames of the still mode are taken for the shot.
    case collecting
    /// Every frame was taken (or the shot ended early); the preview mode was asked for again.
    case returning
    /// The first frame of the preview mode is back.
    case finished
  }

  /// What an arriving frame is for.
  public enum Decision: Equatable, Sendable {
    /// Not for the shot: a frame of the mode being left, or of the still mode once enough were
    /// taken.
    case skip
    /// A frame for the shot.
    case take
    /// A frame of neither mode's size: the camera changed its size by itself; the shot ends.
    case sizeChanged(FrameSize)
    /// The preview is back, `gap` after it froze.
    case previewBack(gap: Duration)
  }

  /// The mode the window previews in, and returns to.
  public let preview: CaptureMode
  /// The mode the shot is taken in.
  public let still: CaptureMode
  /// When the preview froze (the shutter).
  public let frozenAt: MonotonicTime
  /// Where the switch stands.
  public private(set) var phase = Phase.switching
  /// Frames still to take.
  public private(set) var remaining: Int

  /// A switch from `preview` to `still` for `frames` frames, frozen at `frozenAt`.
  public init(preview: CaptureMode, still: CaptureMode, frames: Int, frozenAt: MonotonicTime) {
    self.preview = preview
    self.still = still
    self.frozenAt = frozenAt
    remaining = max(1, frames)
  }

  /// The mode a still is taken in while `preview` streams: the largest of `modes` (by pixel
  /// count), in the preview's format when the camera offers that size in it, at its highest
  /// frame rate; nil when no mode is larger than the preview.
  public static func stillMode(for preview: CaptureMode, among modes: [CaptureMode])
    -> CaptureMode?
  {
    let largest = modes.map(\.size.area).max() ?? 0
    guard largest > preview.size.area else { return nil }
    let candidates = modes.filter { $0.size.area == largest }
    let sameFormat = candidates.filter { $0.format == preview.format }
    return (sameFormat.isEmpty ? candidates : sameFormat).min {
      $0.interval.framesPerSecond > $1.interval.framesPerSecond
    }
  }

  /// The request that streams the still mode.
  public var stillRequest: ModeRequest { Self.request(for: still) }
  /// The request that streams the preview mode again.
  public var previewRequest: ModeRequest { Self.request(for: preview) }

  private static func request(for mode: CaptureMode) -> ModeRequest {
    ModeRequest(
      format: mode.format, size: mode.size, framesPerSecond: mode.interval.framesPerSecond)
  }

  /// True while another press can add its frames to this switch.
  public var acceptsMoreFrames: Bool { phase == .switching || phase == .collecting }

  /// Another press during the shot: `frames` more frames before the preview comes back.
  public mutating func addFrames(_ frames: Int) {
    precondition(acceptsMoreFrames, "frames added after the shot's frames were all taken")
    remaining += max(1, frames)
  }

  /// A press while the stream goes back to the preview mode (every frame was taken): the still
  /// mode is asked for again, and `frames` more frames are taken there before the preview
  /// comes back. Frames of the preview mode arriving meanwhile are skipped.
  public mutating func reopen(frames: Int) {
    precondition(phase == .returning, "reopened a switch that is not returning")
    phase = .switching
    remaining = max(1, frames)
  }

  /// The shot ends without its frames (the camera went away, or the app quits): the preview
  /// mode is asked for again.
  public mutating func abandon() {
    if phase != .finished { phase = .returning }
  }

  /// Decides what a frame of `size`, arriving at `time`, is for.
  public mutating func frameArrived(size: FrameSize, at time: MonotonicTime) -> Decision {
    switch phase {
    case .switching, .collecting:
      if phase == .switching, size == preview.size { return .skip }
      guard size == still.size else {
        phase = .returning
        return .sizeChanged(size)
      }
      phase = .collecting
      remaining -= 1
      if remaining == 0 { phase = .returning }
      return .take
    case .returning:
      guard size == preview.size else { return .skip }
      phase = .finished
      return .previewBack(gap: time.duration(since: frozenAt))
    case .finished:
      return .skip
    }
  }
}
