// SPDX-License-Identifier: MIT

/// A V4L2 control ID (`V4L2_CID_*`), or one of Pinhole's simulated camera's, which use the same
/// numbers so the rest of the app cannot tell them apart.
public struct ControlID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The 32-bit control ID.
  public var rawValue: UInt32

  /// Wraps an ID.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Orders by ID, which groups controls by class.
  public static func < (a: ControlID, b: ControlID) -> Bool { a.rawValue < b.rawValue }

  /// "0x009a090a".
  public var description: String {
    let hex = String(rawValue, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
  }

  /// The control class: the upper 16 bits (0x0098 user, 0x009a camera, 0x009c flash).
  public var controlClass: UInt32 { rawValue & 0xffff_0000 }

  /// `V4L2_CID_BRIGHTNESS`.
  public static let brightness = ControlID(rawValue: 0x0098_0900)
  /// `V4L2_CID_CONTRAST`.
  public static let contrast = ControlID(rawValue: 0x0098_0901)
  /// `V4L2_CID_SATURATION`.
  public static let saturation = ControlID(rawValue: 0x0098_0902)
  /// `V4L2_CID_AUTOGAIN`.
  public static let autoGain = ControlID(rawValue: 0x0098_0912)
  /// `V4L2_CID_GAIN`.
  public static let gain = ControlID(rawValue: 0x0098_0913)
  /// `V4L2_CID_EXPOSURE_AUTO` (menu: 0 auto, 1 manual, 2 shutter priority, 3 aperture priority).
  public static let exposureAuto = ControlID(rawValue: 0x009a_0901)
  /// `V4L2_CID_EXPOSURE_ABSOLUTE`, in 100 µs units.
  public static let exposureAbsolute = ControlID(rawValue: 0x009a_0902)
  /// `V4L2_CID_FOCUS_ABSOLUTE`.
  public static let focusAbsolute = ControlID(rawValue: 0x009a_090a)
  /// `V4L2_CID_FOCUS_AUTO` (continuous autofocus on/off).
  public static let focusAuto = ControlID(rawValue: 0x009a_090c)
  /// `V4L2_CID_AUTO_EXPOSURE_BIAS`.
  public static let autoExposureBias = ControlID(rawValue: 0x009a_0913)
  /// `V4L2_CID_AUTO_FOCUS_START` (a button: sensor drivers run one AF scan).
  public static let autoFocusStart = ControlID(rawValue: 0x009a_091c)
  /// `V4L2_CID_AUTO_FOCUS_STATUS`.
  public static let autoFocusStatus = ControlID(rawValue: 0x009a_091e)
  /// `V4L2_CID_UVC_REGION_OF_INTEREST_RECT` (UVC 1.5; newer kernel headers only).
  public static let regionOfInterestRect = ControlID(rawValue: 0x0098_1ae1)
  /// `V4L2_CID_UVC_REGION_OF_INTEREST_AUTO` (bitmask of what the region drives).
  public static let regionOfInterestAuto = ControlID(rawValue: 0x0098_1ae2)
  /// `V4L2_CID_FLASH_LED_MODE` (menu: none, flash, torch).
  public static let flashLEDMode = ControlID(rawValue: 0x009c_0901)
  /// `V4L2_CID_FLASH_STROBE` (a button).
  public static let flashStrobe = ControlID(rawValue: 0x009c_0903)
  /// `V4L2_CID_FLASH_TORCH_INTENSITY`.
  public static let flashTorchIntensity = ControlID(rawValue: 0x009c_0908)
}

/// One control a camera offers, as `VIDIOC_QUERY_EXT_CTRL` describes it, with its value.
public struct CameraControl: Hashable, Sendable, Identifiable {
  /// What kind of value the control takes.
  public enum Kind: Hashable, Sendable {
    /// A number in `minimum…maximum` in steps of `step`.
    case integer
    /// On or off.
    case boolean
    /// One of named entries (`menu` holds value → name).
    case menu
    /// One of numbers (`menu` holds value → the number as text).
    case integerMenu
    /// An action without a value.
    case button
    /// A set of bits.
    case bitmask
    /// A 64-bit integer.
    case integer64
    /// Something Pinhole shows but does not edit (strings, compound controls).
    case other
  }

  /// Flags from the driver.
  public struct Flags: OptionSet, Hashable, Sendable {
    /// The raw `V4L2_CTRL_FLAG_*` bits.
    public var rawValue: UInt32
    /// Makes flags from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `V4L2_CTRL_FLAG_DISABLED`: not there at all.
    public static let disabled = Flags(rawValue: 0x0001)
    /// `V4L2_CTRL_FLAG_GRABBED`: locked while streaming.
    public static let grabbed = Flags(rawValue: 0x0002)
    /// `V4L2_CTRL_FLAG_READ_ONLY`.
    public static let readOnly = Flags(rawValue: 0x0004)
    /// `V4L2_CTRL_FLAG_UPDATE`: changing it changes other controls.
    public static let update = Flags(rawValue: 0x0008)
    /// `V4L2_CTRL_FLAG_INACTIVE`: ignored now (e.g. manual focus while autofocus is on).
    public static let inactive = Flags(rawValue: 0x0010)
    /// `V4L2_CTRL_FLAG_SLIDER`: best shown as a slider.
    public static let slider = Flags(rawValue: 0x0020)
    /// `V4L2_CTRL_FLAG_WRITE_ONLY`.
    public static let writeOnly = Flags(rawValue: 0x0040)
    /// `V4L2_CTRL_FLAG_VOLATILE`: the value changes by itself (e.g. gain under auto gain).
    public static let volatile = Flags(rawValue: 0x0080)
  }

  /// The control's ID.
  public var id: ControlID
  /// The driver's name ("Focus, Absolute").
  public var name: String
  /// The value type.
  public var kind: Kind
  /// Smallest value.
  public var minimum: Int64
  /// Largest value.
  public var maximum: Int64
  /// Step between values (≥ 1 for integers).
  public var step: Int64
  /// The driver's default.
  public var defaultValue: Int64
  /// The current value.
  public var value: Int64
  /// Driver flags.
  public var flags: Flags
  /// Menu entries by value, for menus and integer menus.
  public var menu: [Int64: String]

  /// Makes a control description.
  public init(
    id: ControlID, name: String, kind: Kind, minimum: Int64, maximum: Int64, step: Int64,
    defaultValue: Int64, value: Int64, flags: Flags = [], menu: [Int64: String] = [:]
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.minimum = minimum
    self.maximum = maximum
    self.step = step
    self.defaultValue = defaultValue
    self.value = value
    self.flags = flags
    self.menu = menu
  }

  /// v4l2-ctl's spelling of the name: lower case, runs of other characters become "_"
  /// ("Focus, Absolute" → "focus_absolute").
  public var commandLineName: String {
    var result = ""
    var pendingSeparator = false
    for character in name.lowercased() {
      if character.isLetter || character.isNumber {
        if pendingSeparator, !result.isEmpty { result.append("_") }
        pendingSeparator = false
        result.append(character)
      } else {
        pendingSeparator = true
      }
    }
    return result
  }

  /// True when the user may change it now.
  public var isEditable: Bool {
    kind != .other && flags.isDisjoint(with: [.disabled, .readOnly, .inactive, .grabbed])
  }

  /// `value` clamped into range and snapped to the nearest step from `minimum`.
  public func clamped(_ value: Int64) -> Int64 {
    let limited = Swift.min(Swift.max(value, minimum), maximum)
    guard step > 1 else { return limited }
    let steps = (limited - minimum + step / 2) / step
    return Swift.min(minimum + steps * step, maximum)
  }
}
