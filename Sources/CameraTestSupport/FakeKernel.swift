import CV4L2
import CameraModel
import Capture
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Plays the kernel side of V4L2 for tests: answers QUERYCAP, the ENUM_* requests, S_FMT,
/// S_PARM, REQBUFS, QUERYBUF, QBUF, DQBUF and STREAMON like a simple webcam driver, backs
/// `mmap` with real memory, and records every call in order.
///
/// Failures are scripted: errno queues per request (EINTR bursts, EBUSY), errors on open, an
/// unplug after N frames, a hang-up, error-flagged frames and sequence gaps.
///
/// One test thread only; not `Sendable`.
public final class FakeKernel: V4L2System {
  /// One fake node.
  public struct Camera {
    /// QUERYCAP `driver`.
    public var driver = "fakecam"
    /// QUERYCAP `card`.
    public var card = "Fake Camera"
    /// QUERYCAP `bus_info`.
    public var busInfo = "usb-0000:00:14.0-1"
    /// QUERYCAP `device_caps` (`capabilities` adds V4L2_CAP_DEVICE_CAPS).
    public var deviceCaps = UInt32(V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING)
    /// What ENUM_FMT lists, in order.
    public var formats: [Format]
    /// `colorspace`, `ycbcr_enc`, `quantization` reported by S_FMT/G_FMT.
    public var colorspace: UInt32 = 8
    /// See `colorspace`.
    public var encoding: UInt32 = 0
    /// See `colorspace`.
    public var quantization: UInt32 = 0

    /// Controls by id with their driver names, for VIDIOC_QUERYCTRL and VIDIOC_S_CTRL.
    public var controls: [UInt32: String] = [:]

    /// Makes a camera with `formats`.
    public init(formats: [Format]) { self.formats = formats }

    /// A UVC-like webcam: YUYV and MJPEG at 640x480 and 1280x720, 30 and 15 fps, plus an
    /// emulated RGB3.
    public static var webcam: Camera {
      let sizes = FakeKernel.Sizes.discrete([
        FrameSize(width: 640, height: 480), FrameSize(width: 1280, height: 720),
      ])
      let rates = FakeKernel.Intervals.discrete([
        FrameInterval(framesPerSecond: 30), FrameInterval(framesPerSecond: 15),
      ])
      return Camera(formats: [
        Format(.yuyv, "YUYV 4:2:2", sizes: sizes, intervals: rates),
        Format(.mjpeg, "Motion-JPEG", sizes: sizes, intervals: rates),
        Format(
          PixelFormat(FourCC("RGB3")), "RGB3", isEmulated: true, sizes: sizes,
          intervals: rates),
      ])
    }
  }

  /// One format ENUM_FMT lists.
  public struct Format {
    /// The pixel format.
    public var format: PixelFormat
    /// ENUM_FMT `description`.
    public var description: String
    /// Sets V4L2_FMT_FLAG_EMULATED.
    public var isEmulated: Bool
    /// What ENUM_FRAMESIZES answers.
    public var sizes: Sizes
    /// What ENUM_FRAMEINTERVALS answers, for every size.
    public var intervals: Intervals

    /// Makes a format.
    public init(
      _ format: PixelFormat, _ description: String, isEmulated: Bool = false, sizes: Sizes,
      intervals: Intervals
    ) {
      self.format = format
      self.description = description
      self.isEmulated = isEmulated
      self.sizes = sizes
      self.intervals = intervals
    }
  }

  /// ENUM_FRAMESIZES answers.
  public enum Sizes {
    /// One entry per size.
    case discrete([FrameSize])
    /// One stepwise entry.
    case stepwise(min: FrameSize, max: FrameSize, step: FrameSize)
  }

  /// ENUM_FRAMEINTERVALS answers.
  public enum Intervals {
    /// One entry per interval.
    case discrete([FrameInterval])
    /// One stepwise entry.
    case stepwise(min: FrameInterval, max: FrameInterval, step: FrameInterval)
  }

  // MARK: Script

  /// The nodes, by path.
  public var cameras: [String: Camera]
  /// errno for `open` of a path (EACCES, ENOENT, EBUSY, ...).
  public var openErrors: [String: Int32] = [:]
  /// errno values returned, one per call, before a request succeeds (e.g. three EINTR).
  public var scriptedErrors: [V4L2Request: [Int32]] = [:]
  /// errno values returned by `poll`, one per call, before it answers normally.
  public var scriptedPollErrors: [Int32] = []
  /// After this many dequeued frames the device is unplugged: poll gives POLLERR|POLLHUP,
  /// DQBUF ENODEV, and the node no longer exists.
  public var disconnectAfterFrames: Int?
  /// While true, poll times out (answers 0) as if the camera stopped sending.
  public var isStalled = false
  /// After this many frames poll answers POLLHUP alone.
  public var hangUpAfterFrames: Int?
  /// After this many frames the driver fails the vivid `inject_fatal_streaming_error` way:
  /// poll answers POLLERR alone and DQBUF EIO, while the node stays.
  public var fatalErrorAfterFrames: Int?
  /// After this many frames the node vanishes the uvcvideo way: poll still says POLLIN but
  /// DQBUF fails EINVAL.
  public var vanishAfterFrames: Int?
  /// Sequence numbers whose buffer carries V4L2_BUF_FLAG_ERROR.
  public var errorFlagSequences: Set<UInt32> = []
  /// Added to the sequence number after each frame (2 means every other frame was dropped).
  public var sequenceStep: UInt32 = 1
  /// The most buffers REQBUFS grants.
  public var maximumBuffers: UInt32 = 8
  /// Capture timestamp of frame n: `firstTimestamp + n * interval`.
  public var firstTimestamp = MonotonicTime(nanoseconds: 5_000_000_000)
  /// Rewrites each dequeued buffer before the caller sees it: hostile driver answers (an index
  /// never mapped, a timestamp past the 64-bit range).
  public var tamperDequeued: ((inout v4l2_buffer) -> Void)?

