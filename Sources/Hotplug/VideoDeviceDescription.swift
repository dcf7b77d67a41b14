// SPDX-License-Identifier: MIT

/// What sysfs says about a video node, before anyone opens it: the node, the driver's name for
/// it, and for USB cameras an identity that survives unplugging and re-numbering.
public struct VideoDeviceDescription: Hashable, Sendable, CustomStringConvertible {
  /// The node.
  public var node: VideoNode
  /// The sysfs `name` attribute (usually the V4L2 card name), empty when absent.
  public var name: String
  /// "usb:VVVV:PPPP:SERIAL" (or "usb:VVVV:PPPP" without a serial) for a USB camera; nil for
  /// others. Two identical cameras without serial numbers share it.
  public var usbIdentity: String?

  /// Describes one node.
  public init(node: VideoNode, name: String, usbIdentity: String?) {
    self.node = node
    self.name = name
    self.usbIdentity = usbIdentity
  }

  /// Builds the USB identity from the parent `usb_device`'s sysfs attributes: `idVendor`,
  /// `idProduct` (four hex digits each) and `serial`. Nil without vendor and product; blank
  /// and whitespace-padded serials (common in cheap cameras) count as absent or are trimmed.
  public static func usbIdentity(vendor: String?, product: String?, serial: String?) -> String? {
    guard let vendor = trimmed(vendor), let product = trimmed(product) else { return nil }
    let base = "usb:\(vendor.lowercased()):\(product.lowercased())"
    guard let serial = trimmed(serial) else { return base }
    return "\(base):\(serial)"
  }

  private static func trimmed(_ text: String?) -> String? {
    guard let text else { return nil }
    let kept = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
    return kept.isEmpty ? nil : String(kept)
  }

  /// "UVC Camera /dev/video0 (81:0) usb:046d:085b:1A2B".
  public var description: String {
    [name, node.description, usbIdentity].compactMap { $0 }.joined(separator: " ")
  }
}
