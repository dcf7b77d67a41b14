// SPDX-License-Identifier: MIT
import Workers

/// An `AudioOutput` being opened on a thread of its own ("pinhole-audio-out"), to be taken by
/// the thread that plays it once it is ready.
///
/// Opening connects to the sound server or, without one, makes ALSA probe every card: tens of
/// milliseconds of file and device I/O that would freeze the viewer on the render loop. SDL's
/// device calls may come from any thread, so the output opened here is played from the render
/// loop afterwards; it moves across as a `sending` value, so only one thread ever holds it.
/// One job on its own thread (`BackgroundResult`).
///
/// Any thread.
public final class AudioOutputOpening: Sendable {
  private let opening: BackgroundResult<AudioOutput?>

  /// Starts opening the default playback device for `sampleRate` and `channelCount`; `wake`
  /// runs on the opening thread once the outcome can be taken. A device opened and never
  /// taken closes with this.
  public init(sampleRate: Int, channelCount: Int, wake: @escaping @Sendable () -> Void) {
    opening = BackgroundResult(name: "pinhole-audio-out", wake: wake) {
      AudioOutput(sampleRate: sampleRate, channelCount: channelCount)
    }
  }

  /// The outcome once opening is over: `.some(nil)` when no device opened (play silent), nil
  /// while it is still under way. Gives the outcome once.
  public func take() -> sending AudioOutput?? {
    opening.take()
  }
}
