// SPDX-License-Identifier: MIT

/// How many times its normal size the overlay is drawn, and where that figure came from:
/// the desktop's own scale read from what the desktop sets, or `--scale`.
///
/// On X11 a window's size is in screen pixels and the desktop tells its scale through
/// `GDK_SCALE`, `QT_SCALE_FACTOR` or the `Xft.dpi` resource (96 is 1×, 192 is 2×). On Wayland
/// (and any system that gives a HiDPI window more drawable pixels than window points) the
/// window system has already scaled: the drawable is larger than the window, and the overlay
/// follows that alone, so a scale is never applied twice. The physical DPI SDL reports is the
/// last resort: monitors report it unreliably, so it only ever enlarges, never shrinks.
public struct DesktopScale: Hashable, Sendable, CustomStringConvertible {
  /// Drawable pixels per overlay point, within `range`.
  public var factor: Double
  /// Where `factor` came from, for the log: "Xft.dpi 192", "GDK_SCALE=2", "--scale", …
  public var source: String
  /// Values read but not used because they are not numbers or are out of range, in words.
  public var rejected: [String] = []

  /// The scales the overlay accepts from any source; a value outside is ignored.
  public static let range = 0.5...4.0
  /// The DPI X11 and the desktops call 1×.
  public static let baseDPI = 96.0

  /// What the desktop says, as read from the environment, the X resources and SDL.
  public struct Inputs: Hashable, Sendable {
    /// `--scale`, already range-checked by the option parser; wins over everything.
    public var override: Double?
    /// The process environment (`GDK_SCALE`, `QT_SCALE_FACTOR` are read).
    public var environment: [String: String]
    /// The X resource manager string (the root window's RESOURCE_MANAGER, as `xrdb -query`
    /// prints it); nil off X11.
    public var resources: String?
    /// SDL_GetDisplayDPI's diagonal DPI of the window's display; nil when SDL does not know.
    public var displayDPI: Double?
    /// The window's drawable pixels per window point (above 1 on Wayland with a scaled output).
    public var backingScale: Double

    /// Makes the inputs; everything but the environment defaults to "not known".
    public init(
      override: Double? = nil, environment: [String: String] = [:], resources: String? = nil,
      displayDPI: Double? = nil, backingScale: Double = 1
    ) {
      self.override = override
      self.environment = environment
      self.resources = resources
      self.displayDPI = displayDPI
      self.backingScale = backingScale
    }
  }

  /// Makes a scale of `factor` from `source`.
  public init(factor: Double, source: String, rejected: [String] = []) {
    self.factor = factor
    self.source = source
    self.rejected = rejected
  }

  /// The overlay's scale from `inputs`: `--scale`, else the window system's own scaling (a
  /// drawable larger than the window), else the first usable of `GDK_SCALE`,
  /// `QT_SCALE_FACTOR`, `Xft.dpi` and SDL's display DPI, else 1. Every value is checked
  /// against `range` before it is used.
  public static func resolve(_ inputs: Inputs) -> DesktopScale {
    var rejected: [String] = []
    if let value = inputs.override, range.contains(value) {
      return DesktopScale(factor: value, source: "--scale")
    }
    let backing = inputs.backingScale
    if backing.isFinite, backing > 1.01 {
      if range.contains(backing) {
        return DesktopScale(factor: backing, source: "window system \(format(backing))")
      }
      rejected.append("window system scale \(format(backing)) is out of range")
    }
    for name in ["GDK_SCALE", "QT_SCALE_FACTOR"] {
      guard let text = inputs.environment[name] else { continue }
      let trimmed = text.trimmingSpaces()
      if trimmed.isEmpty { continue }
      if let value = Double(trimmed), range.contains(value) {
        return DesktopScale(factor: value, source: "\(name)=\(trimmed)", rejected: rejected)
      }
      rejected.append("\(name)=\(text) is not a scale from 0.5 to 4")
    }
    if let text = inputs.resources.flatMap({ xftDPI(in: $0) }) {
      if let dpi = Double(text), dpi.isFinite, range.contains(dpi / baseDPI) {
        return DesktopScale(
          factor: (dpi / baseDPI * 100).rounded() / 100, source: "Xft.dpi \(text)",
          rejected: rejected)
      }
      rejected.append("Xft.dpi \(text) is not a DPI from 48 to 384")
    }
    if let dpi = inputs.displayDPI, dpi.isFinite, dpi > 0 {
      // Quarter steps: a monitor's DPI is a measurement, not a chosen scale.
      let steps = (dpi / baseDPI * 4).rounded() / 4
      if steps > 1, range.contains(steps) {
        return DesktopScale(
          factor: steps, source: "display DPI \(format(dpi))", rejected: rejected)
      }
    }
    return DesktopScale(factor: 1, source: "default", rejected: rejected)
  }

  /// The value of the last `Xft.dpi` line in an X resource string, trimmed; nil without one.
  /// Resource lines are `name:\tvalue`; later lines win, as in Xlib's database.
  static func xftDPI(in resources: String) -> String? {
    var found: String?
    for line in resources.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingSpaces()
      guard name == "Xft.dpi" else { continue }
      found = line[line.index(after: colon)...].trimmingSpaces()
    }
    return found
  }

  /// "pinhole: scale: 2 (Xft.dpi 192)": the log line's words after "scale: ".
  public var description: String { "\(Self.format(factor)) (\(source))" }

  /// A number without a trailing ".0".
  static func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

extension StringProtocol {
  fileprivate func trimmingSpaces() -> String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
