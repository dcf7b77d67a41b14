// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Commands
import Foundation
import Hotplug
import Testing

extension VividTests {
  /// Another program streaming from the camera: the engine says the camera is busy, the app
  /// can name the program, and streaming starts by itself once the program lets go.
  @Suite struct Busy {
    /// v4l2-ctl from v4l-utils, which the test VM and CI install.
    static let streamer = "/usr/bin/v4l2-ctl"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: streamer)))
    func busyCameraNamesItsHolderAndRecoversWhenReleased() async throws {
      let holder = try ChildProcess(
        Self.streamer,
        [
          "-d", VividTests.path, "--set-fmt-video=width=320,height=180,pixelformat=YUYV",
          "--stream-mmap", "--stream-count=100000",
        ])
      var released = false
      defer { if !released { holder.kill() } }
      try #require(await Self.waitUntilBusy(), "v4l2-ctl never took the camera")

      let info = DeviceInfo(
        path: VividTests.path, name: "vivid", driver: "vivid", busInfo: VividTests.path)
      let source = CameraSource(.device(info))
      let session = CaptureSession(
        configuration: .init(
          request: ModeRequest(size: FrameSize(width: 320, height: 180)),
          retryDelay: .milliseconds(250)),
        openDevice: source.open, makeConverter: source.makeConverter)
      let recorder = CaptureEventRecorder(session: session)
      session.start()
      defer { session.stop() }
      let busy = await recorder.wait(timeout: .seconds(30)) { _ in
        recorder.failures.contains(.deviceBusy(device: VividTests.path))
      }
      #expect(busy, "states: \(recorder.states)")
      let names = DeviceHolders().holders(of: VividTests.path).map(\.programName)
      #expect(names.contains("v4l2-ctl"), "holders: \(names)")

      holder.kill()
      released = true
      let releasedAt = MonotonicTime.now()
      var framesSeen = 0
      let streaming = await recorder.wait(
        timeout: .seconds(30),
        onPoll: {
          if let frame = session.mailbox.take() {
            framesSeen += 1
            session.recycle(frame)
          }
        },
        until: { _ in framesSeen > 0 })
      #expect(streaming, "states: \(recorder.states)")
      print(
        "busy camera: first frame \(Int(MonotonicTime.now().seconds(since: releasedAt) * 1000)) ms after release"
      )
    }

    /// Waits until setting a format from here fails with EBUSY: the other program then owns
    /// the camera's buffers. The probe never requests buffers itself, so it cannot win the
    /// camera from a program that is still starting.
    static func waitUntilBusy() async -> Bool {
      let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
      while MonotonicTime.now().nanoseconds < deadline {
        if let probe = try? V4L2Device(path: VividTests.path) {
          defer { probe.close() }
          do {
            _ = try probe.configure(VividTests.mode(.yuyv, 320, 180, fps: 25))
          } catch .deviceBusy {
            return true
          } catch {}
        }
        // A pause between probes, not a wait for the event itself.
        try? await Task.sleep(for: .milliseconds(100))
      }
      return false
    }
  }
}
