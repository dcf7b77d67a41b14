// SPDX-License-Identifier: MIT

/// Where a playing video is, as a pure function of the wall clock: play, pause and seek move an
/// anchor (a media time at a wall time); the position runs from it while playing and stays
/// while paused, always within 0…duration. Reaching the end pauses there; playing again from
/// the end starts over. Times in seconds. Pure value; the owner's thread.
public struct PlaybackClock: Sendable, Equatable {
  /// The video's length (0 when unknown: then only the start is a valid position).
  public private(set) var duration: Double
  /// True while time runs.
  public private(set) var isPlaying: Bool
  private var anchorPosition: Double
  private var anchorTime: Double

  /// A clock at the start, playing from `now` when `isPlaying`.
  public init(duration: Double, isPlaying: Bool = true, now: Double) {
    self.duration = duration.isFinite ? max(duration, 0) : 0
    self.isPlaying = isPlaying
    anchorPosition = 0
    anchorTime = now
  }

  /// The media time shown at wall time `now`.
  public func position(at now: Double) -> Double {
    guard isPlaying, now.isFinite else { return anchorPosition }
    return clamp(anchorPosition + max(now - anchorTime, 0))
  }

  /// True when playback ran to the end.
  public func hasEnded(at now: Double) -> Bool { duration > 0 && position(at: now) >= duration }

  /// The position as a fraction of the duration, 0…1, for the timeline.
  public func progress(at now: Double) -> Double {
    duration > 0 ? position(at: now) / duration : 0
  }

  /// Stops the position at its value at `now`, or at the end when it ran out.
  public mutating func pause(at now: Double) {
    anchorPosition = position(at: now)
    anchorTime = now
    isPlaying = false
  }

  /// Runs the position from `now`; from the start when it had reached the end.
  public mutating func play(at now: Double) {
    anchorPosition = hasEnded(at: now) ? 0 : position(at: now)
    anchorTime = now
    isPlaying = true
  }

  /// Play when paused, pause when playing.
  public mutating func toggle(at now: Double) {
    isPlaying && !hasEnded(at: now) ? pause(at: now) : play(at: now)
  }

  /// Moves to `target` (clamped), keeping play or pause; returns the new position.
  @discardableResult
  public mutating func seek(to target: Double, at now: Double) -> Double {
    anchorPosition = clamp(target.isFinite ? target : 0)
    anchorTime = now
    return anchorPosition
  }

  /// Moves by `offset` seconds from the position at `now`; returns the new position.
  @discardableResult
  public mutating func seek(by offset: Double, at now: Double) -> Double {
    seek(to: position(at: now) + (offset.isFinite ? offset : 0), at: now)
  }

  /// Moves to `fraction` (0…1) of the duration, as a click on the timeline asks.
  @discardableResult
  public mutating func seek(toFraction fraction: Double, at now: Double) -> Double {
    seek(to: min(max(fraction.isFinite ? fraction : 0, 0), 1) * duration, at: now)
  }

  /// Learns the duration once the file is open (or from the last frame when it did not say).
  public mutating func setDuration(_ seconds: Double, at now: Double) {
    let position = position(at: now)
    duration = seconds.isFinite ? max(seconds, 0) : 0
    anchorPosition = clamp(position)
    anchorTime = now
  }

  /// The share of the gap to the sound that one `follow` closes. The sound's position moves in
  /// steps of the device's buffer (about 20 ms), so the clock eases toward it over a dozen
  /// frames instead of jumping with each step.
  public static let soundFollowRate = 0.1
  /// Gaps wider than this, in seconds, are not the sound card's drift but a seek or a stall
  /// the sound has not caught up with yet: `follow` leaves them alone.
  public static let soundFollowLimit = 0.5

  /// Eases the position at `now` toward `soundPosition`, the media time of the sample the
  /// sound card plays at `now`, so the picture keeps to the sound card's clock: it drifts
  /// from the system clock, and falls behind it after the sound ran dry for a moment. Only
  /// while playing and before the end.
  public mutating func follow(soundPosition: Double, at now: Double) {
    guard isPlaying, soundPosition.isFinite, now.isFinite, !hasEnded(at: now) else { return }
    let current = position(at: now)
    let gap = soundPosition - current
    guard abs(gap) <= Self.soundFollowLimit else { return }
    anchorPosition = clamp(current + gap * Self.soundFollowRate)
    anchorTime = now
  }

  private func clamp(_ value: Double) -> Double { min(max(value, 0), duration) }
}
