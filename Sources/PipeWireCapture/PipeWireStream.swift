// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// One `pw_stream` from a camera node and what its callbacks learned: the format PipeWire
/// agreed, or why the stream failed.
///
/// The callbacks run on the loop thread holding the lock; every other access holds it too
/// (`frame(from:)` reads only what was settled before streaming).
final class PipeWireStream: @unchecked Sendable {
  /// What came of asking for a format.
  enum Outcome {
    /// PipeWire agreed on a format.
    case negotiated
    /// The stream failed before a format was agreed: the node refused the mode.
    case refused
    /// The daemon or the node went away.
    case gone
    /// No answer yet.
    case pending
  }

  /// The stream.
  let stream: OpaquePointer
  /// The connection it lives on.
  let connection: PipeWireConnection
  /// The format PipeWire agreed on.
  var negotiated: CaptureMode?
  /// Why the stream stopped working, in PipeWire's words.
  var failure: String?
  /// Frames handed out, for buffers without a header.
  var delivered: UInt32 = 0
  /// Where planes that arrive in data blocks of their own are put together, kept between
  /// frames (capture thread only).
  private var planeScratch: UnsafeMutableRawBufferPointer?

  private let hook = UnsafeMutablePointer<spa_hook>.allocate(capacity: 1)
  private let events = UnsafeMutablePointer<pw_stream_events>.allocate(capacity: 1)
  private var isDestroyed = false

  /// Creates the stream and connects it to `nodeName`, asking for exactly `mode`.
  init(connection: PipeWireConnection, nodeName: String, mode: CaptureMode)
    throws(CaptureError)
  {
    self.connection = connection
    let created = connection.locked { () -> OpaquePointer? in
      guard let properties = pw_properties_new_string("") else { return nil }
      // WirePlumber links a video stream only when it says what it is.
      pw_properties_set(properties, "media.type", "Video")
      pw_properties_set(properties, "media.category", "Capture")
      pw_properties_set(properties, "media.role", "Camera")
      pw_properties_set(properties, "target.object", nodeName)
      pw_properties_set(properties, "node.name", "pinhole")
      pw_properties_set(properties, "application.name", "Pinhole")
      return pw_stream_new(connection.core, "Pinhole", properties)
    }
    guard let created else { throw .system(call: "pw_stream_new", errno: errno) }
    stream = created
    hook.initialize(to: spa_hook())
    events.initialize(to: pw_stream_events())
    events.pointee.version = UInt32(PW_VERSION_STREAM_EVENTS)
    events.pointee.state_changed = { data, _, state, error in
      guard let data else { return }
      let box = Unmanaged<PipeWireStream>.fromOpaque(data).takeUnretainedValue()
      if state == PW_STREAM_STATE_ERROR {
        box.failure = error.map { String(cString: $0) } ?? "stream error"
      } else if state == PW_STREAM_STATE_UNCONNECTED, box.failure == nil {
        box.failure = "the camera node went away"
      }
      box.connection.wakeup.signal()
      pw_thread_loop_signal(box.connection.loop, false)
    }
    events.pointee.param_changed = { data, id, param in
      guard let data, let param, id == SPA_PARAM_Format.rawValue else { return }
      let box = Unmanaged<PipeWireStream>.fromOpaque(data).takeUnretainedValue()
      box.negotiated = PipeWireFormats.negotiatedMode(from: param)
      if box.negotiated == nil { box.failure = "the camera offered a format Pinhole cannot name" }
      box.askForBuffers()
      pw_thread_loop_signal(box.connection.loop, false)
    }
    // With PW_STREAM_FLAG_RT_PROCESS this runs on PipeWire's data thread, which received the
    // buffer, rather than being handed on to the loop thread first: one thread wake-up fewer
    // per frame. It only signals the eventfd, which is safe there.
    events.pointee.process = { data in
      guard let data else { return }
      Unmanaged<PipeWireStream>.fromOpaque(data).takeUnretainedValue().connection.wakeup.signal()
    }
    let status: Int32 = connection.locked { () -> Int32 in
      pw_stream_add_listener(stream, hook, events, Unmanaged.passUnretained(self).toOpaque())
      let flags =
        PW_STREAM_FLAG_AUTOCONNECT.rawValue | PW_STREAM_FLAG_MAP_BUFFERS.rawValue
        | PW_STREAM_FLAG_DONT_RECONNECT.rawValue | PW_STREAM_FLAG_RT_PROCESS.rawValue
      let connected = PipeWireFormats.withFormatPod(for: mode) { pod -> Int32 in
        var params: [UnsafePointer<spa_pod>?] = [pod]
        return pw_stream_connect(
          stream, SPA_DIRECTION_INPUT, UInt32.max, pw_stream_flags(rawValue: flags), &params, 1)
      }
      return connected ?? -EINVAL
    }
    guard status >= 0 else {
      destroy()
      if status == -EINVAL { throw .unsupportedFormat(mode.format.fourCC) }
      throw .system(call: "pw_stream_connect", errno: -status)
    }
  }

