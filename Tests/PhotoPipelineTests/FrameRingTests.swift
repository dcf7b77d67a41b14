// SPDX-License-Identifier: MIT
import CameraModel
import PhotoPipeline
import SimulatedCamera
import Testing

@Suite("Zero-shutter-lag frame ring")
struct FrameRingTests {
  private let start = MonotonicTime(nanoseconds: 5_000_000_000)
  private let frameInterval: UInt64 = 33_333_333

  private func time(ofFrame index: Int, offset: UInt64 = 0) -> MonotonicTime {
    MonotonicTime(nanoseconds: start.nanoseconds + UInt64(index) * frameInterval + offset)
  }

  @Test func returnsTheFrameThatWasOnScreenAtTheClick() throws {
    let ring = FrameRing(capacity: FrameRing.capacity(framesPerSecond: 30))
    for index in 0..<40 {
      _ = ring.insert(TaggedFrames.make(UInt32(index)), presentedAt: time(ofFrame: index))
    }
    for clicked in 25..<40 {
      for offset: UInt64 in [0, 1, frameInterval - 1] {
        let tag = ring.inspect(shownAt: time(ofFrame: clicked, offset: offset)) { entry in
          entry.rawFrame.flatMap { SimulatedFrameTag.decode(from: $0) }
        }
        #expect(tag == UInt32(clicked))
      }
    }
  }

  @Test func takesTheFramesEndingWithTheShownOneOldestFirst() throws {
    let ring = FrameRing(capacity: 8)
    for index in 0..<12 {
      _ = ring.insert(TaggedFrames.make(UInt32(index)), presentedAt: time(ofFrame: index))
    }
    let taken = ring.take(count: 4, endingAt: time(ofFrame: 9, offset: 1))
    let tags = taken.map { $0.rawFrame.flatMap { SimulatedFrameTag.decode(from: $0) } }
    #expect(tags == [6, 7, 8, 9])
    #expect(ring.count == 4)
    // Fewer frames than asked: what there is (4, 5, 10 and 11 are left).
    let rest = ring.take(count: 8, endingAt: time(ofFrame: 11))
    #expect(rest.compactMap(\.rawFrame).map(\.metadata.sequence) == [4, 5, 10, 11])
  }

  @Test func findsTheShownFrameWhenTheRendererSkipsFrames() throws {
    // A slow consumer: the camera numbers every frame, but only some reach the screen, at
    // irregular moments.
    let shown: [(sequence: UInt32, at: UInt64)] = [
      (0, 0), (3, 90), (4, 140), (9, 300), (10, 333), (17, 600), (18, 610), (30, 1000),
    ]
    let ring = FrameRing(capacity: 15)
    for item in shown {
      _ = ring.insert(
        TaggedFrames.make(item.sequence),
        presentedAt: MonotonicTime(nanoseconds: start.nanoseconds + item.at * 1_000_000))
    }
    let clicks: [(atMilliseconds: UInt64, expected: UInt32)] = [
      (0, 0), (89, 0), (90, 3), (299, 4), (332, 9), (599, 10), (605, 17), (999, 18), (5000, 30),
    ]
    for click in clicks {
      let at = MonotonicTime(nanoseconds: start.nanoseconds + click.atMilliseconds * 1_000_000)
      let tag = ring.inspect(shownAt: at) { entry in
        entry.rawFrame.flatMap { SimulatedFrameTag.decode(from: $0) }
      }
      #expect(tag == click.expected, "click at \(click)")
    }
    let before = MonotonicTime(nanoseconds: start.nanoseconds - 1)
    #expect(ring.inspect(shownAt: before) { _ in true } == nil)
  }

  @Test func evictsTheOldestRawFrameForRecycling() {
    let ring = FrameRing(capacity: 3)
    var inserted: [ObjectIdentifier] = []
    var recycled: [NV12Frame] = []
    for index in 0..<5 {
      let frame = TaggedFrames.make(UInt32(index))
      inserted.append(ObjectIdentifier(frame))
      recycled += ring.insert(frame, presentedAt: time(ofFrame: index))
    }
    #expect(recycled.map(ObjectIdentifier.init) == Array(inserted.prefix(2)))
    #expect(ring.count == 3)
    #expect(ring.removeAll().count == 3)
    #expect(ring.count == 0)
  }

  @Test func keepsOnlyTheJPEGBytesOfMJPEGFramesAndRecyclesAtOnce() throws {
    let ring = FrameRing(capacity: 4)
    let frame = TaggedFrames.make(1)
    frame.compressedSource = [0xFF, 0xD8, 1, 2, 3, 0xFF, 0xD9]
    let (identity, size) = (ObjectIdentifier(frame), frame.size)
    let recycled = ring.insert(frame, presentedAt: start)
    #expect(recycled.count == 1 && recycled.first.map(ObjectIdentifier.init) == identity)
    // The pool reuses the frame's array, so the ring's copy must not change with it.
    recycled.first?.compressedSource[2] = 99
    let kept = ring.inspect(shownAt: start) { entry -> [UInt8]? in
      guard case .compressed(let bytes) = entry.content else { return nil }
      return bytes
    }
    #expect(kept == [0xFF, 0xD8, 1, 2, 3, 0xFF, 0xD9], "an MJPEG frame must be kept as its bytes")
    let facts = ring.inspect(shownAt: start) { ($0.metadata.sequence, $0.size) }
    #expect(facts?.0 == 1 && facts?.1 == size)
  }

  @Test func takingAnEntryHandsItsFrameToTheCaller() throws {
    let ring = FrameRing(capacity: 4)
    for index in 0..<4 {
      _ = ring.insert(TaggedFrames.make(UInt32(index)), presentedAt: time(ofFrame: index))
    }
    let taken = try #require(ring.take(shownAt: time(ofFrame: 2, offset: 5)))
    #expect(taken.metadata.sequence == 2)
    #expect(ring.count == 3)
    // Once taken, the frame is not evicted or handed back by the ring again.
    let rest = ring.removeAll()
    #expect(!rest.contains { $0 === taken.rawFrame })
  }

  @Test func takesABurstOfConsecutiveShownFrames() {
    let ring = FrameRing(capacity: 10)
    for index in 0..<10 {
      _ = ring.insert(TaggedFrames.make(UInt32(index)), presentedAt: time(ofFrame: index))
    }
    let burst = ring.take(count: 3, startingAt: time(ofFrame: 4, offset: 10))
    #expect(burst.map(\.metadata.sequence) == [4, 5, 6])
    #expect(ring.take(count: 5, startingAt: time(ofFrame: 8)).map(\.metadata.sequence) == [8, 9])
  }

  @Test func capacityCoversHalfASecond() {
    #expect(FrameRing.capacity(framesPerSecond: 30) == 15)
    #expect(FrameRing.capacity(framesPerSecond: 60) == 30)
    #expect(FrameRing.capacity(framesPerSecond: 7.5) == 4)
    #expect(FrameRing.capacity(framesPerSecond: 1) == 2)
    #expect(FrameRing.capacity(framesPerSecond: 0) == 2)
  }
}
