// SPDX-License-Identifier: MIT
import CV4L2

/// A V4L2 ioctl request: its code and the name logs and errors show.
public struct V4L2Request: Hashable, Sendable, CustomStringConvertible {
  /// The request code passed to `ioctl`.
  public let code: UInt
  /// The kernel's name for it ("VIDIOC_S_FMT").
  public let name: String

  private init(_ name: String, _ code: UInt) {
    self.name = name
    self.code = code
  }

  /// "VIDIOC_S_FMT".
  public var description: String { name }

  /// True for the enumeration requests, whose EINVAL means "no more entries", not an error.
  public var isEnumeration: Bool {
    self == .enumerateFormats || self == .enumerateFrameSizes
      || self == .enumerateFrameIntervals || self == .queryControl
      || self == .queryExtendedControl || self == .queryMenu
  }

  /// VIDIOC_QUERYCAP: driver, card, bus and capability flags.
  public static let queryCapabilities = V4L2Request("VIDIOC_QUERYCAP", CV4L2_VIDIOC_QUERYCAP)
  /// VIDIOC_ENUM_FMT: the pixel formats, one index at a time.
  public static let enumerateFormats = V4L2Request("VIDIOC_ENUM_FMT", CV4L2_VIDIOC_ENUM_FMT)
  /// VIDIOC_ENUM_FRAMESIZES: the sizes of one format.
  public static let enumerateFrameSizes = V4L2Request(
    "VIDIOC_ENUM_FRAMESIZES", CV4L2_VIDIOC_ENUM_FRAMESIZES)
  /// VIDIOC_ENUM_FRAMEINTERVALS: the intervals of one format and size.
  public static let enumerateFrameIntervals = V4L2Request(
    "VIDIOC_ENUM_FRAMEINTERVALS", CV4L2_VIDIOC_ENUM_FRAMEINTERVALS)
  /// VIDIOC_QUERYCTRL: one control's range, used to find a control by name.
  public static let queryControl = V4L2Request("VIDIOC_QUERYCTRL", CV4L2_VIDIOC_QUERYCTRL)
  /// VIDIOC_S_CTRL: sets one control.
  public static let setControl = V4L2Request("VIDIOC_S_CTRL", CV4L2_VIDIOC_S_CTRL)
  /// VIDIOC_G_CTRL: reads one control (drivers without the extended-control API).
  public static let getControl = V4L2Request("VIDIOC_G_CTRL", CV4L2_VIDIOC_G_CTRL)
  /// VIDIOC_QUERY_EXT_CTRL: one control's type, 64-bit range, flags and dimensions.
  public static let queryExtendedControl = V4L2Request(
    "VIDIOC_QUERY_EXT_CTRL", CV4L2_VIDIOC_QUERY_EXT_CTRL)
  /// VIDIOC_QUERYMENU: the name (or number) of one menu entry.
  public static let queryMenu = V4L2Request("VIDIOC_QUERYMENU", CV4L2_VIDIOC_QUERYMENU)
  /// VIDIOC_G_EXT_CTRLS: reads several controls in one call.
  public static let getExtendedControls = V4L2Request(
    "VIDIOC_G_EXT_CTRLS", CV4L2_VIDIOC_G_EXT_CTRLS)
  /// VIDIOC_S_EXT_CTRLS: sets several controls at once; the driver applies all or none.
  public static let setExtendedControls = V4L2Request(
    "VIDIOC_S_EXT_CTRLS", CV4L2_VIDIOC_S_EXT_CTRLS)
  /// VIDIOC_SUBSCRIBE_EVENT: asks for an event (here a control's changes) on this descriptor.
  public static let subscribeEvent = V4L2Request(
    "VIDIOC_SUBSCRIBE_EVENT", CV4L2_VIDIOC_SUBSCRIBE_EVENT)
  /// VIDIOC_DQEVENT: takes the oldest pending event.
  public static let dequeueEvent = V4L2Request("VIDIOC_DQEVENT", CV4L2_VIDIOC_DQEVENT)
  /// VIDIOC_G_FMT: the current format.
  public static let getFormat = V4L2Request("VIDIOC_G_FMT", CV4L2_VIDIOC_G_FMT)
  /// VIDIOC_S_FMT: sets the format; the driver writes back what it chose.
  public static let setFormat = V4L2Request("VIDIOC_S_FMT", CV4L2_VIDIOC_S_FMT)
  /// VIDIOC_G_PARM: the current frame interval.
  public static let getParameters = V4L2Request("VIDIOC_G_PARM", CV4L2_VIDIOC_G_PARM)
  /// VIDIOC_S_PARM: sets the frame interval; the driver writes back what it chose.
  public static let setParameters = V4L2Request("VIDIOC_S_PARM", CV4L2_VIDIOC_S_PARM)
  /// VIDIOC_REQBUFS: allocates (or, with count 0, frees) driver buffers.
  public static let requestBuffers = V4L2Request("VIDIOC_REQBUFS", CV4L2_VIDIOC_REQBUFS)
  /// VIDIOC_QUERYBUF: a buffer's length and mmap offset.
  public static let queryBuffer = V4L2Request("VIDIOC_QUERYBUF", CV4L2_VIDIOC_QUERYBUF)
  /// VIDIOC_QBUF: hands a buffer to the driver.
  public static let queueBuffer = V4L2Request("VIDIOC_QBUF", CV4L2_VIDIOC_QBUF)
  /// VIDIOC_DQBUF: takes a filled buffer from the driver.
  public static let dequeueBuffer = V4L2Request("VIDIOC_DQBUF", CV4L2_VIDIOC_DQBUF)
  /// VIDIOC_STREAMON: starts the stream.
  public static let streamOn = V4L2Request("VIDIOC_STREAMON", CV4L2_VIDIOC_STREAMON)
  /// VIDIOC_STREAMOFF: stops the stream and returns all buffers.
  public static let streamOff = V4L2Request("VIDIOC_STREAMOFF", CV4L2_VIDIOC_STREAMOFF)

  /// Every request Pinhole issues, for naming codes in logs and fakes.
  public static let all: [V4L2Request] = [
    .queryCapabilities, .enumerateFormats, .enumerateFrameSizes, .enumerateFrameIntervals,
    .queryControl, .setControl, .getFormat, .setFormat, .getParameters, .setParameters,
    .requestBuffers, .queryBuffer, .queueBuffer, .dequeueBuffer, .streamOn, .streamOff,
    .getControl, .queryExtendedControl, .queryMenu, .getExtendedControls, .setExtendedControls,
    .subscribeEvent, .dequeueEvent,
  ]

  /// The request with `code`, if Pinhole knows it.
  public init?(code: UInt) {
    guard let known = V4L2Request.all.first(where: { $0.code == code }) else { return nil }
    self = known
  }
}
