// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Dispatch
import Scanning
import SimulatedCamera
import Synchronization
import Testing

@Suite struct ScanWorkerTests {
  private static func time(_ milliseconds: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: milliseconds * 1_000_000)
  }

  private static func job(_ sequence: UInt32) -> ScanWorker.Job? {
    LumaImage(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 16)).map {
      ScanWorker.Job(image: $0, captureTime: time(UInt64(sequence)), sequence: sequence)
    }
  }

  @Test func pacingAdmitsAtMostTenFramesASecond() {
    var pacing = ScanPacing()
    // 30 fps for one second: frames every 33.3 ms.
    let admitted = (0..<30).filter { pacing.admit(at: Self.time(UInt64($0) * 100 / 3)) }
    #expect(admitted == [0, 3, 6, 9, 12, 15, 18, 21, 24, 27])
    pacing.reset()
    let admittedAfterReset = pacing.admit(at: Self.time(1000))
    #expect(admittedAfterReset)
  }

  @Test func offersOutsideThePacingCopyNothing() {
    let worker = ScanWorker(interval: .milliseconds(100)) { { _ in [] } }
    defer { worker.stop() }
    let copies = Mutex(0)
    let make = { () -> ScanWorker.Job? in
      copies.withLock { $0 += 1 }
      return Self.job(0)
    }
    #expect(worker.offer(at: Self.time(0), make))
    #expect(!worker.offer(at: Self.time(50), make))
    #expect(worker.offer(at: Self.time(100), make))
    #expect(copies.withLock { $0 } == 2)
  }

  @Test func aWaitingFrameIsReplacedByTheNewest() {
    let release = DispatchSemaphore(value: 0)
    let started = WakeSignal()
    let done = WakeSignal()
    let worker = ScanWorker(wake: { done.signal() }) {
      { _ in
        started.signal()
        release.wait()
        return []
      }
    }
    defer { worker.stop() }
    worker.submit(Self.job(1)!)
    #expect(started.wait(within: .seconds(10)))
    // The decoder is busy with frame 1; 2 and 3 arrive, 3 replaces 2.
    worker.submit(Self.job(2)!)
    worker.submit(Self.job(3)!)
    release.signal()
    release.signal()
    var sequences: [UInt32] = []
    let result = done.waitFor(within: .seconds(10), draining: worker.drainResults) {
      sequences.append($0.sequence)
      return $0.sequence == 3
    }
    #expect(result.found)
    #expect(sequences == [1, 3])
    #expect(worker.replacedCount == 1)
    #expect(worker.scannedCount == 2)
  }

  @Test func reportsTheRegionAndCodesOfEachScan() throws {
    let code = try #require(SceneCode(text: "worker"))
    var page = TestPage(width: 300, height: 300)
    page.paint(code, x: 60, y: 60, module: 6)
    let done = WakeSignal()
    let worker = ScanWorker(wake: { done.signal() })
    defer { worker.stop() }
    let region = PixelRectangle(left: 20, top: 20, width: 260, height: 260)
    let image = try #require(
      page.pixels.withUnsafeBytes {
        LumaImage(copying: $0, width: 300, height: 300, stride: 300, region: region)
      })
    worker.submit(ScanWorker.Job(image: image, captureTime: Self.time(5), sequence: 9))
    let result = done.waitFor(within: .seconds(10), draining: worker.drainResults) { _ in true }
    let scan = try #require(result.drained.first)
    #expect(scan.region == region)
    #expect(scan.sequence == 9)
    #expect(scan.codes.map(\.text) == ["worker"])
  }

  @Test func stopReturnsWithAJobWaiting() {
    let worker = ScanWorker { { _ in [] } }
    worker.submit(Self.job(1)!)
    worker.stop()
    worker.stop()
    #expect(!worker.offer(at: Self.time(0)) { Self.job(2) })
  }
}
