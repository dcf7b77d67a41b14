import CV4L2
import CameraModel
import Capture
// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// The fake driver's answers to each request.
extension FakeKernel {
  func answer(_ request: V4L2Request, camera: Camera, _ argument: UnsafeMutableRawPointer)
    throws(SystemCallError)
  {
    switch request {
    case .queryCapabilities:
      queryCapabilities(camera, argument.assumingMemoryBound(to: v4l2_capability.self))
    case .enumerateFormats:
      try enumerateFormat(camera, argument.assumingMemoryBound(to: v4l2_fmtdesc.self))
    case .enumerateFrameSizes:
      try enumerateSize(camera, argument.assumingMemoryBound(to: v4l2_frmsizeenum.self))
    case .enumerateFrameIntervals:
      try enumerateInterval(camera, argument.assumingMemoryBound(to: v4l2_frmivalenum.self))
    case .setFormat:
      setFormat(camera, argument.assumingMemoryBound(to: v4l2_format.self))
    case .getFormat:
      argument.assumingMemoryBound(to: v4l2_format.self).pointee.fmt.pix = currentFormat
    case .setParameters, .getParameters:
      setParameters(camera, argument.assumingMemoryBound(to: v4l2_streamparm.self), request)
    case .requestBuffers:
      requestBuffers(argument.assumingMemoryBound(to: v4l2_requestbuffers.self))
    case .queryBuffer:
      try queryBuffer(argument.assumingMemoryBound(to: v4l2_buffer.self))
    case .queueBuffer:
      try queueBuffer(argument.assumingMemoryBound(to: v4l2_buffer.self))
    case .dequeueBuffer:
      try dequeueBuffer(argument.assumingMemoryBound(to: v4l2_buffer.self))
    case .streamOn:
      guard !buffers.isEmpty else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
      isStreaming = true
    case .streamOff:
      if isUnplugged { throw SystemCallError(call: "ioctl", errno: ENODEV) }
      isStreaming = false
      queued = []
    case .queryControl:
      try queryControl(camera, argument.assumingMemoryBound(to: v4l2_queryctrl.self))
    case .setControl:
      let control = argument.assumingMemoryBound(to: v4l2_control.self).pointee
      guard camera.controls[control.id] != nil else {
        throw SystemCallError(call: "ioctl", errno: EINVAL)
      }
      controlWrites.append((control.id, control.value))
    default:
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
  }

  /// Answers an exact id, or with V4L2_CTRL_FLAG_NEXT_CTRL the next larger one.
  private func queryControl(_ camera: Camera, _ query: UnsafeMutablePointer<v4l2_queryctrl>)
    throws(SystemCallError)
  {
    let next = UInt32(V4L2_CTRL_FLAG_NEXT_CTRL)
    let asked = query.pointee.id
    let id: UInt32?
    if asked & next != 0 {
      id = camera.controls.keys.filter { $0 > asked & ~next }.min()
    } else {
      id = camera.controls[asked] == nil ? nil : asked
    }
    guard let id, let name = camera.controls[id] else {
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
    query.pointee = v4l2_queryctrl()
    query.pointee.id = id
    query.pointee.type = V4L2_CTRL_TYPE_INTEGER.rawValue
    FakeKernel.write(name, into: &query.pointee.name)
  }

  private func queryCapabilities(_ camera: Camera, _ caps: UnsafeMutablePointer<v4l2_capability>) {
    caps.pointee = v4l2_capability()
    FakeKernel.write(camera.driver, into: &caps.pointee.driver)
    FakeKernel.write(camera.card, into: &caps.pointee.card)
    FakeKernel.write(camera.busInfo, into: &caps.pointee.bus_info)
    caps.pointee.device_caps = camera.deviceCaps
    caps.pointee.capabilities = camera.deviceCaps | UInt32(V4L2_CAP_DEVICE_CAPS)
  }

  private func enumerateFormat(_ camera: Camera, _ entry: UnsafeMutablePointer<v4l2_fmtdesc>)
    throws(SystemCallError)
  {
    let index = Int(entry.pointee.index)
    guard index < camera.formats.count else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
    let format = camera.formats[index]
    entry.pointee.pixelformat = format.format.fourCC.rawValue
    entry.pointee.flags = format.isEmulated ? UInt32(V4L2_FMT_FLAG_EMULATED) : 0
    FakeKernel.write(format.description, into: &entry.pointee.description)
  }

  /// The camera's format with four-character code `code`; EINVAL, as a driver answers, for
  /// any other.
  private static func format(_ code: UInt32, of camera: Camera) throws(SystemCallError) -> Format {
    guard let format = camera.formats.first(where: { $0.format.fourCC.rawValue == code }) else {
      throw SystemCallError(call: "ioctl", errno: EINVAL)
    }
    return format
  }

  private func enumerateSize(_ camera: Camera, _ entry: UnsafeMutablePointer<v4l2_frmsizeenum>)
    throws(SystemCallError)
  {
    let format = try Self.format(entry.pointee.pixel_format, of: camera)
    let index = Int(entry.pointee.index)
    switch format.sizes {
    case .discrete(let sizes):
      guard index < sizes.count else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
      entry.pointee.type = V4L2_FRMSIZE_TYPE_DISCRETE.rawValue
      entry.pointee.discrete.width = UInt32(sizes[index].width)
      entry.pointee.discrete.height = UInt32(sizes[index].height)
    case .stepwise(let min, let max, let step):
      guard index == 0 else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
      entry.pointee.type = V4L2_FRMSIZE_TYPE_STEPWISE.rawValue
      entry.pointee.stepwise = v4l2_frmsize_stepwise(
        min_width: UInt32(min.width), max_width: UInt32(max.width),
        step_width: UInt32(step.width), min_height: UInt32(min.height),
        max_height: UInt32(max.height), step_height: UInt32(step.height))
    }
  }

  private func enumerateInterval(
    _ camera: Camera, _ entry: UnsafeMutablePointer<v4l2_frmivalenum>
  ) throws(SystemCallError) {
    let format = try Self.format(entry.pointee.pixel_format, of: camera)
    let index = Int(entry.pointee.index)
    switch format.intervals {
    case .discrete(let intervals):
      guard index < intervals.count else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
      entry.pointee.type = V4L2_FRMIVAL_TYPE_DISCRETE.rawValue
      entry.pointee.discrete = FakeKernel.fraction(intervals[index])
    case .stepwise(let min, let max, let step):
      guard index == 0 else { throw SystemCallError(call: "ioctl", errno: EINVAL) }
      entry.pointee.type = V4L2_FRMIVAL_TYPE_STEPWISE.rawValue
      entry.pointee.stepwise = v4l2_frmival_stepwise(
        min: FakeKernel.fraction(min), max: FakeKernel.fraction(max),
        step: FakeKernel.fraction(step))
    }
  }

  /// Keeps a listed format (else the first), the nearest listed size at or above the request
  /// (else the largest), and reports layout and colour facts as a driver would.
  private func setFormat(_ camera: Camera, _ format: UnsafeMutablePointer<v4l2_format>) {
    var pix = format.pointee.fmt.pix
    let chosen =
      camera.formats.first { $0.format.fourCC.rawValue == pix.pixelformat } ?? camera.formats[0]
    let size = FakeKernel.nearest(
      FrameSize(width: Int(pix.width), height: Int(pix.height)), in: chosen.sizes)
    pix.pixelformat = chosen.format.fourCC.rawValue
    pix.width = UInt32(size.width)
    pix.height = UInt32(size.height)
    pix.field = V4L2_FIELD_NONE.rawValue
    let layout = FakeKernel.layout(chosen.format, size)
    pix.bytesperline = UInt32(layout.bytesPerLine)
    pix.sizeimage = UInt32(layout.sizeImage)
    pix.colorspace = camera.colorspace
    pix.ycbcr_enc = camera.encoding
    pix.quantization = camera.quantization
    format.pointee.fmt.pix = pix
    currentFormat = pix
  }

  private func setParameters(
    _ camera: Camera, _ parameters: UnsafeMutablePointer<v4l2_streamparm>, _ request: V4L2Request
  ) {
    if request == .setParameters {
      let asked = parameters.pointee.parm.capture.timeperframe
      let wanted = FrameInterval(
        numerator: Int(asked.numerator), denominator: Int(asked.denominator))
      let format = camera.formats.first { $0.format.fourCC.rawValue == currentFormat.pixelformat }
      switch format?.intervals {
      case .discrete(let list)?:
        currentInterval = list.contains(wanted) ? wanted : (list.min() ?? wanted)
      case .stepwise(let min, let max, _)?:
        currentInterval = wanted < min ? min : (max < wanted ? max : wanted)
      case nil:
        currentInterval = wanted
      }
    }
    parameters.pointee.parm.capture.capability = UInt32(V4L2_CAP_TIMEPERFRAME)
    parameters.pointee.parm.capture.timeperframe = FakeKernel.fraction(currentInterval)
  }

  // MARK: Helpers

  static func write<Field>(_ text: String, into field: inout Field) {
    withUnsafeMutableBytes(of: &field) { raw in
      raw.initializeMemory(as: UInt8.self, repeating: 0)
      for (offset, byte) in text.utf8.prefix(raw.count - 1).enumerated() { raw[offset] = byte }
    }
  }

  static func fraction(_ interval: FrameInterval) -> v4l2_fract {
    v4l2_fract(numerator: UInt32(interval.numerator), denominator: UInt32(interval.denominator))
  }

  static func nearest(_ wanted: FrameSize, in sizes: Sizes) -> FrameSize {
    switch sizes {
    case .discrete(let list):
      if list.contains(wanted) { return wanted }
      return list.sorted().first { $0.width >= wanted.width && $0.height >= wanted.height }
        ?? list.max() ?? wanted
    case .stepwise(let min, let max, _):
      return FrameSize(
        width: Swift.min(Swift.max(wanted.width, min.width), max.width),
        height: Swift.min(Swift.max(wanted.height, min.height), max.height))
    }
  }

  /// bytesperline and sizeimage of a few formats; compressed frames get a 2-bytes-a-pixel
  /// worst case, as uvcvideo reports.
  static func layout(_ format: PixelFormat, _ size: FrameSize) -> (
    bytesPerLine: Int, sizeImage: Int
  ) {
    switch format {
    case .nv12, .nv21, .yu12, .yv12: (size.width, size.width * size.height * 3 / 2)
    case .grey: (size.width, size.width * size.height)
    case .mjpeg, .jpeg: (0, size.width * size.height * 2)
    case PixelFormat(FourCC("RGB3")): (size.width * 3, size.width * size.height * 3)
    default: (size.width * 2, size.width * size.height * 2)
    }
  }
}
