import CV4L2
import CameraModel
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// One driver buffer mapped into Pinhole's address space.
struct V4L2MappedBuffer {
  /// Start of the mapping.
  var address: UnsafeMutableRawPointer
  /// Length of the mapping (the buffer's `length`).
  var length: Int
}

/// REQBUFS/QUERYBUF/mmap/QBUF/STREAMON, the poll–DQBUF–QBUF loop, and teardown.
extension V4L2Device {
  /// Allocates and maps driver buffers, queues them all and starts the stream, in the mode of
  /// the last `configure` (or the driver's current one). Does nothing when already streaming.
  ///
  /// Capture thread only.
  public func startStreaming() throws(CaptureError) {
    guard !isStreaming else { return }
    if configuration == nil { configuration = try currentConfiguration() }
    do {
      try mapBuffers()
      for index in buffers.indices { try queueBuffer(at: index) }
      var type = Int32(V4L2Device.captureType)
      try ioctl(.streamOn, &type)
      isStreaming = true
    } catch {
      releaseBuffers()
      throw error
    }
  }

  /// Waits up to `timeout` for a frame, lends it to `body`, then hands the buffer straight
  /// back to the driver. Returns false when no frame came in time.
  ///
  /// Capture thread only.
  public func nextFrame(timeout: Duration, _ body: (RawFrame) -> Void) throws(CaptureError)
    -> Bool
  {
    precondition(isStreaming, "nextFrame called on \(info.path) before startStreaming")
    let fd = try openDescriptor()
    let milliseconds = V4L2Device.pollMilliseconds(timeout)
    let revents = try DeviceCall.call(
      "poll", device: info.path, isStreaming: true, system: system
    ) { () throws(SystemCallError) in
      try system.poll(fd, events: Int16(POLLIN | POLLPRI), timeoutMilliseconds: milliseconds)
    }
    if revents == 0 { return false }
    // vivid's disconnect gives POLLERR|POLLHUP, its fatal stream error POLLERR (then DQBUF
    // EIO); an unplugged uvcvideo camera gives POLLERR|POLLHUP. None of them recovers, but a
    // driver error on a node that is still there is not an unplug.
    if revents & Int16(POLLHUP) != 0 { throw .disconnected(device: info.path) }
    if revents & Int16(POLLERR) != 0 {
      throw system.nodeExists(info.path)
        ? .driverFailed(device: info.path) : .disconnected(device: info.path)
    }
    // POLLPRI: a control event is pending. Taken now, or poll would keep waking for it.
    if revents & Int16(POLLPRI) != 0 { dequeueControlEvents() }
    // Without POLLIN no buffer is ready: DQBUF would only answer EAGAIN, which libv4l2 also
    // prints to stderr.
    guard revents & Int16(POLLIN) != 0 else { return false }
    var buffer = v4l2_buffer()
    buffer.type = V4L2Device.captureType
    buffer.memory = V4L2_MEMORY_MMAP.rawValue
    guard try ioctl(.dequeueBuffer, &buffer) == .done else { return false }
    guard Int(buffer.index) < buffers.count else {
      // Driver data is input too: a buffer Pinhole never mapped has no bytes to lend and
      // cannot be queued back. It counts as a corrupt frame; the stream goes on with the rest.
      body(corruptFrame(from: buffer))
      return true
    }
    body(rawFrame(from: buffer))
    try ioctl(.queueBuffer, &buffer)
    return true
  }

  /// Stops the stream, unmaps and frees the buffers. Safe to call when not streaming; errors
  /// are ignored because the device may be gone.
  ///
  /// Capture thread only.
  public func stopStreaming() {
    if isStreaming {
      var type = Int32(V4L2Device.captureType)
      _ = try? ioctl(.streamOff, &type)
      isStreaming = false
    }
    releaseBuffers()
  }

  // MARK: Steps

