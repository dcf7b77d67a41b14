// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Workers

/// What `VideoPlayer` and its thread share: the status, and the pictures and sound decoded and
/// not yet taken. The thread's loop (`run`) lives here too, since it fills them.
///
/// Any thread, unless a member says otherwise.
final class VideoPlayerBuffers: Sendable {
  typealias Status = VideoPlayer.Status

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
  // removes what it hands on, `beginSeek` drops the rest). A `Mutex<Shared>` cannot take the
  // place: a picture stored through `withLock`'s `inout sending` value counts as the thread's
  // for good, and could not be handed on `sending` again.
  nonisolated(unsafe) private var shared = Shared()
  private let wake: @Sendable () -> Void

  /// Makes empty buffers; `wake` runs whenever something new is ready.
  init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

  /// Opening, open or failed.
  var status: Status { lock.withLock { _ in shared.status } }

  /// True when the whole file has been decoded and every picture taken.
  var hasFinished: Bool { lock.withLock { _ in shared.isAtEnd && shared.frames.isEmpty } }

  /// The last decoded picture's time.
  var lastFrameTime: Double { lock.withLock { _ in shared.lastFrameTime } }

  /// The newest picture due at `position` (older due ones are dropped), if one is. It moves to
  /// the caller `sending`: the player keeps no reference to it.
  func takeFrame(upTo position: Double) -> sending (frame: NV12Frame, time: Double)? {
    let taken = lock.withLock { _ -> (frame: NV12Frame, time: Double)? in
      guard let index = shared.frames.lastIndex(where: { $0.time <= position }) else { return nil }
      let due = shared.frames[index]
      shared.frames.removeFirst(index + 1)
      return due
    }
    return taken
  }

  /// The sound chunks that start before `position`, oldest first.
  func takeSound(upTo position: Double) -> [(samples: [Float], time: Double)] {
    let taken = lock.withLock { _ in
      let count = shared.sound.prefix { $0.time <= position }.count
      defer {
        shared.sound.removeFirst(count)
        shared.soundSeconds = shared.sound.reduce(0) { $0 + seconds(of: $1.samples) }
      }
      return Array(shared.sound.prefix(count))
    }
    return taken
  }

  /// The seconds of sound decoded and not yet taken.
  var bufferedSound: Double { lock.withLock { _ in shared.soundSeconds } }

  /// True once the decoder has read the whole file (pictures may still wait to be taken).
  var hasDecodedEverything: Bool { lock.withLock { _ in shared.isAtEnd } }

  /// How long `samples` play. `lock` held.
  private func seconds(of samples: [Float]) -> Double {
    shared.samplesPerSecond > 0 ? Double(samples.count) / shared.samplesPerSecond : 0
  }

  /// Whether the buffers hold all they may: the thread decodes no further. `lock` held.
  private var isFull: Bool {
    let pictureBytes = shared.frames.reduce(0) { $0 + $1.frame.size.area * 3 / 2 }
    return shared.frames.count >= VideoPlayer.bufferedFrameCount
      || (shared.frames.count >= 2 && pictureBytes >= VideoPlayer.bufferedPictureBytes)
      || shared.soundSeconds >= VideoPlayer.bufferedSoundSeconds
  }

  /// Drops everything decoded for a seek; returns the seek's generation, which the thread
  /// gets with the seek command.
  func beginSeek() -> Int {
    lock.withLock { _ in
      shared.generation += 1
      shared.frames.removeAll()
      shared.sound.removeAll()
      shared.soundSeconds = 0
      shared.isAtEnd = false
      return shared.generation
    }
  }

  // MARK: Player thread.

  /// Opens `path`, then decodes ahead as the buffers allow and follows `commands` until the
  /// inbox is closed and empty.
  func run(path: String, wantsAudio: Bool, commands: Inbox<VideoPlayer.Command>) {
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
      case .closed: return
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
