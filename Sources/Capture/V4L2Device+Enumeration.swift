// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

/// VIDIOC_ENUM_FMT, VIDIOC_ENUM_FRAMESIZES and VIDIOC_ENUM_FRAMEINTERVALS into
/// `DeviceCapabilities`.
extension V4L2Device {
  /// Every format, size and frame interval the node offers. Formats libv4l2 emulates on the
  /// CPU are kept but flagged `isEmulated`, so policy can prefer native ones.
  ///
  /// Capture thread only.
  public func capabilities() throws(CaptureError) -> DeviceCapabilities {
    var formats: [FormatChoice] = []
    for description in try formatDescriptions() {
      let format = PixelFormat(FourCC(rawValue: description.pixelformat))
      formats.append(
        FormatChoice(
          format: format, description: V4L2Device.string(fromCField: description.description),
          isEmulated: description.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0,
          sizes: try sizes(of: format)))
    }
    return DeviceCapabilities(formats: formats)
  }

  /// The pixel formats the device itself sends (not those libv4l2 emulates), without sizes:
  /// a cheap look for discovery.
  ///
  /// Capture thread only, or before a session owns the device.
  public func nativeFormats() throws(CaptureError) -> [PixelFormat] {
    try formatDescriptions().compactMap { description in
      guard description.flags & UInt32(V4L2_FMT_FLAG_EMULATED) == 0 else { return nil }
      return PixelFormat(FourCC(rawValue: description.pixelformat))
    }
  }

  /// Every `VIDIOC_ENUM_FMT` entry of the capture queue, in the driver's order.
  private func formatDescriptions() throws(CaptureError) -> [v4l2_fmtdesc] {
    try enumerate(.enumerateFormats) { index in
      var description = v4l2_fmtdesc()
      description.index = index
      description.type = V4L2Device.captureType
      return description
    }
  }

  /// The sizes of `format`: the discrete list, or common sizes inside a stepwise range.
  func sizes(of format: PixelFormat) throws(CaptureError) -> [SizeChoice] {
    let discrete = V4L2_FRMSIZE_TYPE_DISCRETE.rawValue
    let entries = try enumerate(
      .enumerateFrameSizes,
      { index in
        var entry = v4l2_frmsizeenum()
        entry.index = index
        entry.pixel_format = format.fourCC.rawValue
        return entry
      }, isRange: { $0.type != discrete })
    let sizes: [FrameSize]
    if let last = entries.last, last.type != discrete {
      let range = last.stepwise
      sizes = V4L2Device.commonSizes(
        min: FrameSize(width: Int(range.min_width), height: Int(range.min_height)),
        max: FrameSize(width: Int(range.max_width), height: Int(range.max_height)),
        step: FrameSize(width: Int(range.step_width), height: Int(range.step_height)))
    } else {
      sizes = entries.map {
        FrameSize(width: Int($0.discrete.width), height: Int($0.discrete.height))
      }
    }
    var choices: [SizeChoice] = []
    // A size outside 16 bits is damaged driver data: no stream could use it.
    for size in sizes where size.isValid {
      choices.append(SizeChoice(size: size, intervals: try intervals(of: format, size: size)))
    }
    return choices
  }

  /// The intervals of `format` at `size`: discrete, or one stepwise range.
  func intervals(of format: PixelFormat, size: FrameSize) throws(CaptureError)
    -> IntervalChoices
  {
    let discrete = V4L2_FRMIVAL_TYPE_DISCRETE.rawValue
    let entries = try enumerate(
      .enumerateFrameIntervals,
      { index in
        var entry = v4l2_frmivalenum()
        entry.index = index
        entry.pixel_format = format.fourCC.rawValue
        entry.width = UInt32(size.width)
        entry.height = UInt32(size.height)
        return entry
      }, isRange: { $0.type != discrete })
    if let last = entries.last, last.type != discrete {
      let range = last.stepwise
      return .stepwise(
        min: V4L2Device.interval(range.min), max: V4L2Device.interval(range.max),
        step: V4L2Device.interval(range.step))
    }
    return .discrete(entries.map { V4L2Device.interval($0.discrete) })
  }

  /// Asks `request` for entries 0, 1, 2, … in turn, each made by `make(index)`, until the
  /// driver answers that there are no more (EINVAL). An entry for which `isRange` holds stands
  /// for a whole stepwise or continuous range; the driver sends it alone, so it ends the walk.
  private func enumerate<Entry>(
    _ request: V4L2Request, _ make: (UInt32) -> Entry,
    isRange: (Entry) -> Bool = { _ in false }
  ) throws(CaptureError) -> [Entry] {
    var entries: [Entry] = []
    while true {
      var entry = make(UInt32(entries.count))
      guard try ioctl(request, &entry) == .done else { break }
      entries.append(entry)
      if isRange(entry) { break }
    }
    return entries
  }

  /// Sizes offered for a stepwise or continuous range: the usual camera sizes that the range
  /// and its step can produce, plus the maximum, smallest first.
  public static func commonSizes(min: FrameSize, max: FrameSize, step: FrameSize) -> [FrameSize] {
    func fits(_ value: Int, _ low: Int, _ high: Int, _ step: Int) -> Bool {
      value >= low && value <= high && (step <= 1 || (value - low) % step == 0)
    }
    var sizes = commonCameraSizes.filter {
      fits($0.width, min.width, max.width, step.width)
        && fits($0.height, min.height, max.height, step.height)
    }
    if !sizes.contains(max) { sizes.append(max) }
    return sizes.sorted()
  }

  /// Sizes webcams and phone sensors commonly stream (QVGA to 4K).
  static let commonCameraSizes: [FrameSize] = [
    (160, 120), (320, 240), (640, 360), (640, 480), (800, 600), (1024, 768), (1280, 720),
    (1280, 960), (1600, 1200), (1920, 1080), (2560, 1440), (3840, 2160),
  ].map { FrameSize(width: $0.0, height: $0.1) }

  /// A V4L2 fraction as a `FrameInterval`.
  static func interval(_ fraction: v4l2_fract) -> FrameInterval {
    FrameInterval(numerator: Int(fraction.numerator), denominator: Int(fraction.denominator))
  }
}
