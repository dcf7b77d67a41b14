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
    var descriptions: [v4l2_fmtdesc] = []
    while true {
      var description = v4l2_fmtdesc()
      description.index = UInt32(descriptions.count)
      description.type = V4L2Device.captureType
      guard try ioctl(.enumerateFormats, &description) == .done else { break }
      descriptions.append(description)
    }
    return descriptions
  }

  /// The sizes of `format`: the discrete list, or common sizes inside a stepwise range.
  func sizes(of format: PixelFormat) throws(CaptureError) -> [SizeChoice] {
    var sizes: [FrameSize] = []
    var index: UInt32 = 0
    while true {
      var entry = v4l2_frmsizeenum()
      entry.index = index
      entry.pixel_format = format.fourCC.rawValue
      guard try ioctl(.enumerateFrameSizes, &entry) == .done else { break }
      if entry.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
        sizes.append(
          FrameSize(width: Int(entry.discrete.width), height: Int(entry.discrete.height)))
        index += 1
        continue
      }
      // Stepwise and continuous ranges come as a single entry at index 0.
      let range = entry.stepwise
      sizes = V4L2Device.commonSizes(
        min: FrameSize(width: Int(range.min_width), height: Int(range.min_height)),
        max: FrameSize(width: Int(range.max_width), height: Int(range.max_height)),
        step: FrameSize(width: Int(range.step_width), height: Int(range.step_height)))
      break
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
    var list: [FrameInterval] = []
    var index: UInt32 = 0
    while true {
      var entry = v4l2_frmivalenum()
      entry.index = index
      entry.pixel_format = format.fourCC.rawValue
      entry.width = UInt32(size.width)
      entry.height = UInt32(size.height)
      guard try ioctl(.enumerateFrameIntervals, &entry) == .done else { break }
      if entry.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
        list.append(V4L2Device.interval(entry.discrete))
        index += 1
        continue
      }
      let range = entry.stepwise
      return .stepwise(
        min: V4L2Device.interval(range.min), max: V4L2Device.interval(range.max),
        step: V4L2Device.interval(range.step))
    }
    return .discrete(list)
  }

  /// Sizes offered for a stepwise or continuous range: the usual camera sizes that the range
  /// and its step can produce, plus the maximum, smallest first.
  static func commonSizes(min: FrameSize, max: FrameSize, step: FrameSize) -> [FrameSize] {
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
