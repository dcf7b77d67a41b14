// SPDX-License-Identifier: MIT
import CameraModel
import Capture

#if canImport(Glibc)
  import Glibc
#endif

/// A `CaptureDevice` opened on a `FakeCamera`, serving generated NV12 frames in real time: a
/// bright box that moves 8 pixels a frame over a dark background, with the frame number in the
/// first four luma bytes (little-endian) so tests can tell frames apart.
///
/// Frames are NV12 bytes whatever format was configured, so a converter that insists on the
/// configured format rejects them; tests use that to make corrupt frames.
///
/// Capture thread only, like every device.
public final class FakeCaptureDevice: CaptureDevice {
  /// The camera this device was opened on.
  public let camera: FakeCamera
  private var mode: CaptureMode?
  private var isStreaming = false
  private var isClosed = false
  private var hasDisconnected = false
  private var sequence: UInt32 = 0
  private var nextDue = MonotonicTime.now()
  private var pixels: [UInt8] = []

  init(camera: FakeCamera) { self.camera = camera }

  /// The camera's description.
  public var info: DeviceInfo { camera.info }

  /// The scripted catalogue.
  public func capabilities() throws(CaptureError) -> DeviceCapabilities {
    try checkOpen()
    return camera.capabilities
  }

  /// Accepts a mode the catalogue lists; an unlisted interval is adjusted to the size's fastest,
  /// an unlisted format or size is invalid. Fails with `deviceBusy` while the script says so.
  public func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    try checkOpen()
    precondition(!isStreaming, "configure while streaming")
    if camera.recordConfigure(mode) { throw .deviceBusy(device: info.path) }
    let sizes = camera.capabilities.formats.filter { $0.format == mode.format }.flatMap(\.sizes)
    guard let size = sizes.first(where: { $0.size == mode.size }) else {
      return .invalid(reason: "\(mode.format) \(mode.size) is not offered")
    }
    var actual = mode
    switch size.intervals {
    case .discrete(let list) where !list.contains(mode.interval):
      actual.interval = size.intervals.fastest ?? mode.interval
    case .stepwise(let min, let max, _) where mode.interval < min || max < mode.interval:
      actual.interval = min
    default:
      break
    }
    self.mode = actual
    let stride = Self.stride(actual.size)
    let frameBytes = stride * (actual.size.height + (actual.size.height + 1) / 2)
    pixels = [UInt8](repeating: 0, count: frameBytes)
    return actual == mode ? .valid(mode) : .adjusted(requested: mode, actual: actual)
  }

  /// Starts the stream; the sequence counter restarts at zero, as V4L2's does on STREAMON.
  public func startStreaming() throws(CaptureError) {
    try checkOpen()
    guard mode != nil else { throw .system(call: "VIDIOC_STREAMON", errno: EINVAL) }
    isStreaming = true
    sequence = 0
    nextDue = .now()
  }

  /// Waits for the next due frame (at most `timeout`) and lends it to `body`.
  public func nextFrame(
    timeout: Duration, _ body: (RawFrame) -> Void
  ) throws(CaptureError) -> Bool {
    try checkOpen()
    guard isStreaming, let mode else { throw .system(call: "VIDIOC_DQBUF", errno: EINVAL) }
    guard !hasDisconnected else { throw .disconnected(device: info.path) }
    let now = MonotonicTime.now()
    let deadline = now.nanoseconds + nanoseconds(timeout)
    guard nextDue.nanoseconds <= deadline else {
      pause(until: deadline)
      return false
    }
    pause(until: nextDue.nanoseconds)
    switch camera.planFrame(now: .now()) {
    case .disconnect:
      hasDisconnected = true
      throw .disconnected(device: info.path)
    case .silent(let until):
      pause(until: min(until.nanoseconds, deadline))
      nextDue = max(nextDue, until)
      return false
    case .frame(let number, let gap, let hasErrorFlag):
      sequence &+= gap
      draw(number: number, size: mode.size)
      serve(mode: mode, hasErrorFlag: hasErrorFlag, body)
      sequence &+= 1
      let delay = camera.frameDelay ?? mode.interval.duration
      nextDue = MonotonicTime(nanoseconds: nextDue.nanoseconds + nanoseconds(delay))
      return true
    }
  }

  /// Stops the stream. Safe when not streaming.
  public func stopStreaming() { isStreaming = false }

  /// Closes the device. Safe twice.
  public func close() {
    guard !isClosed else { return }
    isStreaming = false
    isClosed = true
    camera.recordClose()
  }

  private func checkOpen() throws(CaptureError) {
    guard !isClosed else { throw .system(call: "ioctl", errno: EBADF) }
  }

  private func serve(mode: CaptureMode, hasErrorFlag: Bool, _ body: (RawFrame) -> Void) {
    pixels.withUnsafeBytes { bytes in
      body(
        RawFrame(
          bytes: bytes, format: mode.format, size: mode.size, bytesPerLine: Self.stride(mode.size),
          sequence: sequence, captureTime: .now(), hasErrorFlag: hasErrorFlag))
    }
  }

  /// Paints the moving box and stamps the frame number.
  private func draw(number: Int, size: FrameSize) {
    let (width, height, stride) = (size.width, size.height, Self.stride(size))
    let box = max(1, min(width, height) / 4)
    let left = (number * 8) % max(1, width - box)
    let top = (height - box) / 2
    pixels.withUnsafeMutableBufferPointer { buffer in
      // Limited-range black and white, neutral chroma.
      buffer[0..<(stride * height)].update(repeating: 16)
      buffer[(stride * height)...].update(repeating: 128)
      for row in top..<(top + box) {
        buffer[(row * stride + left)..<(row * stride + left + box)].update(repeating: 235)
      }
      for byte in 0..<min(4, stride * height) {
        buffer[byte] = UInt8(truncatingIfNeeded: UInt32(truncatingIfNeeded: number) >> (8 * byte))
      }
    }
  }

  /// Row length in bytes: the width rounded up to even, so both planes share one stride.
  private static func stride(_ size: FrameSize) -> Int { (size.width + 1) / 2 * 2 }

  private func pause(until deadline: UInt64) {
    let now = MonotonicTime.now().nanoseconds
    guard deadline > now else { return }
    var request = Duration.nanoseconds(deadline - now).timeSpec
    nanosleep(&request, nil)
  }

  private func nanoseconds(_ duration: Duration) -> UInt64 {
    UInt64(max(0, duration / .nanoseconds(1)))
  }
}
