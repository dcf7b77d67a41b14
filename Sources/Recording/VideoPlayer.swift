// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
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

  private enum Command: Sendable {
    case seek(Double, generation: Int)
    case more
    case stop
  }

  private struct Shared {
    var status = Status.opening
    var frames: [(frame: NV12Frame, time: Double)] = []
    var sound: [(samples: [Float], time: Double)] = []
    /// The length of `sound` in seconds.
    var soundSeconds = 0.0
    /// Sound samples per second times channels, for `soundSeconds`; set when the file opens.
    var samplesPerSecond = 0.0
    var generation = 0
    var isAtEnd = false
    /// The last picture's time, for files whose container gave no duration.
    var lastFrameTime = 0.0
    /// After a seek, the newest picture before the target, kept back until the decoder reaches
    /// the target, so the screen does not run through the pictures since the keyframe. Player
    /// thread only; kept here so that it moves into `frames` unchecked like the others.
    var held: (frame: NV12Frame, time: Double)?
  }

  private let lock = Mutex<Void>(())
  // Guarded by `lock`. `nonisolated(unsafe)` is the player's one unchecked part: the compiler
  // cannot see that a picture moved out of `frames` leaves no reference behind (`takeFrame`
  // removes what it hands on, `seek` drops the rest). A `Mutex<Shared>` cannot take the place:
  // a picture stored through `withLock`'s `inout sending` value counts as the thread's for
  // good, and could not be handed on `sending` again.
  nonisolated(unsafe) private var shared = Shared()
  private let commands = Inbox<Command>(capacity: 64, overflow: .dropOldest)
  private let wake: @Sendable () -> Void
  private let thread = Mutex<WorkerThread?>(nil)

  /// Starts decoding `path`; `wake` runs whenever something new is ready.
  public init(path: String, wantsAudio: Bool = true, wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    let started = WorkerThread(name: "pinhole-player") { [self] in
      run(path: path, wantsAudio: wantsAudio)
    }
    thread.withLock { $0 = started }
  }

  /// Opening, open or failed.
  public var status: Status { lock.withLock { _ in shared.status } }

  /// True when the whole file has been decoded and every picture taken.
  public var hasFinished: Bool { lock.withLock { _ in shared.isAtEnd && shared.frames.isEmpty } }

  /// The last decoded picture's time.
  public var lastFrameTime: Double { lock.withLock { _ in shared.lastFrameTime } }

  /// The newest picture due at `position` (older due ones are dropped), if one is. It moves to
  /// the caller `sending`: the player keeps no reference to it.
  public func takeFrame(upTo position: Double) -> sending (frame: NV12Frame, time: Double)? {
    let taken = lock.withLock { _ -> (frame: NV12Frame, time: Double)? in
      guard let index = shared.frames.lastIndex(where: { $0.time <= position }) else { return nil }
      let due = shared.frames[index]
      shared.frames.removeFirst(index + 1)
      return due
    }
    if taken != nil { _ = commands.post(.more) }
    return taken
  }

  /// The sound chunks that start before `position`, oldest first.
  public func takeSound(upTo position: Double) -> [(samples: [Float], time: Double)] {
    let taken = lock.withLock { _ in
      let count = shared.sound.prefix { $0.time <= position }.count
      defer {
        shared.sound.removeFirst(count)
        shared.soundSeconds = shared.sound.reduce(0) { $0 + seconds(of: $1.samples) }
      }
      return Array(shared.sound.prefix(count))
    }
    if !taken.isEmpty { _ = commands.post(.more) }
    return taken
  }

  /// The seconds of sound decoded and not yet taken.
  public var bufferedSound: Double { lock.withLock { _ in shared.soundSeconds } }

  /// True once the decoder has read the whole file (pictures may still wait to be taken).
  public var hasDecodedEverything: Bool { lock.withLock { _ in shared.isAtEnd } }

  /// How long `samples` play. `lock` held.
  private func seconds(of samples: [Float]) -> Double {
    shared.samplesPerSecond > 0 ? Double(samples.count) / shared.samplesPerSecond : 0
  }

  /// Whether the buffers hold all they may: the thread decodes no further. `lock` held.
  private var isFull: Bool {
    let pictureBytes = shared.frames.reduce(0) { $0 + $1.frame.size.area * 3 / 2 }
    return shared.frames.count >= Self.bufferedFrameCount
      || (shared.frames.count >= 2 && pictureBytes >= Self.bufferedPictureBytes)
      || shared.soundSeconds >= Self.bufferedSoundSeconds
  }

  /// Drops everything decoded and continues from `seconds`.
  public func seek(to seconds: Double) {
    let generation = lock.withLock { _ in
      shared.generation += 1
      shared.frames.removeAll()
      shared.sound.removeAll()
      shared.soundSeconds = 0
      shared.isAtEnd = false
      return shared.generation
    }
    _ = commands.post(.seek(seconds, generation: generation))
  }

  /// Ends the thread and waits for it. Safe to call twice.
  public func stop() {
    _ = commands.post(.stop)
    commands.close()
    thread.withLock { $0 }?.join()
  }

  // MARK: Player thread.

  private func run(path: String, wantsAudio: Bool) {
    let decoder: VideoFileDecoder
    do {
      decoder = try VideoFileDecoder(path: path, wantsAudio: wantsAudio)
    } catch {
      lock.withLock { _ in shared.status = .failed(error.userMessage) }
      wake()
      return
    }
    lock.withLock { _ in
      shared.status = .open(decoder.info)
      shared.samplesPerSecond = Double((decoder.info.sampleRate ?? 0) * decoder.info.channelCount)
    }
    wake()
    var generation = 0
    var skipBefore = 0.0
    var isAtEnd = false
    while true {
      let waits = isAtEnd || lock.withLock { _ in isFull }
      switch commands.receive(timeout: waits ? nil : .zero) {
      case .message(.stop), .closed: return
      case .message(.seek(let seconds, let next)):
        decoder.seek(to: seconds)
        generation = next
        skipBefore = seconds
        isAtEnd = false
        lock.withLock { _ in shared.held = nil }
        continue
      case .message(.more), .timedOut:
        if waits { continue }
      }
      guard let output = decoder.next() else {
        isAtEnd = true
        lock.withLock { _ in
          defer { shared.held = nil }
          guard shared.generation == generation else { return }
          if let held = shared.held { shared.frames.append(held) }
          shared.isAtEnd = true
        }
        wake()
        continue
      }
      place(output, generation: generation, skipBefore: skipBefore)
    }
  }

  /// Holds `output` back when it is a picture before the seek target; otherwise stores it,
  /// after the held picture when that is due first, unless a seek made them stale.
  private func place(
    _ output: sending VideoFileDecoder.Output, generation: Int, skipBefore: Double
  ) {
    let isVideo = lock.withLock { _ -> Bool in
      switch output {
      case .video(let frame, let time):
        if time < skipBefore {
          shared.held = (frame, time)
          return false
        }
        if let before = shared.held {
          shared.held = nil
          // The target falls between two pictures: the earlier one is shown at the target.
          if time > skipBefore { appendPicture(before, generation: generation) }
        }
        appendPicture((frame, time), generation: generation)
        return true
      case .audio(let samples, let time):
        guard shared.generation == generation, time >= skipBefore else { return false }
        shared.sound.append((samples, time))
        shared.soundSeconds += seconds(of: samples)
        return false
      }
    }
    if isVideo { wake() }
  }

  /// Adds a decoded picture unless a seek made it stale. Player thread, `lock` held.
  private func appendPicture(_ picture: (frame: NV12Frame, time: Double), generation: Int) {
    guard shared.generation == generation else { return }
    shared.lastFrameTime = max(shared.lastFrameTime, picture.time)
    shared.frames.append(picture)
  }
}
