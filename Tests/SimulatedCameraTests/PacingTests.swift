// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import SimulatedCamera
import Testing

@Suite("Frame pacing on the monotonic clock")
struct PacingTests {
  /// 1/30 s in nanoseconds, rounded down; exact due times alternate between this and one more.
  private let thirtieth: UInt64 = 33_333_333

  @Test func captureTimesStepByTheFrameIntervalInRealTime() throws {
    let camera = SimulatedCamera(options: .init(framesPerSecond: 30))
    try camera.startStreaming()
    let wallStart = MonotonicTime.now()
    let frames = try CapturedFrame.capture(20, from: camera)
    let wallElapsed = MonotonicTime.now().nanoseconds - wallStart.nanoseconds
    #expect(frames.count == 20)
    for (earlier, later) in zip(frames, frames.dropFirst()) {
      let steps = UInt64(later.sequence - earlier.sequence)
      let step = later.captureTime.nanoseconds - earlier.captureTime.nanoseconds
      // A loaded machine may skip a frame; the capture times still sit on the 1/30 s grid.
      #expect(steps >= 1)
      #expect(step >= steps * thirtieth && step <= steps * (thirtieth + 1))
    }
    // Frames are not handed out early: 20 frames span at least 19 intervals of wall time.
    #expect(wallElapsed >= 19 * thirtieth - 1_000_000)
  }

  @Test func framesAreNotDeliveredBeforeTheyAreDue() throws {
    let camera = SimulatedCamera(options: .init(framesPerSecond: 30))
    try camera.startStreaming()
    for _ in 0..<5 {
      var captureTime = MonotonicTime(nanoseconds: .max)
      _ = try camera.nextFrame(timeout: .seconds(1)) { captureTime = $0.captureTime }
      #expect(MonotonicTime.now() >= captureTime)
    }
  }

  @Test func captureTimesFollowTheFixedStartTimeExactly() throws {
    let clock = ManualClock(nanoseconds: 5_000_000_000)
    let start = MonotonicTime(nanoseconds: 5_000_000_000)
    let camera = SimulatedCamera(
      options: .init(framesPerSecond: 15, startTime: start, clock: clock))
    try camera.startStreaming()
    let frames = try CapturedFrame.capture(16, from: camera)
    #expect(frames.map(\.sequence) == Array(0..<16))
    // Frame n is due at start + n/15 s exactly, so frame 15 lands on the next whole second.
    #expect(frames.last?.captureTime == MonotonicTime(nanoseconds: 6_000_000_000))
    #expect(frames[1].captureTime.nanoseconds - start.nanoseconds == 66_666_666)
  }

  @Test func lateCallerSeesTheSequenceJump() throws {
    let clock = ManualClock()
    let camera = SimulatedCamera(options: .init(framesPerSecond: 30, clock: clock))
    try camera.startStreaming()
    let first = try CapturedFrame.capture(1, from: camera)
    // The caller wanders off for 100 ms: frames 1 and 2 come and go, frame 3 is the newest.
    clock.advance(nanoseconds: 100_000_000)
    let late = try CapturedFrame.capture(2, from: camera)
    #expect(first.map(\.sequence) == [0])
    #expect(late.map(\.sequence) == [3, 4])
    #expect(late[0].captureTime.nanoseconds - first[0].captureTime.nanoseconds == 100_000_000)
  }

  @Test func lateCallerOnTheRealClockSeesTheSequenceJump() throws {
    let camera = SimulatedCamera(options: .init(framesPerSecond: 30))
    try camera.startStreaming()
    let first = try CapturedFrame.capture(1, from: camera)
    // Being late is the behaviour under test, so the test is late on purpose: 150 ms is four
    // and a half frame intervals.
    SystemMonotonicClock().sleep(
      until: MonotonicTime(nanoseconds: MonotonicTime.now().nanoseconds + 150_000_000))
    let late = try CapturedFrame.capture(1, from: camera)
    #expect(first.map(\.sequence) == [0])
    #expect((late.first?.sequence ?? 0) >= 4)
  }

  @Test func returnsFalseAfterTheTimeoutWhenNoFrameIsDue() throws {
    let clock = ManualClock()
    let camera = SimulatedCamera(options: .init(framesPerSecond: 30, clock: clock))
    try camera.startStreaming()
    _ = try CapturedFrame.capture(1, from: camera)
    let before = clock.now()
    var calls = 0
    let delivered = try camera.nextFrame(timeout: .milliseconds(10)) { _ in calls += 1 }
    #expect(!delivered)
    #expect(calls == 0)
    // It waited out the timeout, as a driver's poll would, instead of returning at once.
    #expect(clock.now().nanoseconds - before.nanoseconds == 10_000_000)
    let next = try CapturedFrame.capture(1, from: camera, timeout: .milliseconds(30))
    #expect(next.map(\.sequence) == [1])
  }

  @Test func waitsForAStartTimeInTheFuture() throws {
    let clock = ManualClock(nanoseconds: 1_000_000_000)
    let camera = SimulatedCamera(
      options: .init(startTime: MonotonicTime(nanoseconds: 1_500_000_000), clock: clock))
    try camera.startStreaming()
    #expect(try camera.nextFrame(timeout: .milliseconds(100)) { _ in } == false)
    let frames = try CapturedFrame.capture(1, from: camera, timeout: .seconds(1))
    #expect(frames.map(\.sequence) == [0])
    #expect(clock.now() == MonotonicTime(nanoseconds: 1_500_000_000))
  }
}
