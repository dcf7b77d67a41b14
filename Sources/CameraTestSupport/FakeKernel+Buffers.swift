import CV4L2
import CameraModel
import Capture
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// The fake driver's buffer queue: REQBUFS, QUERYBUF, QBUF, DQBUF.
extension FakeKernel {
  /// Distance between buffer offsets handed to mmap (a page-aligned cookie, as vb2 does).
  static let offsetStride = 1 << 20

  func requestBuffers(_ request: UnsafeMutablePointer<v4l2_requestbuffers>) {
    for buffer in buffers { buffer.memory.deallocate() }
    buffers = []
    queued = []
    isStreaming = false
    let count = min(request.pointee.count, maximumBuffers)
    let length = Int(currentFormat.sizeimage)
    for index in 0..<Int(count) {
      let memory = UnsafeMutableRawPointer.allocate(byteCount: max(length, 1), alignment: 64)
      buffers.append(
        FakeKernelBuffer(memory: memory, length: length, offset: index * FakeKernel.offsetStride))
    }
    request.pointee.count = count
  }

  func queryBuffer(_ buffer: UnsafeMutablePointer<v4l2_buffer>) throws(SystemCallError) {
    let index = Int(buffer.pointee.index)
    guard index < buffers.count else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
    buffer.pointee.length = UInt32(buffers[index].length)
    buffer.pointee.m.offset = UInt32(buffers[index].offset)
  }

  func queueBuffer(_ buffer: UnsafeMutablePointer<v4l2_buffer>) throws(SystemCallError) {
    let index = Int(buffer.pointee.index)
    guard index < buffers.count, !queued.contains(index) else {
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
    if isUnplugged { throw SystemCallError(call: "ioctl", errno: ENODEV) }
    queued.append(index)
  }

  /// Fills the oldest queued buffer with a frame whose bytes all equal the low byte of its
  /// sequence number plus their offset, so tests can tell frames apart and see content vary.
  func dequeueBuffer(_ buffer: UnsafeMutablePointer<v4l2_buffer>) throws(SystemCallError) {
    if isUnplugged { throw SystemCallError(call: "ioctl", errno: ENODEV) }
    if let limit = vanishAfterFrames, framesDequeued >= limit {
      if let path = descriptors.values.first { removedNodes.insert(path) }
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
    if let limit = fatalErrorAfterFrames, framesDequeued >= limit {
      throw SystemCallError(call: "ioctl", errno: EIO)
    }
    guard isStreaming, !queued.isEmpty else { throw SystemCallError(call: "ioctl", errno: EAGAIN) }
    let index = queued.removeFirst()
    let target = buffers[index]
    let sequence = nextSequence
    let bytes = target.memory.assumingMemoryBound(to: UInt8.self)
    for offset in 0..<target.length {
      bytes[offset] = UInt8(truncatingIfNeeded: Int(sequence) + offset)
    }
    let intervalNanoseconds =
      UInt64(currentInterval.numerator) * 1_000_000_000
      / UInt64(max(currentInterval.denominator, 1))
    let nanoseconds = firstTimestamp.nanoseconds + UInt64(framesDequeued) * intervalNanoseconds
    buffer.pointee.index = UInt32(index)
    buffer.pointee.bytesused = UInt32(target.length)
    buffer.pointee.length = UInt32(target.length)
    buffer.pointee.sequence = sequence
    buffer.pointee.field = V4L2_FIELD_NONE.rawValue
    buffer.pointee.timestamp = timeval(
      tv_sec: Int(nanoseconds / 1_000_000_000),
      tv_usec: Int(nanoseconds % 1_000_000_000 / 1_000))
    buffer.pointee.flags =
      UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC)
      | (errorFlagSequences.contains(sequence) ? UInt32(V4L2_BUF_FLAG_ERROR) : 0)
    tamperDequeued?(&buffer.pointee)
    nextSequence &+= sequenceStep
    framesDequeued += 1
    if let limit = disconnectAfterFrames, framesDequeued >= limit { isUnplugged = true }
  }
}
