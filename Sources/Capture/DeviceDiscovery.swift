// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// Finds the cameras on this machine: every `/dev/videoN` node that is a streaming video-capture
/// device, with a stable identity from sysfs.
///
/// Metadata and output nodes (each USB camera has a metadata node beside its capture node) are
/// skipped. Nodes the user may not open are reported apart, so the UI can say "permission
/// denied" instead of "no camera".
///
/// Any thread; each scan opens and closes the nodes it probes.
public struct DeviceDiscovery {
  /// What a scan found.
  public struct Result: Hashable, Sendable {
    /// Capture nodes Pinhole can open, in node order (video0, video1, …, video10).
    public var cameras: [DeviceInfo]
    /// Nodes that exist but refused to open with EACCES/EPERM. Their `name` comes from sysfs
    /// when readable, else the path; driver and bus info are unknown (empty).
    public var permissionDenied: [DeviceInfo]
  }

  /// Where device nodes live ("/dev"; tests pass a temporary folder).
  public var deviceRoot: String
  /// Where sysfs lives ("/sys").
  public var sysfsRoot: String
  /// The system-call seam used to probe each node.
  public var system: any V4L2System

  /// Makes a discovery over the given roots.
  ///
  /// The live default opens nodes without libv4l2: `v4l2_open` prepares its format emulation on
  /// every open by enumerating each format, size and frame interval (some 900 ioctls on vivid,
  /// more on a webcam with many sizes), and discovery needs only VIDIOC_QUERYCAP and the
  /// driver's own formats, which are all a plain open lists.
  public init(
    deviceRoot: String = "/dev", sysfsRoot: String = "/sys",
    system: any V4L2System = KernelV4L2System()
  ) {
    self.deviceRoot = deviceRoot
    self.sysfsRoot = sysfsRoot
    self.system = system
  }

  /// True when every format is greyscale luma (GREY, Y10, Y12, Y16): an infrared camera.
  static func isInfraredOnly(_ formats: [PixelFormat]) -> Bool {
    let greyscale = ["GREY", "Y10", "Y12", "Y16"].map { PixelFormat(FourCC($0)) }
    return !formats.isEmpty && formats.allSatisfy(greyscale.contains)
  }

  /// Probes every video node and sorts them into cameras and permission failures.
  public func scan() -> Result {
    var result = Result(cameras: [], permissionDenied: [])
    for (node, _) in videoNodes() {
      let path = deviceRoot + "/" + node
      let sysfs = SysfsVideoNode(root: sysfsRoot, node: node)
      do {
        let device = try V4L2Device(path: path, system: system, identity: nil)
        var info = device.info
        info.identity = sysfs.usbIdentity(busInfo: info.busInfo) ?? info.busInfo
        info.isInfraredOnly = Self.isInfraredOnly((try? device.nativeFormats()) ?? [])
        device.close()
        result.cameras.append(info)
      } catch .permissionDenied {
        let name = sysfs.name() ?? path
        result.permissionDenied.append(
          DeviceInfo(path: path, name: name, driver: "", busInfo: "", identity: path))
      } catch {
        // Not a camera, busy at QUERYCAP, or gone between listing and opening: skip it.
        continue
      }
    }
    return result
  }

  /// "videoN" entries of the device root, sorted by N.
  func videoNodes() -> [(name: String, number: Int)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: deviceRoot)) ?? []
    let nodes = entries.compactMap { entry -> (name: String, number: Int)? in
      guard entry.hasPrefix("video"), let number = Int(entry.dropFirst("video".count)) else {
        return nil
      }
      return (entry, number)
    }
    return nodes.sorted { $0.number < $1.number }
  }
}
