// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation

/// Finds the lights that can brighten a camera's scene: V4L2 flash sub-devices in the
/// camera's media graph, the camera node's own flash controls, and LED class flash LEDs.
///
/// The camera's media device is the `mediaN` entry beside its video node in sysfs
/// (`/sys/class/video4linux/videoN/device/mediaN`): uvcvideo and most bridge drivers register
/// the media device on the same parent device. Its graph (`MediaTopologyReader`) names the
/// flash entities (`MEDIA_ENT_F_FLASH`) and, through interface links, the device numbers of
/// their nodes; `/sys/dev/char/MAJOR:MINOR/uevent` gives each node's name.
///
/// Tests pass temporary `sysfsRoot` and `devRoot` trees, a fake graph and a fake kernel.
/// Main thread only (it opens the sub-devices it finds through `system`).
public struct FlashDiscovery {
  /// Where sysfs is mounted ("/sys").
  public var sysfsRoot: String
  /// Where device nodes live ("/dev").
  public var devRoot: String
  /// Reads media graphs.
  public var topologyReader: any MediaTopologyReader
  /// Opens flash sub-devices.
  public var system: any V4L2System

  /// Makes a discovery over the given trees; the defaults look at the real machine.
  public init(
    sysfsRoot: String = "/sys", devRoot: String = "/dev",
    topologyReader: any MediaTopologyReader = MediaControllerReader(),
    system: any V4L2System = KernelV4L2System()
  ) {
    self.sysfsRoot = sysfsRoot
    self.devRoot = devRoot
    self.topologyReader = topologyReader
    self.system = system
  }

  /// Every light for the camera at `videoNode` ("/dev/video0" or "video0"), best first: flash
  /// sub-devices of its media graph (timed strobes, driven directly), then its own flash
  /// controls from `videoControls` (driven through the capture session), then LED class
  /// LEDs. An LED that belongs to the same chip as a sub-device found is left out: the
  /// kernel locks its sysfs files while the sub-device is open.
  ///
  /// Lights that cannot be opened or read are skipped; nothing here throws.
  public func units(forVideoNode videoNode: String, videoControls: [CameraControl] = [])
    -> [FlashUnit]
  {
    var units: [FlashUnit] = []
    var claimedParents: Set<String> = []
    for node in mediaDevices(ofVideoNode: videoNode).flatMap(readableSubdeviceNodes) {
      guard let flash = try? SubdeviceFlash(path: node.path, system: system) else { continue }
      units.append(.subdevice(flash))
      if let parent = node.parentDevice { claimedParents.insert(parent) }
    }
    if let controls = FlashControls(videoControls) { units.append(.videoNode(controls)) }
    for led in FlashLED.discover(sysfsRoot: sysfsRoot) {
      if let parent = led.parentDevice, claimedParents.contains(parent) { continue }
      units.append(.led(led))
    }
    return units
  }

  /// The media device nodes ("/dev/media0") registered beside the video node, sorted.
  public func mediaDevices(ofVideoNode videoNode: String) -> [String] {
    let name = (videoNode as NSString).lastPathComponent
    let device = sysfsRoot + "/class/video4linux/" + name + "/device"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: device)) ?? []
    return entries.filter(Self.isMediaEntry).sorted().map { entry in
      let node = devName(inUevent: device + "/" + entry + "/uevent") ?? entry
      return devRoot + "/" + node
    }
  }

  /// The flash sub-device nodes ("/dev/v4l-subdev3") of the media device at `path`.
  ///
  /// - Throws: `FlashError.mediaController` when its graph cannot be read.
  public func flashSubdevices(ofMediaDevice path: String) throws(FlashError) -> [String] {
    try flashSubdeviceNodes(ofMediaDevice: path).map(\.path)
  }

  /// A flash sub-device node and the resolved sysfs path of the device it belongs to.
  struct SubdeviceNode {
    var path: String
    var parentDevice: String?
  }

  /// The flash sub-devices of `path`'s graph; none when the graph cannot be read.
  private func readableSubdeviceNodes(_ path: String) -> [SubdeviceNode] {
    (try? flashSubdeviceNodes(ofMediaDevice: path)) ?? []
  }

  private func flashSubdeviceNodes(ofMediaDevice path: String) throws(FlashError)
    -> [SubdeviceNode]
  {
    let topology = try topologyReader.topology(ofMediaDevice: path)
    return topology.interfaces(reachingFunction: MediaTopology.flashFunction).compactMap {
      interface in
      let folder = "\(sysfsRoot)/dev/char/\(interface.major):\(interface.minor)"
      guard let name = devName(inUevent: folder + "/uevent") else { return nil }
      return SubdeviceNode(
        path: devRoot + "/" + name, parentDevice: resolvedLink(folder + "/device"))
    }
  }

  /// True for "media0", "media12": the media device's own folder, not e.g. "media_info".
  private static func isMediaEntry(_ entry: String) -> Bool {
    entry.hasPrefix("media") && entry.count > 5 && entry.dropFirst(5).allSatisfy(\.isNumber)
  }

  /// The `DEVNAME=` value of a uevent file ("v4l-subdev3", or "dri/card0" for nested nodes).
  private func devName(inUevent file: String) -> String? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("DEVNAME=") {
      let value = line.dropFirst("DEVNAME=".count)
      return value.isEmpty ? nil : String(value)
    }
    return nil
  }

  /// Where the symlink at `link` finally points; nil when it is not a symlink.
  private func resolvedLink(_ link: String) -> String? {
    guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil else {
      return nil
    }
    return URL(fileURLWithPath: link).resolvingSymlinksInPath().path
  }
}
