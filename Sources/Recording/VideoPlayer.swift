// SPDX-License-Identifier: MIT
import CameraModel
import Workers

/// Decodes one video file ahead of its playback on a worker thread: pictures (NV12) and sound
/// (interleaved floats) wait in small buffers that the render loop takes from as its
/// `PlaybackClock` passes their times. Both are bounded: at most `bufferedFrameCount` pictures
/// and `bufferedPictureBytes` of them (1080p NV12 is 3 MB a picture, 8192x8192 is 100 MB), and
/// at most `bufferedSoundSeconds` of sound (8 channels at 192 kHz are 6 MB a second). When
/// either is full the thread sleeps until something is taken, a seek arrives or `stop()`.
///
/// Any thread, unless a member says otherwise.
public final class VideoPlayer: Sendable {
  /// Pictures decoded ahead at most.
  public static let bufferedFrameCount = 8
  /// Bytes of pictures decoded ahead at most; two pictures always may wait, whatever their size,
  /// so the largest video accepted (8192x8192) keeps one on screen and one coming.
  public static let bufferedPictureBytes = 64 << 20
  /// Seconds of sound decoded ahead at most: enough for the sound card's queue and the
  /// pictures that share the file's packets with it, little enough that a file of one picture
  /// and hours of sound is not decoded whole into memory.
  public static let bufferedSoundSeconds = 2.0

  /// What the player knows of its file.
  public enum Status: Sendable, Equatable {
    /// Still opening.
    case opening
    /// Open: sizes, duration and sound.
    case open(VideoFileDecoder.Info)
    /// The file could not be read as a video.
    case failed(String)
  }

  /// What the player's thread is asked to do.
  enum Command: Sendable {
    case seek(Double, generation: Int)
    case more
  }

  private let buffers: VideoPlayerBuffers
  /// The player's thread. Its command inbox (64 commands, the oldest dropped when full, as
  /// the thread takes one at every decode step) carries seeks and notes that room was made;
  /// `stop()` closes it.
  private let worker: Worker<Command, Never>

  /// Starts decoding `path`; `wake` runs whenever something new is ready.
  public init(path: String, wantsAudio: Bool = true, wake: @escaping @Sendable () -> Void) {
    let buffers = VideoPlayerBuffers(wake: wake)
    self.buffers = buffers
    worker = Worker(name: "pinhole-player", commandCapacity: 64, commandOverflow: .dropOldest) {
      commands, _ in
      buffers.run(path: path, wantsAudio: wantsAudio, commands: commands)
    }
  }

  /// Opening, open or failed.
  public var status: Status { buffers.status }

  /// True when the whole file has been decoded and every picture taken.
  public var hasFinished: Bool { buffers.hasFinished }

  /// The last decoded picture's time.
  public var lastFrameTime: Double { buffers.lastFrameTime }

  /// The newest picture due at `position` (older due ones are dropped), if one is. It moves to
  /// the caller `sending`: the player keeps no reference to it.
  public func takeFrame(upTo position: Double) -> sending (frame: NV12Frame, time: Double)? {
    let taken = buffers.takeFrame(upTo: position)
    if taken != nil { worker.send(.more) }
    return taken
  }

  /// The sound chunks that start before `position`, oldest first.
  public func takeSound(upTo position: Double) -> [(samples: [Float], time: Double)] {
    let taken = buffers.takeSound(upTo: position)
    if !taken.isEmpty { worker.send(.more) }
    return taken
  }

  /// The seconds of sound decoded and not yet taken.
  public var bufferedSound: Double { buffers.bufferedSound }

  /// True once the decoder has read the whole file (pictures may still wait to be taken).
  public var hasDecodedEverything: Bool { buffers.hasDecodedEverything }

  /// Drops everything decoded and continues from `seconds`.
  public func seek(to seconds: Double) {
    worker.send(.seek(seconds, generation: buffers.beginSeek()))
  }

  /// Ends the thread and waits for it. Safe to call twice.
  public func stop() { worker.stop() }
}
