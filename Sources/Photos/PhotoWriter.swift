// SPDX-License-Identifier: MIT
import Foundation
import PhotoLibrary

/// Turns shots into files on a serial background thread: thumbnail first, then JPEG (the
/// camera's own bytes for MJPEG, an encode for raw frames), EXIF, and an atomic write through
/// `PhotoVault`, which keeps photos it cannot write and is retried about every two seconds
/// while any are waiting.
///
/// At most `maximumPending` shots are queued or in progress; `submit` refuses more and
/// `isBusy` tells the shutter to show "busy". Results come back as `PhotoEvent`s that the main
/// thread drains once per frame; nothing here blocks the caller on JPEG work or file I/O.
///
/// The thread keeps the writer alive: call `stop()` when the app quits, so queued shots and
/// kept photos get their last chance to be written.
///
/// Any thread, unless a member says otherwise. Members marked "Writer thread" run only on the
/// writer's own thread.
public final class PhotoWriter: @unchecked Sendable {
  // @unchecked: `queue`, `events`, `inProgress`, `nextID`, `isStopping` and `hasFinished` are
  // guarded by `condition`'s lock; everything else is immutable after init.

  /// Shots queued or in progress before the writer refuses new ones.
  public static let maximumPending = 2
  /// How often photos the vault kept are retried.
  public let retryInterval: Duration

  private let condition = NSCondition()
  private var queue: [(id: UInt64, job: PhotoJob)] = []
  private var events: [PhotoEvent] = []
  private var inProgress = 0
  private var nextID: UInt64 = 1
  private var isStopping = false
  private var hasFinished = false
  private let vault: PhotoVault

  /// Starts the writer thread. `softwareVersion` goes into EXIF as "Pinhole <version>";
  /// `vault` stores the files (tests pass one over a scripted file system).
  public init(
    softwareVersion: String, vault: PhotoVault = PhotoVault(),
    thumbnailHeight: Int = Thumbnail.standardHeight, retryInterval: Duration = .seconds(2)
  ) {
    self.vault = vault
    self.retryInterval = retryInterval
    let thread = Thread { [self] in
      let worker = PhotoWorker(
        vault: vault, softwareVersion: softwareVersion, thumbnailHeight: thumbnailHeight,
        post: { [self] event in post(event) })
      run(worker)
    }
    thread.name = "pinhole-photos"
    thread.start()
  }

  /// Whether a new shot would be refused: two are already waiting, or the vault is full of
  /// photos it could not write.
  public var isBusy: Bool {
    condition.withLock { queue.count + inProgress >= Self.maximumPending } || vault.isFull
  }

  /// Photos kept in memory because they could not be written yet.
  public var unwrittenCount: Int { vault.pending.count }

  /// Queues `job` and returns its id, or nil when the writer is busy or stopped; a refused raw
  /// job's frame stays the caller's to recycle.
  public func submit(_ job: PhotoJob) -> UInt64? {
    guard !vault.isFull else { return nil }
    return condition.withLock { () -> UInt64? in
      guard !isStopping, queue.count + inProgress < Self.maximumPending else { return nil }
      defer { nextID += 1 }
      queue.append((nextID, job))
      condition.broadcast()
      return nextID
    }
  }

  /// Every event since the last call, oldest first. Never waits for the writer's work: the lock
  /// is held only to swap the list. Main thread, once per rendered frame.
  public func drainEvents() -> [PhotoEvent] {
    condition.withLock {
      defer { events.removeAll() }
      return events
    }
  }

  /// Waits up to `timeout` for at least one event, then drains. For command-line runs and
  /// tests; never call it from the render loop.
  public func waitForEvents(timeout: Duration) -> [PhotoEvent] {
    let deadline = Date().addingTimeInterval(timeout.seconds)
    return condition.withLock {
      while events.isEmpty, condition.wait(until: deadline) {}
      defer { events.removeAll() }
      return events
    }
  }

  /// Finishes the queued shots, tries once more to write kept photos, and ends the thread.
  /// Returns when the thread has ended. Safe to call twice. Not on the writer thread.
  public func stop() {
    condition.withLock {
      isStopping = true
      condition.broadcast()
      while !hasFinished { condition.wait() }
    }
  }

  /// The thread's body: one job at a time, retry ticks while the vault holds photos.
  /// Writer thread.
  private func run(_ worker: PhotoWorker) {
    while let next = nextJob() {
      if let (id, job) = next {
        worker.process(job, id: id)
        condition.withLock { inProgress -= 1 }
      } else {
        worker.retryKeptPhotos()
      }
    }
    worker.retryKeptPhotos()
    condition.withLock {
      hasFinished = true
      condition.broadcast()
    }
  }

  /// Waits for work: a job, `.some(nil)` for a retry tick, or nil when stopping with nothing
  /// left to do. Writer thread.
  private func nextJob() -> (UInt64, PhotoJob)?? {
    condition.withLock { () -> (UInt64, PhotoJob)?? in
      while queue.isEmpty, !isStopping {
        if vault.pending.isEmpty {
          condition.wait()
        } else if !condition.wait(until: Date().addingTimeInterval(retryInterval.seconds)) {
          return .some(nil)
        }
      }
      guard !queue.isEmpty else { return nil }
      inProgress += 1
      let first = queue.removeFirst()
      return .some((first.id, first.job))
    }
  }

  /// Appends `event` and wakes any `waitForEvents` caller. Writer thread.
  private func post(_ event: PhotoEvent) {
    condition.withLock {
      events.append(event)
      condition.broadcast()
    }
  }
}

extension Duration {
  /// The duration in seconds, as a Double, for Foundation's time intervals.
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
