// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import Workers

@testable import Capture

/// The focus engine as the capture loop drives it, without the loop: a V4L2 device on a fake
/// control kernel, the control tracker and the focus controller, fed frames made on the spot.
/// The frames are a checkerboard of 8-pixel squares, so their sharpness follows the contrast
/// and their mean luma the level. Test thread only.
final class FocusRig {
  let kernel: FakeControlKernel
  let device: V4L2Device
  let size = FrameSize(width: 640, height: 480)
  private let queue = Inbox.captureEvents(capacity: 4096)
  private let tracker: ControlTracker
  private let controller: FocusController
  private var sequence: UInt32 = 0
  /// Every event so far, oldest first.
  private(set) var events: [CaptureEvent] = []

  init(controls: [FakeControl], change: (FakeControlKernel) -> Void = { _ in }) throws {
    kernel = FakeControlKernel(controls: controls)
    change(kernel)
    device = try V4L2Device(path: "/dev/video0", system: kernel)
    _ = try device.configure(
      CaptureMode(format: .yuyv, size: size, interval: FrameInterval(framesPerSecond: 30)))
    tracker = ControlTracker(events: queue)
    controller = FocusController(events: queue)
    tracker.deviceOpened(device)
    collect()
  }

  /// Clicks `region`.
  func click(_ region: RegionOfInterest, meter: Bool) {
    controller.begin(region: region, meter: meter, device: device, controls: tracker)
    collect()
  }

  /// Double-clicks: focus and exposure back to the camera.
  func resume() {
    controller.resume(device: device, controls: tracker)
    collect()
  }

  /// Shows the engine one frame of squares `contrast` code values either side of `level`,
  /// as the capture loop does: measured, then acted on.
  func show(contrast: Int, level: Int = 118) {
    let frame = NV12Frame(size: size)
    Self.paint(frame, contrast: contrast, level: level)
    frame.metadata.sequence = sequence
    frame.metadata.captureTime = .now()
    sequence &+= 1
    _ = controller.measure(frame)
    controller.advance(device: device, controls: tracker)
    collect()
  }

  /// The focus reports so far.
  var reports: [FocusReport] {
    events.compactMap { if case .focus(let report) = $0 { report } else { nil } }
  }

  /// The refusals reported so far, by control name.
  var rejections: [String] {
    events.compactMap { if case .controlRejected(let name, _) = $0 { name } else { nil } }
  }

  /// The requests that reached the driver and set the region rectangle.
  var regionWrites: [[FakeControlKernel.ControlWrite]] {
    kernel.writes.filter { $0.contains { $0.id == 0x0098_1ae1 } }
  }

  private func collect() { events += queue.drain() }

  private static func paint(_ frame: NV12Frame, contrast: Int, level: Int) {
    let bright = UInt8(clamping: level + contrast)
    let dark = UInt8(clamping: level - contrast)
    let rows = [0, 1].map { phase in
      (0..<frame.yStride).map { ($0 / 8 + phase) % 2 == 0 ? bright : dark }
    }
    frame.withPlanes { y, uv in
      for row in 0..<frame.size.height {
        let start = row * frame.yStride
        _ = UnsafeMutableBufferPointer(rebasing: y[start..<start + frame.yStride])
          .update(from: rows[(row / 8) % 2])
      }
      uv.update(repeating: 128)
    }
  }
}
