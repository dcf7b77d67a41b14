// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// VIDIOC_S_FMT and VIDIOC_S_PARM: asking for a mode and reading what the driver chose.
extension V4L2Device {
  /// Sets format and size (S_FMT), then the frame interval (S_PARM), and compares the driver's
  /// answers with the request. Stops streaming first if needed.
  ///
  /// Capture thread only.
  public func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    stopStreaming()
    configuration = nil
    var format = v4l2_format()
    format.type = V4L2Device.captureType
    format.fmt.pix.width = UInt32(clamping: mode.size.width)
    format.fmt.pix.height = UInt32(clamping: mode.size.height)
    format.fmt.pix.pixelformat = mode.format.fourCC.rawValue
    // FIELD_ANY lets the driver pick; webcams answer FIELD_NONE (progressive).
    format.fmt.pix.field = V4L2_FIELD_ANY.rawValue
    do {
      try ioctl(.setFormat, &format)
    } catch .system(_, EINVAL) {
      // Drivers should adjust rather than refuse, but some refuse what they cannot do.
      return .invalid(reason: "\(info.name) refused \(mode.format) \(mode.size).")
    }
    let pix = format.fmt.pix
    guard pix.width > 0, pix.height > 0 else {
      return .invalid(reason: "\(info.name) answered \(mode) with an empty frame size.")
    }
    guard V4L2Device.isPlausible(pix) else {
      return .invalid(
        reason: "\(info.name) answered \(mode) with an impossible frame layout "
          + "(\(pix.width)x\(pix.height), \(pix.bytesperline) bytes per line).")
    }
    let actualFormat = PixelFormat(FourCC(rawValue: pix.pixelformat))
    let actualSize = FrameSize(width: Int(pix.width), height: Int(pix.height))
    let actualInterval = try setInterval(mode.interval)
    let actual = CaptureMode(format: actualFormat, size: actualSize, interval: actualInterval)
    configuration = V4L2Configuration(
      mode: actual, bytesPerLine: actualFormat.isCompressed ? 0 : Int(pix.bytesperline),
      sizeImage: Int(pix.sizeimage),
      colorimetry: V4L2Configuration.colorimetry(
        format: actualFormat, size: actualSize, colorspace: pix.colorspace,
        encoding: UInt32(pix.ycbcr_enc), quantization: UInt32(pix.quantization)))
    return actual == mode ? .valid(mode) : .adjusted(requested: mode, actual: actual)
  }

  /// Asks for `interval` with S_PARM and returns the interval in force. A driver without
  /// frame-rate control (EINVAL/ENOTTY, or a zero answer) is taken to run at the request,
  /// which is all Pinhole can know; an equal fraction in other terms (1000/30000) reads as
  /// the request so it does not count as an adjustment.
  func setInterval(_ interval: FrameInterval) throws(CaptureError) -> FrameInterval {
    var parameters = v4l2_streamparm()
    parameters.type = V4L2Device.captureType
    parameters.parm.capture.timeperframe = v4l2_fract(
      numerator: UInt32(clamping: interval.numerator),
      denominator: UInt32(clamping: interval.denominator))
    do {
      try ioctl(.setParameters, &parameters)
    } catch .system(_, let code) where code == EINVAL || code == ENOTTY {
      return interval
    }
    let answer = V4L2Device.interval(parameters.parm.capture.timeperframe)
    guard answer.numerator > 0, answer.denominator > 0 else { return interval }
    let isSame = !(answer < interval) && !(interval < answer)
    return isSame ? interval : answer
  }

  /// The format in force when `startStreaming` comes without `configure`: read with G_FMT.
  func currentConfiguration() throws(CaptureError) -> V4L2Configuration {
    var format = v4l2_format()
    format.type = V4L2Device.captureType
    try ioctl(.getFormat, &format)
    var parameters = v4l2_streamparm()
    parameters.type = V4L2Device.captureType
    let interval: FrameInterval
    do {
      try ioctl(.getParameters, &parameters)
      interval = V4L2Device.interval(parameters.parm.capture.timeperframe)
    } catch .system {
      interval = FrameInterval(framesPerSecond: 30)
    }
    let pix = format.fmt.pix
    guard V4L2Device.isPlausible(pix) else {
      throw .system(call: V4L2Request.getFormat.name, errno: EINVAL)
    }
    let pixelFormat = PixelFormat(FourCC(rawValue: pix.pixelformat))
    let size = FrameSize(width: Int(pix.width), height: Int(pix.height))
    return V4L2Configuration(
      mode: CaptureMode(format: pixelFormat, size: size, interval: interval),
      bytesPerLine: pixelFormat.isCompressed ? 0 : Int(pix.bytesperline),
      sizeImage: Int(pix.sizeimage),
      colorimetry: V4L2Configuration.colorimetry(
        format: pixelFormat, size: size, colorspace: pix.colorspace,
        encoding: UInt32(pix.ycbcr_enc), quantization: UInt32(pix.quantization)))
  }

  /// The most bytes one row may take: four bytes for each of 65535 pixels, with room for
  /// padding. Larger answers are damaged driver data, refused before any plane arithmetic.
  static let largestBytesPerLine = 1 << 20

  /// True when a format answer's sizes are ones a real stream can have (`FrameSize.validSides`,
  /// `largestBytesPerLine`), so the frame layout computed from them cannot overflow.
  static func isPlausible(_ pix: v4l2_pix_format) -> Bool {
    isPlausible(width: pix.width, height: pix.height, bytesPerLine: pix.bytesperline)
  }

  /// The check of `isPlausible(_:)` on the three numbers it reads.
  static func isPlausible(width: UInt32, height: UInt32, bytesPerLine: UInt32) -> Bool {
    FrameSize(width: Int(width), height: Int(height)).isValid
      && Int(bytesPerLine) <= largestBytesPerLine
  }
}