  deinit {
    destroy()
    hook.deallocate()
    events.deallocate()
    planeScratch?.deallocate()
  }

  /// Tells the stream which buffers Pinhole can use (mappable memory) and that it wants each
  /// frame's header (timestamp, sequence). Loop thread, in `param_changed`.
  private func askForBuffers() {
    var buffer = [UInt8](repeating: 0, count: 512)
    buffer.withUnsafeMutableBufferPointer { bytes in
      var params: [UnsafePointer<spa_pod>?] = [nil, nil]
      let count = params.withUnsafeMutableBufferPointer { list in
        pinhole_pw_build_stream_params(bytes.baseAddress, UInt32(bytes.count), list.baseAddress)
      }
      _ = pw_stream_update_params(stream, &params, count)
    }
  }

  /// What the negotiation came to so far. Holding the lock.
  func outcome(isBroken: Bool) -> Outcome {
    if isBroken { return .gone }
    if negotiated != nil, failure == nil { return .negotiated }
    if failure != nil { return negotiated == nil ? .refused : .gone }
    return .pending
  }

  /// `buffer`, filled in `mode`, as a frame borrowing PipeWire's mapping. A buffer without
  /// mapped memory, or whose chunk lies outside it, is a corrupt frame with no bytes. Capture
  /// thread, without the lock: the buffer is Pinhole's until it is queued back.
  func frame(from buffer: UnsafeMutablePointer<pw_buffer>, mode: CaptureMode) -> RawFrame {
    delivered &+= 1
    var pts: Int64 = -1
    var sequence: UInt64 = UInt64(delivered)
    var headerFlags: UInt32 = 0
    var captureTime = MonotonicTime.now()
    let spa = buffer.pointee.buffer
    if let spa, pinhole_pw_buffer_header(spa, &pts, &sequence, &headerFlags) == 0, pts > 0 {
      // V4L2 nodes stamp frames with the driver's CLOCK_MONOTONIC time.
      captureTime = MonotonicTime(nanoseconds: UInt64(pts))
    }
    var frame = RawFrame(
      bytes: UnsafeRawBufferPointer(start: nil, count: 0), format: mode.format, size: mode.size,
      bytesPerLine: 0, colorimetry: mode.format.isCompressed ? .jpeg : .bt601Limited,
      sequence: UInt32(truncatingIfNeeded: sequence), captureTime: captureTime,
      hasErrorFlag: true)
    guard let spa, spa.pointee.n_datas >= 1, let datas = spa.pointee.datas else { return frame }
    var corrupted = headerFlags & UInt32(SPA_META_HEADER_FLAG_CORRUPTED) != 0
    guard let first = Self.plane(datas[0], corrupted: &corrupted) else { return frame }
    let planeCount = min(PlaneAssembly.planeCount(of: mode.format), Int(spa.pointee.n_datas))
    if planeCount > 1 {
      // One data block per plane, as libcamera's nodes deliver NV12 and I420.
      var planes = [first]
      for index in 1..<planeCount {
        guard let plane = Self.plane(datas[index], corrupted: &corrupted) else { return frame }
        planes.append(plane)
      }
      guard
        let assembled = PlaneAssembly.assemble(
          planes, format: mode.format, size: mode.size, scratch: &planeScratch)
      else { return frame }
      frame.bytes = assembled.bytes
      frame.bytesPerLine = assembled.bytesPerLine
    } else {
      frame.bytes = first.bytes
      frame.bytesPerLine = first.stride
    }
    frame.hasErrorFlag = corrupted || frame.bytes.isEmpty
    return frame
  }

  /// The bytes of one mapped data block from its chunk's offset, and its stride; nil when it
  /// has no mapped memory. A chunk flagged corrupted sets `corrupted`.
  private static func plane(_ data: spa_data, corrupted: inout Bool) -> PlaneView? {
    guard let address = data.data, let chunk = data.chunk else { return nil }
    let maxSize = Int(data.maxsize)
    let offset = maxSize > 0 ? Int(chunk.pointee.offset) % maxSize : 0
    let size = max(0, min(Int(chunk.pointee.size), maxSize - offset))
    if chunk.pointee.flags & Int32(SPA_CHUNK_FLAG_CORRUPTED) != 0 { corrupted = true }
    return PlaneView(
      bytes: UnsafeRawBufferPointer(start: address + offset, count: size),
      stride: max(0, Int(chunk.pointee.stride)))
  }

  /// Disconnects and destroys the stream. Safe to call twice.
  func destroy() {
    connection.locked {
      guard !isDestroyed else { return }
      isDestroyed = true
      spa_hook_remove(hook)
      pw_stream_disconnect(stream)
      pw_stream_destroy(stream)
    }
  }
}
