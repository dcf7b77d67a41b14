// SPDX-License-Identifier: MIT
import Foundation

/// A temporary sysfs and /dev laid out as the kernel does it: device folders under
/// `sys/devices`, class entries and `sys/dev/char/MAJOR:MINOR` as symlinks into them, each
/// class device's `device` link pointing at its parent. Nodes under `dev` are empty files.
struct FakeSysfsTree {
  /// The temporary folder holding both trees.
  let base: String
  /// Pass as `sysfsRoot`.
  var sysfsRoot: String { base + "/sys" }
  /// Pass as `devRoot`.
  var devRoot: String { base + "/dev" }

  init() throws {
    base = FileManager.default.temporaryDirectory.path + "/pinhole-lighting-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: base + "/dev", withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: base) }

  /// A video node of the device at `parent` ("platform/isp"), with a media device of the same
  /// parent when `media` names one ("media0").
  func addVideoNode(_ name: String, parent: String, media: String?) throws {
    try addClassDevice(name, subsystem: "video4linux", parent: parent)
    guard let media else { return }
    let folder = "\(sysfsRoot)/devices/\(parent)/\(media)"
    try write("MAJOR=237\nMINOR=0\nDEVNAME=\(media)\n", to: folder + "/uevent")
    try write("", to: "\(devRoot)/\(media)")
  }

  /// A V4L2 sub-device node with device number `major:minor`.
  func addSubdevice(_ name: String, parent: String, major: Int, minor: Int) throws {
    let folder = try addClassDevice(name, subsystem: "video4linux", parent: parent)
    try link("\(sysfsRoot)/dev/char/\(major):\(minor)", to: folder)
  }

  /// An LED class LED, optionally belonging to the device at `parent`.
  func addLED(
    _ name: String, parent: String = "platform/leds-gpio", maxBrightness: Int,
    canStrobe: Bool, timeoutMicroseconds: Int? = nil
  ) throws {
    let folder = "\(sysfsRoot)/devices/\(parent)/leds/\(name)"
    try write("\(maxBrightness)\n", to: folder + "/max_brightness")
    try write("0\n", to: folder + "/brightness")
    if canStrobe { try write("0\n", to: folder + "/flash_strobe") }
    if let timeoutMicroseconds {
      try write("\(timeoutMicroseconds)\n", to: folder + "/flash_timeout")
    }
    try link(folder + "/device", to: "\(sysfsRoot)/devices/\(parent)")
    try link("\(sysfsRoot)/class/leds/\(name)", to: folder)
  }

  /// The current text of a file in the tree (`path` relative to `base`).
  func contents(of path: String) throws -> String {
    try String(contentsOfFile: base + "/" + path, encoding: .utf8)
  }

  @discardableResult
  private func addClassDevice(_ name: String, subsystem: String, parent: String) throws
    -> String
  {
    let folder = "\(sysfsRoot)/devices/\(parent)/\(subsystem)/\(name)"
    try write("DEVNAME=\(name)\n", to: folder + "/uevent")
    try link(folder + "/device", to: "\(sysfsRoot)/devices/\(parent)")
    try link("\(sysfsRoot)/class/\(subsystem)/\(name)", to: folder)
    try write("", to: "\(devRoot)/\(name)")
    return folder
  }

  private func write(_ text: String, to path: String) throws {
    try makeParent(of: path)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  private func link(_ path: String, to target: String) throws {
    try makeParent(of: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
  }

  private func makeParent(of path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  }
}
