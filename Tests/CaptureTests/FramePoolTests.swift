// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Synchronization
import Testing

@Suite struct FramePoolTests {
  private let size = FrameSize(width: 64, height: 48)

  @Test func handsOutEveryFrameOnceThenRunsDry() {
    let pool = FramePool(capacity: 4, frameSize: size)
    let frames = (0..<4).compactMap { _ in pool.take() }
    #expect(frames.count == 4)
    #expect(Set(frames.map(ObjectIdentifier.init)).count == 4)
    #expect(pool.take() == nil)
    #expect(pool.availableCount == 0)
  }

  @Test func allocatesFramesOnlyWhenNoneIsFree() throws {
    let pool = FramePool(capacity: 25, frameSize: size)
    #expect(pool.allocatedCount == 0)
    for _ in 0..<100 {
      let frame = try #require(pool.take())
      pool.recycle(frame)
    }
    #expect(pool.allocatedCount == 1)
    let held = (0..<3).compactMap { _ in pool.take() }
    #expect(held.count == 3)
    #expect(pool.allocatedCount == 3)
  }

  @Test func recycledFrameIsHandedOutAgain() throws {
    let pool = FramePool(capacity: 2, frameSize: size)
    let first = try #require(pool.take())
    let second = try #require(pool.take())
    let firstIdentity = ObjectIdentifier(first)
    let secondIdentity = ObjectIdentifier(second)
    pool.recycle(first)
    let again = try #require(pool.take())
    #expect(ObjectIdentifier(again) == firstIdentity)
    #expect(ObjectIdentifier(again) != secondIdentity)
    #expect(pool.owns(second))
    #expect(!pool.owns(NV12Frame(size: size)))
  }

  @Test func framesAreAllocatedAtTheGivenSize() throws {
    let pool = FramePool(capacity: 1, frameSize: size)
    let frame = try #require(pool.take())
    #expect(frame.size == size)
  }

  @Test(arguments: [1, 2, 3, 0xFEED] as [UInt64])
  func neverHandsOutAFrameTwiceUnderRandomUse(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let capacity = Int.random(in: 1...6, using: &random)
    let pool = FramePool(capacity: capacity, frameSize: size)
    let held = HeldFrames()
    for step in 0..<400 {
      if Bool.random(using: &random), let frame = pool.take() {
        let identity = ObjectIdentifier(frame)
        #expect(!held.contains(identity), "seed \(seed) step \(step): handed out twice")
        held.append(frame)
      } else if held.count > 0 {
        pool.recycle(held.remove(at: Int.random(in: 0..<held.count, using: &random)))
      }
      #expect(
        held.count + pool.availableCount == pool.allocatedCount, "seed \(seed) step \(step)")
      #expect(pool.allocatedCount <= capacity, "seed \(seed) step \(step)")
    }
  }

  @Test func neverHandsOutAFrameTwiceAcrossThreads() async {
    let pool = FramePool(capacity: 3, frameSize: size)
    let ledger = Ledger()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<5_000 {
            guard let frame = pool.take() else { continue }
            let id = ObjectIdentifier(frame)
            let isNew = ledger.outstanding.withLock { $0.insert(id).inserted }
            if !isNew { ledger.duplicates.add(1, ordering: .relaxed) }
            ledger.outstanding.withLock { _ = $0.remove(id) }
            pool.recycle(frame)
          }
        }
      }
    }
    #expect(ledger.duplicates.load(ordering: .relaxed) == 0)
    #expect(pool.availableCount == pool.allocatedCount)
    #expect(pool.allocatedCount <= 3)
  }

  /// The compiler refuses a second `recycle` of a frame already sent; the pool still traps on
  /// one, for a handoff that steps outside the checks with `nonisolated(unsafe)`.
  @Test func recyclingAFrameTwiceTraps() async {
    await #expect(processExitsWith: .failure) {
      let pool = FramePool(capacity: 1, frameSize: FrameSize(width: 2, height: 2))
      if let taken = pool.take() {
        nonisolated(unsafe) let frame = taken
        pool.recycle(frame)
        pool.recycle(frame)
      }
    }
  }

  @Test func recyclingAForeignFrameTraps() async {
    await #expect(processExitsWith: .failure) {
      let pool = FramePool(capacity: 1, frameSize: FrameSize(width: 2, height: 2))
      pool.recycle(NV12Frame(size: FrameSize(width: 2, height: 2)))
    }
  }
}

/// Frames currently held by test threads, and how often one was seen held twice.
private final class Ledger: Sendable {
  let outstanding = Mutex(Set<ObjectIdentifier>())
  let duplicates = Atomic(0)
}
