// SPDX-License-Identifier: MIT
import CameraModel
import Capture

#if canImport(Glibc)
  import Glibc
#endif

/// A `CaptureDevice` that serves given frame payloads in turn (for example MJPEG frames, one of
/// them damaged), one every `interval`, as a loopback feed would. For tests of the whole path
/// from driver bytes through the converter to the statistics.
///
/// Capture thread only, like every device.
public final class PayloadCaptureDevice: CaptureDevice {
  /// The device's description.
  public let info: DeviceInfo
  private let mode: CaptureMode
  private let payloads: [[UInt8]]
  private var next = 0
  private var sequence: UInt32 = 0
  private var isStreaming = false

  /// Serves `payloads` in order, round and round, in `mode`.
  public init(
    payloads: [[UInt8]], mode: CaptureMode,
    info: DeviceInfo = DeviceInfo(
      path: "/dev/video-payload", name: "Payload Camera", driver: "v4l2 loopback",
      busInfo: "platform:v4l2loopback-000")
  ) {
    precondition(!payloads.isEmpty, "a payload camera needs at least one frame")
    self.payloads = payloads
    self.mode = mode
    self.info = info
  }

  /// The one mode.
  public func capabilities() throws(CaptureError) -> DeviceCapabilities {
    DeviceCapabilities(formats: [
      FormatChoice(
        format: mode.format, description: "\(mode.format)", isEmulated: false,
        sizes: [SizeChoice(size: mode.size, intervals: .discrete([mode.interval]))])
    ])
  }

  /// Accepts anything, answering the one mode.
  public func configure(_ requested: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    requested == mode ? .valid(mode) : .adjusted(requested: requested, actual: mode)
  }

  /// Starts serving from the first payload.
  public func startStreaming() throws(CaptureError) {
    isStreaming = true
    next = 0
  }

  /// Lends the next payload after a pause of one frame interval.
  public func nextFrame(timeout: Duration, _ body: (RawFrame) -> Void) throws(CaptureError)
    -> Bool
  {
    guard isStreaming else { throw .system(call: "VIDIOC_DQBUF", errno: EINVAL) }
    var pause = mode.interval.duration.timeSpec
    nanosleep(&pause, nil)
    payloads[next].withUnsafeBytes { bytes in
      body(
        RawFrame(
          bytes: bytes, format: mode.format, size: mode.size, bytesPerLine: 0,
          sequence: sequence, captureTime: .now()))
    }
    next = (next + 1) % payloads.count
    sequence &+= 1
    return true
  }

  /// Stops serving.
  public func stopStreaming() { isStreaming = false }

  /// Nothing to close.
  public func close() { isStreaming = false }
}
