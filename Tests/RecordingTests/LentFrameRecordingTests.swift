// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Foundation
import Synchronization
import Testing

@testable import Recording

/// `VideoRecorder.offer(lending:giveBack:)`: the camera's own frames are encoded without a copy
/// and each goes back exactly once, after the encoder is done with it.
@Suite struct LentFrameRecordingTests {
  private static let size = FrameSize(width: 320, height: 240)

  /// Collects the frames given back, and recycles those of its pool for the next offer.
  private final class Returns: Sendable {
    private let given = Mutex<[ObjectIdentifier]>([])
    private let signal = WakeSignal()
    let pool: FramePool?

    /// Lends `frames` frames of a pool of its own, or frames made by the test when 0.
    init(frames: Int) {
      pool = frames > 0 ? FramePool(capacity: frames, frameSize: LentFrameRecordingTests.size) : nil
    }

    var identities: [ObjectIdentifier] { given.withLock { $0 } }

    func giveBack(_ frame: sending NV12Frame) {
      given.withLock { $0.append(ObjectIdentifier(frame)) }
      if let pool, pool.owns(frame) { pool.recycle(frame) }
      signal.signal()
    }

    /// A free frame, waiting for one to come back while all are lent (at most 10 s).
    func take() -> sending NV12Frame? {
      let deadline = ContinuousClock.now + .seconds(10)
      while ContinuousClock.now < deadline {
        if let frame = pool?.take() { return frame }
        _ = signal.wait(within: .milliseconds(100))
      }
      return nil
    }
  }

  private func makeRecorder(
    in folder: TemporaryFolder, slots: Int = 6
  ) throws -> (VideoRecorder, RecordingDestination) {
    var settings = VideoRecorder.Settings()
    settings.slotCount = slots
    let configuration = VideoRecorder.Configuration(
      frameSize: Self.size, framesPerSecond: 30, settings: settings)
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("l.mp4"))
    return (try VideoRecorder(configuration: configuration, destination: destination), destination)
  }

  @Test func encodesTheLentPlanesAndGivesEachFrameBackOnce() throws {
    let folder = try TemporaryFolder()
    let (recorder, destination) = try makeRecorder(in: folder)
    // Three frames go round: each must come back before it can be lent again.
    let returns = Returns(frames: 3)
    let offered = 30
    for index in 0..<offered {
      let frame = try #require(returns.take())
      // Each frame a flat grey of its own, so the file shows whose planes were encoded.
      frame.withPlanes { luma, chroma in
        luma.update(repeating: UInt8(40 + index * 5))
        chroma.update(repeating: 128)
      }
      frame.metadata.sequence = UInt32(index)
      frame.metadata.captureTime = MonotonicTime(nanoseconds: UInt64(index) * 33_333_333)
      recorder.offer(lending: frame) { returns.giveBack($0) }
    }
    let summary = recorder.stop()
    #expect(summary.failure == nil)
    #expect(summary.statistics.framesWritten == offered)
    #expect(summary.statistics.framesDropped == 0)
    // Every lent frame came back, once each, by the time the file was finished.
    #expect(returns.identities.count == offered)
    #expect(returns.pool?.availableCount == 3)

    let decoder = try VideoFileDecoder(path: destination.finalURL.path, wantsAudio: false)
    var levels: [Int] = []
    while let output = decoder.next() {
      guard case .video(let picture, _) = output else { continue }
      levels.append(Int(picture.luma(x: 160, y: 120)))
    }
    #expect(levels.count == offered)
    for (index, level) in levels.enumerated() {
      #expect(abs(level - (40 + index * 5)) <= 3, "frame \(index): luma \(level)")
    }
  }

  @Test func givesBackAtOnceWhatItDoesNotRecord() throws {
    let folder = try TemporaryFolder()
    let (recorder, _) = try makeRecorder(in: folder)
    let returns = Returns(frames: 0)
    // Another size: dropped and counted, and back before `offer` returns.
    let wrongSize = NV12Frame(size: FrameSize(width: 640, height: 480))
    let wrongIdentity = ObjectIdentifier(wrongSize)
    recorder.offer(lending: wrongSize) { returns.giveBack($0) }
    #expect(returns.identities == [wrongIdentity])
    #expect(recorder.statistics.framesDropped == 1)
    _ = recorder.stop()
    // After the stop: back at once, and not a drop.
    let late = NV12Frame(size: Self.size)
    let lateIdentity = ObjectIdentifier(late)
    recorder.offer(lending: late) { returns.giveBack($0) }
    #expect(returns.identities == [wrongIdentity, lateIdentity])
    #expect(recorder.statistics.framesDropped == 1)
  }

  @Test func aLoanEndsWithTheReleaseAndACopyThenGetsPlanesOfItsOwn() throws {
    let picture = try OwnedFrame(size: Self.size, allocating: false)
    let returns = Returns(frames: 1)
    let lent = try #require(returns.take())
    lent.withPlanes { luma, chroma in
      luma.update(repeating: 60)
      chroma.update(repeating: 128)
    }
    let lentPlane = lent.withPlaneAddresses { luma, _ in UInt(bitPattern: luma) }
    #expect(picture.lend(lent) { returns.giveBack($0) })
    #expect(picture.isLent)
    #expect(UInt(bitPattern: picture.frame.pointee.data.0) == lentPlane)
    #expect(returns.identities.isEmpty)
    picture.release()
    #expect(!picture.isLent)
    #expect(returns.identities.count == 1)

    let copied = NV12Frame(size: Self.size)
    copied.withPlanes { luma, chroma in
      luma.update(repeating: 180)
      chroma.update(repeating: 128)
    }
    #expect(picture.copy(from: copied))
    #expect(UInt(bitPattern: picture.frame.pointee.data.0) != lentPlane)
    #expect(picture.frame.pointee.data.0?[0] == 180)
    let back = try #require(returns.take())
    #expect(back.luma(x: 10, y: 10) == 60)
  }
}
