import CV4L2
import CameraModel
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// A V4L2 video-capture node, streaming through memory-mapped driver buffers.
///
/// Every ioctl goes through `SystemCall`, which retries EINTR and maps errno into
/// `CaptureError`. Only single-planar capture nodes are accepted: a node that offers only the
/// multi-planar API is reported as `notACamera` for now (USB webcams are single-planar).
///
/// Capture thread only: after `open`, one thread makes every call.
public final class V4L2Device: CaptureDevice {
  /// Which camera this is: `card`, `driver` and `bus_info` from VIDIOC_QUERYCAP.
  public let info: DeviceInfo

  let system: any V4L2System
  /// The open descriptor; `nil` once closed.
  var descriptor: Int32?
  /// Capability flags of the node (`device_caps` when the driver sets it).
  let capabilityFlags: UInt32
  /// What the last successful `configure` put in force.
  var configuration: V4L2Configuration?
  /// Driver buffers mapped into this process while streaming.
  var buffers: [V4L2MappedBuffer] = []
  /// True between STREAMON and `stopStreaming`.
  var isStreaming = false
  /// What the control code remembers between calls: descriptions, subscriptions, events.
  var controlState = V4L2ControlState()

  /// How many driver buffers to ask for: enough that the driver always has one to fill while
  /// Pinhole holds one and one waits in the queue, without the latency of a deep queue.
  static let bufferCount: UInt32 = 4

  /// Opens the node at `path` and checks that it is a streaming video-capture device.
  ///
  /// - Parameters:
  ///   - path: the node, e.g. "/dev/video0".
  ///   - system: the system-call seam; tests pass a fake kernel.
  ///   - identity: a stable identity (see `DeviceDiscovery`); defaults to the bus info.
  /// - Throws: `permissionDenied`, `notFound`, `deviceBusy`, or `notACamera` for metadata,
  ///   output and multi-planar-only nodes.
  public init(
    path: String, system: any V4L2System = LibV4L2System(), identity: String? = nil
  ) throws(CaptureError) {
    // O_NONBLOCK: DQBUF then answers EAGAIN instead of blocking; `nextFrame` polls first.
    // ENOTTY while opening means the node answers no V4L2 request (/dev/null: libv4l2's open
    // asks QUERYCAP itself); elsewhere it means one request is unsupported, so it is mapped
    // only here.
    let fd: Int32
    do {
      fd = try DeviceCall.call("open", device: path, system: system) { () throws(SystemCallError) in
        try system.open(path, flags: O_RDWR | O_NONBLOCK)
      }
    } catch .system(_, ENOTTY) {
      throw .notACamera(device: path)
    }
    var caps = v4l2_capability()
    do {
      _ = try DeviceCall.ioctl(system, fd: fd, .queryCapabilities, &caps, device: path)
    } catch {
      system.close(fd)
      if case .system(_, ENOTTY) = error { throw .notACamera(device: path) }
      throw error
    }
    let flags = V4L2Device.effectiveCapabilities(caps)
    guard V4L2Device.isStreamingCamera(flags) else {
      system.close(fd)
      throw .notACamera(device: path)
    }
    self.system = system
    self.descriptor = fd
    self.capabilityFlags = flags
    let busInfo = V4L2Device.string(fromCField: caps.bus_info)
    self.info = DeviceInfo(
      path: path, name: V4L2Device.string(fromCField: caps.card),
      driver: V4L2Device.string(fromCField: caps.driver), busInfo: busInfo,
      identity: identity ?? busInfo)
  }

  deinit { close() }

  /// Stops streaming if needed and closes the descriptor. Safe to call twice; errors are
  /// ignored because the device may already be gone.
  public func close() {
    stopStreaming()
    guard let fd = descriptor else { return }
    descriptor = nil
    system.close(fd)
  }

  // MARK: Capability flags

  /// The flags that describe this node: `device_caps` when the driver fills it (a device may
  /// have several nodes, and `capabilities` is the union of all of them), else `capabilities`.
  static func effectiveCapabilities(_ caps: v4l2_capability) -> UInt32 {
    caps.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? caps.device_caps : caps.capabilities
  }

  /// True for a single-planar capture node with streaming I/O.
  static func isStreamingCamera(_ flags: UInt32) -> Bool {
    let needed = UInt32(V4L2_CAP_VIDEO_CAPTURE) | UInt32(V4L2_CAP_STREAMING)
    return flags & needed == needed
  }

  // MARK: Helpers shared by the extensions

  /// The open descriptor, or `.disconnected` once closed (a call after `close` usually
  /// follows an unplug the caller has not handled yet).
  func openDescriptor() throws(CaptureError) -> Int32 {
    guard let descriptor else { throw .disconnected(device: info.path) }
    return descriptor
  }

  /// Issues `request` through the single ioctl path.
  @discardableResult
  func ioctl<Argument>(_ request: V4L2Request, _ argument: inout Argument) throws(CaptureError)
    -> IoctlOutcome
  {
    let fd = try openDescriptor()
    return try DeviceCall.ioctl(
      system, fd: fd, request, &argument, device: info.path, isStreaming: isStreaming)
  }

  /// Reads a NUL-terminated fixed-size C char array (imported as a tuple) as UTF-8.
  static func string<Field>(fromCField field: Field) -> String {
    withUnsafeBytes(of: field) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// `V4L2_BUF_TYPE_VIDEO_CAPTURE` as the `type` fields want it.
  static let captureType = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
}