  // MARK: Observations

  /// Every call in order: "open", "close", "mmap", "munmap", "poll" and request names.
  public internal(set) var calls: [String] = []
  /// Descriptors open now.
  public var openDescriptorCount: Int { descriptors.count }
  /// Mappings not yet unmapped.
  public internal(set) var liveMappings = 0
  /// Every VIDIOC_S_CTRL as (id, value), in order.
  public internal(set) var controlWrites: [(id: UInt32, value: Int32)] = []
  /// Frames dequeued so far.
  public internal(set) var framesDequeued = 0
  /// True between STREAMON and STREAMOFF (or REQBUFS 0).
  public internal(set) var isStreaming = false
  /// The format the last S_FMT settled on.
  public internal(set) var currentFormat: v4l2_pix_format
  /// The interval the last S_PARM settled on.
  public internal(set) var currentInterval = FrameInterval(framesPerSecond: 30)

  var descriptors: [Int32: String] = [:]
  var nextDescriptor: Int32 = 3
  var buffers: [FakeKernelBuffer] = []
  var queued: [Int] = []
  var nextSequence: UInt32 = 0
  var isUnplugged = false
  var removedNodes: Set<String> = []

  /// Makes a kernel with `cameras` (by default one webcam at /dev/video0).
  public init(cameras: [String: Camera] = ["/dev/video0": .webcam]) {
    self.cameras = cameras
    var format = v4l2_pix_format()
    format.width = 640
    format.height = 480
    format.pixelformat = PixelFormat.yuyv.fourCC.rawValue
    format.bytesperline = 1280
    format.sizeimage = 640 * 480 * 2
    currentFormat = format
  }

  deinit { for buffer in buffers { buffer.memory.deallocate() } }

  /// The request names of `calls`, without open/close/mmap/poll entries.
  public var requestNames: [String] { calls.filter { $0.hasPrefix("VIDIOC_") } }

  /// Unplugs the device now, as vivid's `disconnect` control does.
  public func unplug() { isUnplugged = true }

  // MARK: V4L2System

  /// Opens a scripted node.
  public func open(_ path: String, flags: Int32) throws(SystemCallError) -> Int32 {
    calls.append("open")
    if let code = openErrors[path] { throw SystemCallError(call: "open", errno: code) }
    guard cameras[path] != nil, !removedNodes.contains(path) else {
      throw SystemCallError(call: "open", errno: ENOENT)
    }
    let fd = nextDescriptor
    nextDescriptor += 1
    descriptors[fd] = path
    return fd
  }

  /// Forgets a descriptor.
  public func close(_ fd: Int32) {
    calls.append("close")
    descriptors[fd] = nil
  }

  /// Answers one request; see `FakeKernel+Requests.swift`.
  public func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    throws(SystemCallError) -> Int32
  {
    guard let path = descriptors[fd], let camera = cameras[path] else {
      throw SystemCallError(call: "ioctl", errno: EBADF)
    }
    guard let known = V4L2Request(code: request) else {
      calls.append("ioctl(\(request))")
      throw SystemCallError(call: "ioctl", errno: ENOTTY)
    }
    calls.append(known.name)
    try scriptedErrors.throwNextScriptedError(for: known)
    try answer(known, camera: camera, argument)
    return 0
  }

  /// Hands out the memory of the buffer whose QUERYBUF offset is `offset`.
  public func mmap(fd: Int32, length: Int, offset: Int) throws(SystemCallError)
    -> UnsafeMutableRawPointer
  {
    calls.append("mmap")
    guard let buffer = buffers.first(where: { $0.offset == offset }), length <= buffer.length
    else { throw SystemCallError(call: "mmap", errno: EINVAL) }
    liveMappings += 1
    return buffer.memory
  }

  /// Counts the unmapping.
  public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
    calls.append("munmap")
    liveMappings -= 1
  }

  /// Ready when a queued buffer exists while streaming; never sleeps (a timeout returns 0).
  public func poll(_ fd: Int32, events: Int16, timeoutMilliseconds: Int32) throws(SystemCallError)
    -> Int16
  {
    calls.append("poll")
    if !scriptedPollErrors.isEmpty {
      throw SystemCallError(call: "poll", errno: scriptedPollErrors.removeFirst())
    }
    if isUnplugged { return Int16(POLLERR | POLLHUP) }
    if let limit = hangUpAfterFrames, framesDequeued >= limit { return Int16(POLLHUP) }
    if let limit = fatalErrorAfterFrames, framesDequeued >= limit { return Int16(POLLERR) }
    return isStreaming && !queued.isEmpty && !isStalled ? Int16(POLLIN) : 0
  }

  /// False once the node was unplugged or vanished.
  public func nodeExists(_ path: String) -> Bool {
    cameras[path] != nil && !removedNodes.contains(path) && !isUnplugged
  }
}

/// One fake driver buffer.
struct FakeKernelBuffer {
  var memory: UnsafeMutableRawPointer
  var length: Int
  var offset: Int
}
