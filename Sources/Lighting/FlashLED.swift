// SPDX-License-Identifier: MIT
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A flash or torch LED driven through the kernel's LED class (`/sys/class/leds/NAME`), as
/// phones such as the PinePhone expose their camera flash.
public struct FlashLED: Hashable, Sendable {
  /// The LED's sysfs name ("white:flash").
  public var name: String
  /// Its sysfs folder.
  public var path: String
  /// The highest `brightness` value (the torch at full strength).
  public var maxBrightness: Int
  /// True when the LED can fire a timed flash (`flash_strobe` exists).
  public var canStrobe: Bool
  /// How long one flash pulse lasts (`flash_timeout`, in µs); nil when the LED does not say.
  public var flashTimeout: Duration?

  /// Makes a description.
  public init(
    name: String, path: String, maxBrightness: Int, canStrobe: Bool,
    flashTimeout: Duration? = nil
  ) {
    self.name = name
    self.path = path
    self.maxBrightness = maxBrightness
    self.canStrobe = canStrobe
    self.flashTimeout = flashTimeout
  }

  /// Every LED whose name says it is a flash or torch, under `sysfsRoot` (tests pass a
  /// temporary tree), sorted by name.
  public static func discover(sysfsRoot: String = "/sys") -> [FlashLED] {
    let folder = sysfsRoot + "/class/leds"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().compactMap { name in
      let lowered = name.lowercased()
      guard lowered.contains("flash") || lowered.contains("torch") else { return nil }
      let path = folder + "/" + name
      guard let maximum = readNumber(path + "/max_brightness"), maximum > 0 else { return nil }
      let canStrobe = FileManager.default.fileExists(atPath: path + "/flash_strobe")
      let timeout = readNumber(path + "/flash_timeout").map { Duration.microseconds($0) }
      return FlashLED(
        name: name, path: path, maxBrightness: maximum, canStrobe: canStrobe,
        flashTimeout: timeout)
    }
  }

  /// Turns the torch on at `strength` (0…1 of the maximum) or off; false when the value could
  /// not be written (the LED class files are usually root-only without a udev rule).
  @discardableResult
  public func setTorch(strength: Double) -> Bool {
    let value = Int((min(max(strength, 0), 1) * Double(maxBrightness)).rounded())
    return write("\(value)", to: path + "/brightness")
  }

  /// Fires one flash pulse; false when the LED cannot strobe or the write failed.
  @discardableResult
  public func strobe() -> Bool {
    canStrobe && write("1", to: path + "/flash_strobe")
  }

  /// The resolved path of the device the LED belongs to (its `device` link), which a V4L2
  /// flash sub-device of the same chip shares; nil when sysfs has no such link.
  public var parentDevice: String? {
    let link = path + "/device"
    guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil else {
      return nil
    }
    return URL(fileURLWithPath: link).resolvingSymlinksInPath().path
  }

  /// Writes as the shell's `echo VALUE > FILE` does (O_TRUNC, which sysfs accepts).
  private func write(_ text: String, to file: String) -> Bool {
    let descriptor = open(file, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      == bytes.count
  }

  private static func readNumber(_ file: String) -> Int? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
