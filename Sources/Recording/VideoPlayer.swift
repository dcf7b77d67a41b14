// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Workers

/// Decodes one video file ahead of its playback on a worker thread: pictures (NV12) and sound
/// (interleaved floats) wait in small buffers that the render loop takes from as its
/// `PlaybackClock` passes their times. At most `bufferedFrameCount` pictures wait (1080p NV12
/// is 3 MB each); the thread sleeps until one is taken, a seek arrives or `stop()`.
///
/// Any thread, unless a member says otherwise.
public final class VideoPlayer: Sendable {
  /// Pictures decoded ahead at most.
  public static let bufferedFrameCount = 8

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
    var generation = 0
    var isAtEnd = false
    /// The last picture's time, for files whose container gave no duration.
    var lastFrameTime = 0.0
  }

  private let shared = Mutex(Shared())
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
  public var status: Status { shared.withLock { $0.status } }

  /// True when the whole file has been decoded and every picture taken.
  public var hasFinished: Bool { shared.withLock { $0.isAtEnd && $0.frames.isEmpty } }

  /// The last decoded picture's time.
  public var lastFrameTime: Double { shared.withLock { $0.lastFrameTime } }

  /// The newest picture due at `position` (older due ones are dropped), if one is.
  public func takeFrame(upTo position: Double) -> (frame: NV12Frame, time: Double)? {
    let taken = shared.withLock { shared -> (frame: NV12Frame, time: Double)? in
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
    shared.withLock { shared in
      let count = shared.sound.prefix { $0.time <= position }.count
      defer { shared.sound.removeFirst(count) }
      return Array(shared.sound.prefix(count))
    }
  }

  /// Drops everything decoded and continues from `seconds`.
  public func seek(to seconds: Double) {
    let generation = shared.withLock { shared in
      shared.generation += 1
      shared.frames.removeAll()
      shared.sound.removeAll()
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
      shared.withLock { $0.status = .failed(error.userMessage) }
      wake()
      return
    }
    shared.withLock { $0.status = .open(decoder.info) }
    wake()
    var generation = 0
    var skipBefore = 0.0
    var isAtEnd = false
    // After a seek, the newest picture before the target, kept back until the decoder reaches
    // the target, so the screen does not run through the pictures since the keyframe.
    var held: (frame: NV12Frame, time: Double)?
    while true {
      let isFull = shared.withLock { $0.frames.count >= Self.bufferedFrameCount }
      let waits = isFull || isAtEnd
      switch commands.receive(timeout: waits ? nil : .zero) {
      case .message(.stop), .closed: return
      case .message(.seek(let seconds, let next)):
        decoder.seek(to: seconds)
        generation = next
        skipBefore = seconds
        isAtEnd = false
        held = nil
        continue
      case .message(.more), .timedOut:
        if waits { continue }
      }
      guard let output = decoder.next() else {
        isAtEnd = true
        shared.withLock { shared in
          guard shared.generation == generation else { return }
          if let held { shared.frames.append(held) }
          shared.isAtEnd = true
        }
        held = nil
        wake()
        continue
      }
      if case .video(let frame, let time) = output, time < skipBefore {
        held = (frame, time)
        continue
      }
      if case .video(_, let time) = output, let before = held {
        held = nil
        // The target falls between two pictures: the earlier one is shown at the target.
        if time > skipBefore {
          store(
            .video(before.frame, time: before.time), generation: generation, skipBefore: skipBefore)
        }
      }
      store(output, generation: generation, skipBefore: skipBefore)
    }
  }

  private func store(_ output: VideoFileDecoder.Output, generation: Int, skipBefore: Double) {
    shared.withLock { shared in
      guard shared.generation == generation else { return }
      switch output {
      case .video(let frame, let time):
        shared.lastFrameTime = max(shared.lastFrameTime, time)
        shared.frames.append((frame, time))
      case .audio(let samples, let time):
        if time >= skipBefore { shared.sound.append((samples, time)) }
      }
    }
    if case .video = output { wake() }
  }
}
