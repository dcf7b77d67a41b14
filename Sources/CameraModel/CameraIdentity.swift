// SPDX-License-Identifier: MIT

/// The one rule that names a camera across unplugs, re-numbering and restarts; saved settings
/// are keyed by it. Pure.
public enum CameraIdentity {
  /// "usb:vvvv:pppp:SERIAL" from the USB device's `idVendor`, `idProduct` (lower-cased) and
  /// `serial`. Cheap cameras leave the serial blank, and two identical ones could not be told
  /// apart, so `busInfo` (the port) stands in for a missing serial. Nil without vendor and
  /// product: not a USB camera. Attributes are trimmed of sysfs's padding and newline.
  public static func usb(vendor: String?, product: String?, serial: String?, busInfo: String)
    -> String?
  {
    guard let vendor = trimmed(vendor), let product = trimmed(product) else { return nil }
    let base = "usb:\(vendor.lowercased()):\(product.lowercased())"
    guard let tail = trimmed(serial) ?? trimmed(busInfo) else { return base }
    return "\(base):\(tail)"
  }

  private static func trimmed(_ text: String?) -> String? {
    guard let text else { return nil }
    let kept = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
    return kept.isEmpty ? nil : String(kept)
  }
}
