// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// What sysfs says about one video node: `/sys/class/video4linux/videoN/`.
struct SysfsVideoNode {
  /// The sysfs root ("/sys").
  var root: String
  /// The node name ("video0").
  var node: String

  /// The node's folder.
  var folder: String { root + "/class/video4linux/" + node }

  /// The driver's name for the node (the same text QUERYCAP gives as `card`).
  func name() -> String? { read(folder + "/name") }

  /// `CameraIdentity.usb` for USB cameras, from the attributes beside the node's device.
  ///
  /// `device` links to the USB *interface* (…/1-1:1.0); `idVendor`, `idProduct` and `serial`
  /// belong to its parent, the USB device.
  func usbIdentity(busInfo: String = "") -> String? {
    // Resolve the link first: "device/.." must mean the parent of the link's target.
    let device = URL(fileURLWithPath: folder + "/device").resolvingSymlinksInPath()
    let candidates = [device.deletingLastPathComponent().path, device.path]
    for candidate in candidates {
      if let identity = CameraIdentity.usb(
        vendor: read(candidate + "/idVendor"), product: read(candidate + "/idProduct"),
        serial: read(candidate + "/serial"), busInfo: busInfo)
      {
        return identity
      }
    }
    return nil
  }

  /// A sysfs attribute without its trailing newline; nil when absent or empty.
  private func read(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }
}