  /// REQBUFS for `bufferCount` MMAP buffers, then QUERYBUF and mmap each one the driver gave.
  func mapBuffers() throws(CaptureError) {
    var request = v4l2_requestbuffers()
    request.count = V4L2Device.bufferCount
    request.type = V4L2Device.captureType
    request.memory = V4L2_MEMORY_MMAP.rawValue
    try ioctl(.requestBuffers, &request)
    // Drivers may grant fewer buffers than asked (v4l2loopback defaults to 2), never none.
    guard request.count > 0 else {
      throw .system(call: V4L2Request.requestBuffers.name, errno: ENOMEM)
    }
    let fd = try openDescriptor()
    for index in 0..<request.count {
      var buffer = v4l2_buffer()
      buffer.index = index
      buffer.type = V4L2Device.captureType
      buffer.memory = V4L2_MEMORY_MMAP.rawValue
      try ioctl(.queryBuffer, &buffer)
      let length = Int(buffer.length)
      let offset = Int(buffer.m.offset)
      let address = try DeviceCall.call(
        "mmap", device: info.path, system: system
      ) { () throws(SystemCallError) in
        try system.mmap(fd: fd, length: length, offset: offset)
      }
      buffers.append(V4L2MappedBuffer(address: address, length: length))
    }
  }

  /// QBUF of buffer `index`.
  func queueBuffer(at index: Int) throws(CaptureError) {
    var buffer = v4l2_buffer()
    buffer.index = UInt32(index)
    buffer.type = V4L2Device.captureType
    buffer.memory = V4L2_MEMORY_MMAP.rawValue
    try ioctl(.queueBuffer, &buffer)
  }

  /// Unmaps every buffer and asks the driver to free them (REQBUFS with count 0).
  func releaseBuffers() {
    guard !buffers.isEmpty else { return }
    for buffer in buffers { system.munmap(buffer.address, length: buffer.length) }
    buffers = []
    var request = v4l2_requestbuffers()
    request.count = 0
    request.type = V4L2Device.captureType
    request.memory = V4L2_MEMORY_MMAP.rawValue
    _ = try? ioctl(.requestBuffers, &request)
  }

  /// The dequeued `buffer`, whose index is one of `buffers`, as a `RawFrame` borrowing its
  /// mapping.
  func rawFrame(from buffer: v4l2_buffer) -> RawFrame {
    let mapped = buffers[Int(buffer.index)]
    guard let configuration else {
      preconditionFailure("\(info.path) streams without a configuration")
    }
    // Some drivers leave bytesused 0 for raw formats; the whole image is then valid.
    let reported = Int(buffer.bytesused)
    let used = reported > 0 ? reported : max(0, configuration.sizeImage)
    return RawFrame(
      bytes: UnsafeRawBufferPointer(start: mapped.address, count: min(used, mapped.length)),
      format: configuration.mode.format, size: configuration.mode.size,
      bytesPerLine: configuration.bytesPerLine, colorimetry: configuration.colorimetry,
      sequence: buffer.sequence, captureTime: V4L2Device.captureTime(buffer.timestamp),
      hasErrorFlag: buffer.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0)
  }

  /// A frame with no bytes and the error flag, for a buffer the driver named wrongly: it is
  /// counted (sequence, time) and then dropped as corrupt.
  func corruptFrame(from buffer: v4l2_buffer) -> RawFrame {
    let mode = configuration?.mode
    return RawFrame(
      bytes: UnsafeRawBufferPointer(start: nil, count: 0), format: mode?.format ?? .mjpeg,
      size: mode?.size ?? FrameSize(width: 0, height: 0), bytesPerLine: 0,
      colorimetry: configuration?.colorimetry ?? .jpeg, sequence: buffer.sequence,
      captureTime: V4L2Device.captureTime(buffer.timestamp), hasErrorFlag: true)
  }

  /// A buffer's `timeval` on the monotonic clock. Negative fields read as zero and times past
  /// the 64-bit nanosecond range saturate: a damaged timestamp must not trap.
  static func captureTime(_ timestamp: timeval) -> MonotonicTime {
    let seconds = UInt64(max(0, timestamp.tv_sec))
    let microseconds = UInt64(min(max(0, timestamp.tv_usec), 999_999))
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return MonotonicTime(nanoseconds: .max) }
    let (total, carry) = whole.addingReportingOverflow(microseconds * 1_000)
    return MonotonicTime(nanoseconds: carry ? .max : total)
  }

  /// `timeout` in whole milliseconds for `poll`, rounded up so a short wait does not spin.
  static func pollMilliseconds(_ timeout: Duration) -> Int32 { timeout.pollMilliseconds }
}
