// SPDX-License-Identifier: MIT
import CV4L2

/// One control of `FakeControlKernel`, described as a driver would.
public struct FakeControl {
  /// The control ID.
  public var id: UInt32
  /// The driver's name.
  public var name: String
  /// `V4L2_CTRL_TYPE_*`.
  public var type: UInt32
  /// Smallest value.
  public var minimum: Int64
  /// Largest value (the valid bits for a bitmask).
  public var maximum: Int64
  /// Step.
  public var step: Int64
  /// Default.
  public var defaultValue: Int64
  /// Current value.
  public var value: Int64
  /// Fixed `V4L2_CTRL_FLAG_*` bits; INACTIVE is added while `master` is in automatic mode.
  public var flags: UInt32 = 0
  /// Menu entry names by index (menus), or numbers (integer menus); missing indices are holes.
  public var menu: [Int64: String] = [:]
  /// The automatic-mode control this manual one depends on, and the master's value that means
  /// manual. While the master has another value the control is inactive and, as uvcvideo does,
  /// refuses writes with EACCES unless the same S_EXT_CTRLS switches the master to manual.
  public var master: (id: UInt32, manualValue: Int64)?
  /// Array dimensions (non-zero makes it a compound control).
  public var dimensions: UInt32 = 0
  /// The current value of a compound control, as the bytes `ptr` carries (a `v4l2_rect` for
  /// a RECT control); empty for the others.
  public var payload: [UInt8] = []

  /// Makes a control.
  public init(
    _ id: UInt32, _ name: String, type: v4l2_ctrl_type, range: ClosedRange<Int64> = 0...0,
    step: Int64 = 1, defaultValue: Int64 = 0, flags: UInt32 = 0, menu: [Int64: String] = [:],
    master: (id: UInt32, manualValue: Int64)? = nil
  ) {
    self.id = id
    self.name = name
    self.type = type.rawValue
    minimum = range.lowerBound
    maximum = range.upperBound
    self.step = step
    self.defaultValue = defaultValue
    value = defaultValue
    self.flags = flags
    self.menu = menu
    self.master = master
  }

  /// True for string and compound controls, which carry no single number.
  var isCompound: Bool { dimensions > 0 || type >= 0x100 }

  /// `V4L2_CTRL_TYPE_RECT` (Linux 6.12; Debian 12's headers lack it).
  public static let rectangleType = v4l2_ctrl_type(rawValue: 0x0107)

  /// True for a RECT control, the one compound control the fake takes writes for.
  var isRectangle: Bool { type == FakeControl.rectangleType.rawValue && dimensions == 0 }

  /// A webcam's controls, uvcvideo style, plus one of each kind vivid has: a user class
  /// heading, brightness (slider), contrast, auto gain and gain, a disabled control, a button, a
  /// string, an integer menu with a hole, a 64-bit integer, a bitmask, and the camera class with
  /// the auto-exposure menu (holes at 0 and 2), exposure time, autofocus and manual focus.
  public static var webcam: [FakeControl] {
    let flag = { (bit: Int32) in UInt32(bit) }
    return [
      FakeControl(0x0098_0001, "User Controls", type: V4L2_CTRL_TYPE_CTRL_CLASS),
      FakeControl(
        0x0098_0900, "Brightness", type: V4L2_CTRL_TYPE_INTEGER, range: 0...255,
        defaultValue: 128, flags: flag(V4L2_CTRL_FLAG_SLIDER)),
      FakeControl(
        0x0098_0901, "Contrast", type: V4L2_CTRL_TYPE_INTEGER, range: 0...100, step: 10,
        defaultValue: 50),
      FakeControl(
        0x0098_0912, "Gain, Automatic", type: V4L2_CTRL_TYPE_BOOLEAN, range: 0...1,
        defaultValue: 0, flags: flag(V4L2_CTRL_FLAG_UPDATE)),
      FakeControl(
        0x0098_0913, "Gain", type: V4L2_CTRL_TYPE_INTEGER, range: 0...255, defaultValue: 100,
        master: (0x0098_0912, 0)),
      FakeControl(
        0x0098_0914, "Horizontal Flip", type: V4L2_CTRL_TYPE_BOOLEAN, range: 0...1,
        flags: flag(V4L2_CTRL_FLAG_DISABLED)),
      FakeControl(
        0x0098_f901, "Button", type: V4L2_CTRL_TYPE_BUTTON, flags: flag(V4L2_CTRL_FLAG_WRITE_ONLY)),
      FakeControl(0x0098_f905, "String", type: V4L2_CTRL_TYPE_STRING, range: 2...10),
      FakeControl(
        0x0098_f906, "Integer Menu", type: V4L2_CTRL_TYPE_INTEGER_MENU, range: 0...3,
        defaultValue: 1, menu: [0: "1000", 1: "2000", 3: "-8000"]),
      FakeControl(
        0x0098_f907, "Integer 64 Bits", type: V4L2_CTRL_TYPE_INTEGER64,
        range: -0x1_0000_0000...0x1_0000_0000, defaultValue: 0x1_0000_0000),
      FakeControl(
        0x0098_f908, "Bitmask", type: V4L2_CTRL_TYPE_BITMASK, range: 0...0x0f0f, step: 0,
        defaultValue: 0x0101),
      FakeControl(0x009a_0001, "Camera Controls", type: V4L2_CTRL_TYPE_CTRL_CLASS),
      FakeControl(
        0x009a_0901, "Auto Exposure", type: V4L2_CTRL_TYPE_MENU, range: 0...3, defaultValue: 3,
        flags: flag(V4L2_CTRL_FLAG_UPDATE),
        menu: [1: "Manual Mode", 3: "Aperture Priority Mode"]),
      FakeControl(
        0x009a_0902, "Exposure Time, Absolute", type: V4L2_CTRL_TYPE_INTEGER, range: 3...2047,
        defaultValue: 250, master: (0x009a_0901, 1)),
      FakeControl(
        0x009a_090a, "Focus, Absolute", type: V4L2_CTRL_TYPE_INTEGER, range: 0...250, step: 5,
        defaultValue: 0, master: (0x009a_090c, 0)),
      FakeControl(
        0x009a_090c, "Focus, Automatic Continuous", type: V4L2_CTRL_TYPE_BOOLEAN, range: 0...1,
        defaultValue: 1, flags: flag(V4L2_CTRL_FLAG_UPDATE)),
    ]
  }
}
