// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel
import Capture
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// A camera reached through PipeWire: a `Video/Source` node, streamed with a `pw_stream` that
/// says it is a camera capture (media.type Video, media.category Capture, media.role Camera:
/// WirePlumber links no video stream without a media type) and asks for one exact format, size
/// and frame rate (left to choose, a node fixates its first and slowest choice).
///
/// Buffers are accepted as memory PipeWire can map into this process (MemPtr and MemFd, one
/// data block per frame, mapped by PipeWire): each frame is lent to `nextFrame`'s body in
/// place, with no copy. DmaBuf buffers are not asked for. Controls are the node's PropInfo params, set through its
/// Props param (`PipeWireDevice+Controls.swift`).
///
/// Capture thread only, like every `CaptureDevice`; PipeWire's own callbacks run on the
/// connection's loop thread and hand over through the loop's lock.
public final class PipeWireDevice: CaptureDevice {
  /// The camera: path `pipewire:NODE_NAME`.
  public let info: DeviceInfo
  /// The node as the registry described it when opened.
  let node: PipeWireCameraNode
  /// The connection; nil once closed.
  var connection: PipeWireConnection?
  /// The mode the last `configure` asked for.
  var requestedMode: CaptureMode?
  /// The stream while streaming.
  var stream: PipeWireStream?
  /// The controls the node described when last asked; nil before.
  var pipeWireControls: [PipeWireControl]?
  /// The values Pinhole set, by property key, for nodes that do not report values.
  var controlValuesSet: [UInt32: Int64] = [:]
  /// True when the node reported a value for one of its controls.
  var reportsControlValues = false

  /// How long the daemon may take to agree on a format once asked.
  static let negotiationTimeout = Duration.seconds(10)

  /// Connects to PipeWire and finds the camera node named `nodeName`.
  ///
  /// - Throws: `.notFound` when no PipeWire daemon answers or it has no camera of that name.
  public init(nodeName: String) throws(CaptureError) {
    let path = PipeWireCameraNode.pathPrefix + nodeName
    guard PipeWireConnection.mayHaveDaemon else { throw .notFound(device: path) }
    let connection = try PipeWireConnection(for: path)
    guard
      let node = try PipeWireDiscovery.cameraNodes(on: connection).first(where: {
        $0.name == nodeName
      })
    else { throw .notFound(device: path) }
    self.connection = connection
    self.node = node
    self.info = node.deviceInfo
  }

  deinit { close() }

  /// The connection, or `.disconnected` after `close` or once the daemon has gone.
  func liveConnection() throws(CaptureError) -> PipeWireConnection {
    guard let connection, !connection.locked({ connection.isBroken }) else {
      throw .disconnected(device: info.path)
    }
    return connection
  }

  /// The formats the node offers (its EnumFormat params).
  public func capabilities() throws(CaptureError) -> DeviceCapabilities {
    let offers = try PipeWireDiscovery.offers(ofNode: node.id, on: try liveConnection())
    return PipeWireFormats.capabilities(from: offers)
  }

  /// Remembers `mode` for the next `startStreaming`, which asks the node for exactly it: with
  /// PipeWire the format is agreed when the stream connects. Invalid for a format PipeWire
  /// has no name for, or a mode the node does not offer (asked for one, it would never link
  /// the stream rather than refuse).
  public func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    stopStreaming()
    guard PipeWireFormats.spaFormat(of: mode.format) != nil else {
      return .invalid(reason: "PipeWire has no format \(mode.format)")
    }
    let offers = try PipeWireDiscovery.offers(ofNode: node.id, on: try liveConnection())
    guard PipeWireFormats.offers(offers, allow: mode) else {
      return .invalid(reason: "\(info.path) does not offer \(mode)")
    }
    requestedMode = mode
    return .valid(mode)
  }

  /// Connects a stream to the node asking for the configured mode, and waits until PipeWire
  /// has agreed on it.
  ///
  /// - Throws: `.unsupportedFormat` when the node refuses the mode, `.disconnected` when the
  ///   daemon or the node went away, `.stalled` when no answer came in time.
  public func startStreaming() throws(CaptureError) {
    guard stream == nil else { return }
    let connection = try liveConnection()
    guard let mode = requestedMode else {
      throw .unsupportedFormat(PixelFormat.nv12.fourCC)
    }
    let stream = try PipeWireStream(connection: connection, nodeName: node.name, mode: mode)
    let outcome = connection.locked { () -> PipeWireStream.Outcome in
      _ = connection.wait(timeout: Self.negotiationTimeout) {
        stream.negotiated != nil || stream.failure != nil
      }
      return stream.outcome(isBroken: connection.isBroken)
    }
    switch outcome {
    case .negotiated:
      self.stream = stream
    case .refused:
      stream.destroy()
      throw .unsupportedFormat(mode.format.fourCC)
    case .gone:
      stream.destroy()
      throw .disconnected(device: info.path)
    case .pending:
      stream.destroy()
      throw .stalled(
        device: info.path, seconds: Double(Self.negotiationTimeout.components.seconds))
    }
  }

  /// Waits up to `timeout` for a buffer, lends it to `body` and gives it back to PipeWire.
  public func nextFrame(timeout: Duration, _ body: (RawFrame) -> Void) throws(CaptureError)
    -> Bool
  {
    guard let stream else { preconditionFailure("nextFrame on \(info.path) before streaming") }
    let connection = try liveConnection()
    let deadline = ContinuousClock.now + timeout
    while true {
      // Reset before looking, so a buffer queued after the look signals again.
      connection.wakeup.reset()
      // The buffer, and the format it was filled in, taken together under the lock.
      let taken = connection.locked {
        () -> (buffer: UnsafeMutablePointer<pw_buffer>?, mode: CaptureMode?, isGone: Bool) in
        let isGone = connection.isBroken || stream.failure != nil
        return (
          isGone ? nil : pw_stream_dequeue_buffer(stream.stream), stream.negotiated, isGone
        )
      }
      if taken.isGone { throw .disconnected(device: info.path) }
      if let buffer = taken.buffer {
        guard let mode = taken.mode else {
          preconditionFailure("a PipeWire buffer arrived before its format")
        }
        body(stream.frame(from: buffer, mode: mode))
        connection.locked { _ = pw_stream_queue_buffer(stream.stream, buffer) }
        return true
      }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return false }
      // One pollfd on the stack: this runs once a frame, so no arrays are made for it.
      var entry = pollfd(fd: connection.wakeup.descriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(max(1, (left / .milliseconds(1)).rounded(.up)), 60_000))
      if poll(&entry, 1, milliseconds) < 0, errno != EINTR {
        throw .system(call: "poll", errno: errno)
      }
    }
  }

  /// Disconnects and destroys the stream. Safe to call when not streaming.
  public func stopStreaming() {
    stream?.destroy()
    stream = nil
  }

  /// Stops streaming and ends the connection. Safe to call twice.
  public func close() {
    stopStreaming()
    connection = nil
  }
}
