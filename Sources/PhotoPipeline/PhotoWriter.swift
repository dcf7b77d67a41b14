// SPDX-License-Identifier: MIT
import Foundation
import MediaStore
import Synchronization
import Workers

/// Turns shots into files on a serial background thread: thumbnail first, then JPEG (the
/// camera's own bytes for MJPEG, an encode for raw frames), EXIF, and an atomic write through
/// `PhotoVault`, which keeps photos it cannot write and is retried about every two seconds
/// while any are waiting.
///
/// At most `maximumPending` shots are queued or in progress; `submit` refuses more and
/// `isBusy` tells the shutter to show "busy". Results come back as `PhotoEvent`s that the main
/// thread drains once per frame (after `wake`); nothing here blocks the caller on JPEG work or
/// file I/O.
///
/// The thread keeps the writer alive: call `stop()` when the app quits, so queued shots and
/// kept photos get their last chance to be written.
///
/// Any thread, unless a member says otherwise. Members marked "Writer thread" run only on the
/// writer's own thread.
public final class PhotoWriter: Sendable {
  /// Shots queued or in progress before the writer refuses new ones: four photos in flight,
  /// so a few quick presses in Quality all count while their merges run. A merged shot holds
  /// its own copies of its frames (8 × 3.1 MB at 1080p, 8 × 12.4 MB at 2160p), so four of them
  /// cost 100 to 400 MB until they are written; raw single shots pin a pool frame each, which
  /// the pool's capacity allows for.
  public static let maximumPending = 4
  /// How often photos the vault kept are retried.
  public let retryInterval: Duration

  /// Shots accepted and not yet written, the next id, and whether `stop()` was called; shared
  /// by the callers and the writer thread. Any thread.
  private final class Counts: Sendable {
    struct Values {
      var pending = 0
      var nextID: UInt64 = 1
      var isStopping = false
    }

    private let values = Mutex(Values())

    func withLock<Result>(_ body: (inout Values) -> Result) -> Result {
      values.withLock { body(&$0) }
    }
  }

  private let counts = Counts()
  private let worker: Worker<(id: UInt64, job: PhotoJob), PhotoEvent>
  private let vault: PhotoVault

  /// Starts the writer thread. `softwareVersion` goes into EXIF as "Pinhole <version>";
  /// `vault` stores the files (tests pass one over a scripted file system); `thumbnailHeight`
  /// nil skips the thumbnails, for callers that show none; `wake` runs after each event.
  public init(
    softwareVersion: String, vault: PhotoVault = PhotoVault(),
    thumbnailHeight: Int? = Thumbnail.standardHeight, retryInterval: Duration = .seconds(2),
    wake: (@Sendable () -> Void)? = nil
  ) {
    self.vault = vault
    self.retryInterval = retryInterval
    let counts = counts
    worker = Worker(
      name: "pinhole-photos", commandCapacity: Self.maximumPending, eventCapacity: 1024, wake: wake
    ) { commands, emit in
      let writer = PhotoWorker(
        vault: vault, softwareVersion: softwareVersion, thumbnailHeight: thumbnailHeight,
        post: emit)
      // Merges run on a thread of their own, posting through the same events: a photo's proxy
      // is never held up by an earlier photo's merge, or by a still shot's frames on their way.
      let merger = Worker<MergeStage, PhotoEvent>(
        name: "pinhole-merge", commandCapacity: Self.maximumPending, eventCapacity: 1,
        makeState: {
          PhotoWorker(
            vault: vault, softwareVersion: softwareVersion, thumbnailHeight: thumbnailHeight,
            post: emit)
        }
      ) { mergeWorker, stage, _ in
        mergeWorker.finish(stage)
        counts.withLock { $0.pending -= 1 }
      }
      Self.run(writer, commands: commands, vault: vault, retryInterval: retryInterval) {
        stage in
        // A stage the merger refuses (it cannot: it has room for every pending shot) leaves
        // the proxy, which is on disk.
        if let stage, merger.offer(stage) == nil { return }
        counts.withLock { $0.pending -= 1 }
      }
      merger.stop()
    }
  }

  /// Whether a new shot would be refused: four are already waiting, or the vault is full of
  /// photos it could not write.
  public var isBusy: Bool {
    counts.withLock { $0.pending >= Self.maximumPending } || vault.isFull
  }

  /// Photos kept in memory because they could not be written yet.
  public var unwrittenCount: Int { vault.heldCount }

  /// Queues `job` and returns its id, or nil when the writer is busy or stopped; a refused raw
  /// job's frame goes back through the job's `release` at once, on the caller's thread.
  public func submit(_ job: sending PhotoJob) -> UInt64? {
    guard !vault.isFull else {
      PhotoJob.releaseFrame(of: job)
      return nil
    }
    let id = counts.withLock { counts -> UInt64? in
      guard !counts.isStopping, counts.pending < Self.maximumPending else { return nil }
      defer { counts.nextID += 1 }
      counts.pending += 1
      return counts.nextID
    }
    guard let id else {
      PhotoJob.releaseFrame(of: job)
      return nil
    }
    if let refused = worker.offer((id, job)) {
      counts.withLock { $0.pending -= 1 }
      PhotoJob.releaseFrame(of: refused.job)
      return nil
    }
    return id
  }

  /// Every event since the last call, oldest first. Never waits for the writer's work. Main
  /// thread, once per rendered frame.
  public func drainEvents() -> [PhotoEvent] { worker.events.drain() }

  /// Waits up to `timeout` for at least one event, then drains. For command-line runs and
  /// tests; never call it from the render loop.
  public func waitForEvents(timeout: Duration) -> [PhotoEvent] {
    worker.events.waitAndDrain(timeout: timeout)
  }

  /// Shots accepted and not yet written (a merged photo counts until its merge replaced the
  /// proxy). Any thread.
  public var pendingCount: Int { counts.withLock { $0.pending } }

  /// Finishes the queued shots, tries once more to write kept photos, and ends the thread.
  /// Returns when the thread has ended. Safe to call twice. Not on the writer thread.
  public func stop() {
    counts.withLock { $0.isStopping = true }
    worker.stop()
  }

  /// The thread's body: one job at a time (a merged photo's merge goes on through `processed`),
  /// and a retry of the kept photos every `retryInterval` while the vault holds any. Writer
  /// thread.
  private static func run(
    _ writer: PhotoWorker, commands: Inbox<(id: UInt64, job: PhotoJob)>, vault: PhotoVault,
    retryInterval: Duration, processed: (sending MergeStage?) -> Void
  ) {
    while true {
      switch commands.receive(timeout: vault.pending.isEmpty ? nil : retryInterval) {
      case .message(let next):
        let id = next.id
        // Unchecked: the stage holds the job's own frames, which the writer thread lets go of
        // here; the merge thread owns them next.
        nonisolated(unsafe) let stage = writer.process(next.job, id: id)
        processed(stage)
      case .timedOut:
        writer.retryKeptPhotos()
      case .closed:
        writer.retryKeptPhotos()
        return
      }
    }
  }
}
