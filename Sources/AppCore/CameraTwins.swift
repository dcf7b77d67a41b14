// SPDX-License-Identifier: MIT
import CameraModel
import PipeWireCapture

/// Tells which PipeWire camera nodes wrap a V4L2 device Pinhole also opens directly, so that
/// each physical camera is one entry with two ways in. Pure.
///
/// A node made by PipeWire's V4L2 plugin names its device (`api.v4l2.path`, or `object.path`
/// "v4l2:/dev/videoN"), its V4L2 bus info (`api.v4l2.cap.bus_info`) and, for USB, its vendor
/// and product ids and serial (`device.vendor.id` "0x46d", `device.product.id`,
/// `device.serial`). A libcamera node names its camera by an id that ends in the USB
/// "vvvv:pppp" for a UVC webcam (`api.libcamera.path`). Nodes matching no V4L2 camera
/// (libcamera sensors, virtual cameras) stay entries of their own.
public enum CameraTwins {
  /// The V4L2 cameras, each marked with the PipeWire node that reaches it too, then the
  /// PipeWire nodes that wrap none of them. A V4L2 camera takes at most one node.
  public static func merge(v4l2: [DeviceInfo], pipewire: [PipeWireCameraNode]) -> [DeviceInfo] {
    var cameras = v4l2
    var alone: [DeviceInfo] = []
    for node in pipewire {
      let free = cameras.indices.filter { cameras[$0].pipewireNode == nil }
      if let index = twin(of: node.properties, among: free.map { cameras[$0] }) {
        cameras[free[index]].pipewireNode = node.name
      } else {
        alone.append(node.deviceInfo)
      }
    }
    return cameras + alone
  }

  /// The index in `cameras` of the V4L2 camera the node with `properties` wraps, or nil. The
  /// device path decides first; then a bus info, a USB identity or a libcamera id, each only
  /// when exactly one camera has it (a laptop's webcam and its infrared camera share one USB
  /// device and bus info).
  public static func twin(of properties: [String: String], among cameras: [DeviceInfo]) -> Int? {
    let direct = cameras.indices.filter { cameras[$0].kind == .v4l2 }
    // A node naming its device node wraps that one, or one Pinhole does not list.
    if let path = devicePath(properties) { return direct.first { cameras[$0].path == path } }
    if let bus = nonEmpty(properties["api.v4l2.cap.bus_info"]) {
      return only(direct.filter { cameras[$0].busInfo == bus })
    }
    if let usb = usbIdentity(properties) {
      let matches = direct.filter { usb.matches(cameras[$0].identity) }
      return only(matches)
    }
    if let id = nonEmpty(properties["api.libcamera.path"]), let usb = libcameraUSB(id) {
      let matches = direct.filter { usb.matches(cameras[$0].identity) }
      // libcamera lists only the colour camera of a webcam with an infrared twin.
      return only(matches) ?? only(matches.filter { !cameras[$0].isInfraredOnly })
    }
    return nil
  }

  /// The V4L2 device node a node wraps: `api.v4l2.path`, else `object.path` without its
  /// "v4l2:" prefix.
  static func devicePath(_ properties: [String: String]) -> String? {
    if let path = nonEmpty(properties["api.v4l2.path"]) { return path }
    guard let object = properties["object.path"], object.hasPrefix("v4l2:") else { return nil }
    return nonEmpty(String(object.dropFirst("v4l2:".count)))
  }

  /// A USB vendor and product, compared with Pinhole's camera identity
  /// ("usb:vvvv:pppp:SERIAL_OR_PORT"). PipeWire's `device.serial` is udev's
  /// "VENDOR_MODEL_SERIAL", not the bare serial, so the serial is not compared.
  struct USBIdentity: Hashable {
    var vendor: UInt16
    var product: UInt16

    /// True when `identity` is a USB identity with these ids.
    func matches(_ identity: String) -> Bool {
      let parts = identity.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
      guard parts.count >= 3, parts[0] == "usb", let vendor = UInt16(parts[1], radix: 16),
        let product = UInt16(parts[2], radix: 16)
      else { return false }
      return vendor == self.vendor && product == self.product
    }
  }

  /// The USB ids a V4L2 node publishes (`device.vendor.id` "0x46d"); nil without both.
  static func usbIdentity(_ properties: [String: String]) -> USBIdentity? {
    guard let vendor = hex(properties["device.vendor.id"]),
      let product = hex(properties["device.product.id"])
    else { return nil }
    return USBIdentity(vendor: vendor, product: product)
  }

  /// The USB ids at the end of a libcamera UVC camera id
  /// ("\\_SB_.PCI0.XHC_.RHUB.HS05-5:1.0-0c45:6366"); nil for other ids.
  static func libcameraUSB(_ id: String) -> USBIdentity? {
    guard let dash = id.lastIndex(of: "-") else { return nil }
    let tail = id[id.index(after: dash)...].split(separator: ":")
    guard tail.count == 2, tail.allSatisfy({ $0.count == 4 }),
      let vendor = UInt16(tail[0], radix: 16), let product = UInt16(tail[1], radix: 16)
    else { return nil }
    return USBIdentity(vendor: vendor, product: product)
  }

  private static func hex(_ text: String?) -> UInt16? {
    guard var text = nonEmpty(text) else { return nil }
    if text.hasPrefix("0x") || text.hasPrefix("0X") { text = String(text.dropFirst(2)) }
    guard !text.isEmpty, text.count <= 4 else { return nil }
    return UInt16(text, radix: 16)
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }

  private static func only(_ indices: [Int]) -> Int? { indices.count == 1 ? indices[0] : nil }
}
