// SPDX-License-Identifier: MIT
import CameraModel
import Recording
import Synchronization
import Testing

/// An input the test feeds by hand: `push` plays the part of the sound server's thread.
private final class HandFedInput: AudioInput, Sendable {
  let format = AudioFormat(sampleRate: 48_000, channelCount: 1)
  let name = "hand-fed"
  private let delivery = Mutex<(@Sendable (AudioChunk) -> Void)?>(nil)
  private let stops = Mutex(0)

  func start(deliver: @escaping @Sendable (AudioChunk) -> Void) {
    delivery.withLock { $0 = deliver }
  }

  func stop() {
    delivery.withLock { $0 = nil }
    stops.withLock { $0 += 1 }
  }

  var isStarted: Bool { delivery.withLock { $0 != nil } }
  var stopCount: Int { stops.withLock { $0 } }

  /// Delivers chunk number `index`: 1024 samples, each holding `index`, stamped 1024 samples
  /// after the previous one.
  func push(_ index: Int) {
    let chunk = AudioChunk(
      samples: [Float](repeating: Float(index), count: 1024), channelCount: 1,
      sampleRate: 48_000,
      captureTime: MonotonicTime(nanoseconds: UInt64(index) * 1024 * 1_000_000_000 / 48_000))
    delivery.withLock { $0 }?(chunk)
  }
}

private final class Received: Sendable {
  private let chunks = Mutex<[Int]>([])
  func add(_ chunk: AudioChunk) { chunks.withLock { $0.append(Int(chunk.samples[0])) } }
  var indices: [Int] { chunks.withLock { $0 } }
}

@Suite struct SoundPrerollTests {
  @Test func startsTheInputAtOnceAndSaysWhenTheFirstSoundCame() {
    let input = HandFedInput()
    let preroll = SoundPreroll(input: input)
    #expect(input.isStarted)
    #expect(!preroll.hasSound)
    #expect(!preroll.waitForSound(timeout: .zero))
    input.push(0)
    #expect(preroll.hasSound)
    #expect(preroll.waitForSound(timeout: .zero))
    #expect(preroll.waitForSound(timeout: .zero))
  }

  @Test func handsOnTheNewestHalfSecondInOrderThenEveryChunkAsItComes() {
    let input = HandFedInput()
    let preroll = SoundPreroll(input: input, keptSeconds: 0.5)
    // 40 chunks of 1024 samples: 0.85 s at 48 kHz.
    for index in 0..<40 { input.push(index) }
    let received = Received()
    preroll.deliver { received.add($0) }
    // The newest 24 chunks (24 × 1024 samples = 0.512 s) cover the half second; 23 would not.
    #expect(received.indices == Array(16..<40))
    input.push(40)
    input.push(41)
    #expect(received.indices == Array(16..<42))
  }

  @Test func stopStopsTheInputAndNothingIsHandedOnAfter() {
    let input = HandFedInput()
    let preroll = SoundPreroll(input: input)
    let received = Received()
    preroll.deliver { received.add($0) }
    input.push(0)
    withExtendedLifetime(preroll) {
      preroll.stop()
      input.push(1)
      #expect(input.stopCount == 1)
    }
    #expect(received.indices == [0])
  }
}
