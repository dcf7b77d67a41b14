// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Testing

extension VividTests {
  /// vivid's fault-injection controls, fired from a second process mid-stream.
  @Suite struct Faults {
    /// The smallest, fastest mode, so the stream is cheap under emulation.
    let small = VividTests.mode(.yuyv, 320, 180, fps: 30)

    /// Streams a couple of frames, fires `control`, and returns the error `nextFrame` throws.
    func errorAfterFiring(_ control: String, device: V4L2Device) throws -> CaptureError? {
      _ = try device.configure(small)
      try device.startStreaming()
      #expect(try device.nextFrame(timeout: VividTests.frameTimeout) { _ in })
      let controller = try VividTests.setControl(control, to: 1)
      defer { controller.close() }
      for _ in 0..<20 {
        do {
          _ = try device.nextFrame(timeout: VividTests.frameTimeout) { _ in }
        } catch {
          return error
        }
      }
      return nil
    }

    @Test func disconnectMidStreamThrowsDisconnectedAndReopeningWorks() throws {
      let device = try V4L2Device(path: VividTests.path)
      let error = try errorAfterFiring("disconnect", device: device)
      #expect(error == .disconnected(device: VividTests.path))
      // vivid reconnects once the last descriptor is closed.
      device.close()
      let again = try V4L2Device(path: VividTests.path)
      defer { again.close() }
      _ = try again.configure(small)
      let frames = try VividTests.stream(again, count: 2)
      #expect(frames.count == 2)
    }

    @Test func fatalStreamingErrorThrowsInsteadOfCrashing() throws {
      let device = try V4L2Device(path: VividTests.path)
      defer { device.close() }
      let error = try errorAfterFiring("inject_fatal_streaming_error", device: device)
      // The node is still there: a driver failure, told apart from an unplug.
      #expect(error == .driverFailed(device: VividTests.path))
    }

    @Test func streamOnErrorIsAClearCaptureError() throws {
      let device = try V4L2Device(path: VividTests.path)
      defer { device.close() }
      _ = try device.configure(small)
      try VividTests.setControl("inject_vidioc_streamon_error", to: 1).close()
      #expect(throws: CaptureError.system(call: "VIDIOC_STREAMON", errno: EINVAL)) {
        try device.startStreaming()
      }
      // The injection fires once; the buffers were released, so a retry streams.
      let frames = try VividTests.stream(device, count: 2)
      #expect(frames.count == 2)
    }
  }
}
