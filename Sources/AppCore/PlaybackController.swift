// SPDX-License-Identifier: MIT
import Overlay
import Recording

/// The rules of the viewer's video playback: when it starts, where it stands, how it follows
/// the sound card, when it ends, and what play, pause and seeking do, also at the end of the
/// file.
///
/// It does no I/O: the app owns the decoding thread and the sound device, tells the
/// controller what they report once a frame, and carries out its `Effect`s. Times are seconds
/// on one monotonic clock.
///
/// Main thread only.
public struct PlaybackController: Sendable, Equatable {
  /// How far ahead of the picture sound is queued: SDL's queue needs a little in hand to play
  /// without gaps.
  public static let soundLead = 0.1
  /// Sound older than this behind the picture is not queued (after a seek, say): it would
  /// only delay what follows.
  public static let staleSound = 0.3

  /// Something for the app to do.
  public enum Effect: Hashable, Sendable {
    /// Pause (true) or resume (false) the sound device.
    case pauseSound(Bool)
    /// The player decodes from `to` seconds; sound already queued is dropped.
    case seek(to: Double)
  }

  /// What the player and the sound device say this frame.
  public struct Report: Hashable, Sendable {
    /// The player decoded the whole file and every picture was taken.
    public var hasPlayerFinished: Bool
    /// The time of the last picture the player decoded, in seconds.
    public var lastFrameTime: Double
    /// Where the sound card is in the file, when sound plays.
    public var soundPosition: Double?

    /// Describes a frame's report.
    public init(hasPlayerFinished: Bool, lastFrameTime: Double, soundPosition: Double? = nil) {
      self.hasPlayerFinished = hasPlayerFinished
      self.lastFrameTime = lastFrameTime
      self.soundPosition = soundPosition
    }
  }

  /// What to show and play this frame.
  public struct Step: Hashable, Sendable {
    /// The picture due is the newest at or before this time.
    public var position: Double
    /// Queue the sound up to this time; nil while paused.
    public var soundUpTo: Double?
    /// Sound before this time is stale and not queued.
    public var soundFrom: Double
    /// What to do.
    public var effects: [Effect]
  }

  /// The clock; nil until the file has opened (and its sound device, if it has sound).
  public private(set) var clock: PlaybackClock?

  /// Waits for the file.
  public init() {}

  /// True once playback has started.
  public var hasStarted: Bool { clock != nil }

  /// The file (and its sound device) opened: playback starts from the beginning at `now`.
  public mutating func start(duration: Double, at now: Double) {
    clock = PlaybackClock(duration: duration, isPlaying: true, now: now)
  }

  /// Once a frame after the start: the file's true length when the player found it longer
  /// than its header said, the end (sound pauses), the sound card's clock followed.
  public mutating func step(_ report: Report, at now: Double) -> Step? {
    guard var current = clock else { return nil }
    var effects: [Effect] = []
    if report.hasPlayerFinished, report.lastFrameTime > current.duration {
      current.setDuration(report.lastFrameTime, at: now)
    }
    if current.isPlaying, current.hasEnded(at: now) || report.hasPlayerFinished {
      current.pause(at: now)
      effects.append(.pauseSound(true))
    }
    // With sound, the picture keeps to the sound card's clock.
    if let heard = report.soundPosition { current.follow(soundPosition: heard, at: now) }
    let position = current.position(at: now)
    clock = current
    return Step(
      position: position, soundUpTo: current.isPlaying ? position + Self.soundLead : nil,
      soundFrom: position - Self.staleSound, effects: effects)
  }

  /// Play / pause and seeking. Nil for an action that is not playback's; before the start a
  /// playback action is taken and does nothing. Play at the end starts again from the
  /// beginning.
  public mutating func handle(
    _ action: PhotoAction, hasPlayerFinished: Bool, at now: Double
  ) -> [Effect]? {
    switch action {
    case .togglePlayback, .seekVideo, .scrubVideo: break
    default: return nil
    }
    guard var current = clock else { return [] }
    var effects: [Effect] = []
    let target: Double?
    switch action {
    case .togglePlayback:
      let wasEnded = current.hasEnded(at: now) || (!current.isPlaying && hasPlayerFinished)
      current.toggle(at: now)
      if wasEnded, current.isPlaying {
        target = current.seek(to: 0, at: now)
      } else {
        target = nil
      }
      effects.append(.pauseSound(!current.isPlaying))
    case .seekVideo(by: let offset): target = current.seek(by: offset, at: now)
    case .scrubVideo(toFraction: let fraction): target = current.seek(toFraction: fraction, at: now)
    default: target = nil
    }
    if let target { effects.append(.seek(to: target)) }
    clock = current
    return effects
  }

  /// The viewer's controls at `position`; nil before the start.
  public func controls(position: Double) -> ViewerPlayback? {
    clock.map {
      ViewerPlayback(isPlaying: $0.isPlaying, elapsed: position, duration: $0.duration)
    }
  }
}
