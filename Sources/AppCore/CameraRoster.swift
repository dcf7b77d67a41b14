// SPDX-License-Identifier: MIT
import CameraModel

/// The cameras the user can switch between, in the order the camera button cycles them: the
/// real cameras in node order, then the simulated camera. Main thread only.
public struct CameraRoster: Hashable, Sendable {
  /// The cameras, real ones first.
  public private(set) var cameras: [DeviceInfo]
  /// The camera shown now, by identity.
  public private(set) var currentIdentity: String?

  /// The simulated camera's description.
  public static let simulated = CameraSource(.simulated(notice: nil)).device

  /// Makes a roster of `cameras` (the simulated camera is added at the end).
  public init(cameras: [DeviceInfo], current: DeviceInfo? = nil) {
    self.cameras = cameras.filter { $0.kind != .simulated } + [Self.simulated]
    currentIdentity = current?.identity
  }

  /// The camera shown now.
  public var current: DeviceInfo? { cameras.first { $0.identity == currentIdentity } }

  /// Index of the current camera.
  public var currentIndex: Int? { cameras.firstIndex { $0.identity == currentIdentity } }

  /// Names for the camera menu; two cameras with the same name get their bus as well, and
  /// virtual cameras (v4l2loopback, fed by another program) and infrared ones say so.
  public var displayNames: [String] {
    cameras.map { camera in
      let twins = cameras.filter { $0.name == camera.name }
      var name = twins.count > 1 ? "\(camera.name) (\(camera.busInfo))" : camera.name
      if camera.driver.contains("loopback") { name += " — virtual" }
      if camera.isInfraredOnly { name += " — infrared" }
      return name
    }
  }

  /// Makes `camera` current.
  public mutating func select(_ camera: DeviceInfo) { currentIdentity = camera.identity }

  /// The camera after the current one, wrapping around; `nil` when there is only one.
  public func next() -> DeviceInfo? {
    guard cameras.count > 1 else { return nil }
    let index = currentIndex.map { ($0 + 1) % cameras.count } ?? 0
    return cameras[index]
  }

  /// Replaces the real cameras with a fresh scan (after a hotplug event), keeping the current
  /// identity. Answers the cameras that were not there before.
  @discardableResult
  public mutating func update(with scan: [DeviceInfo]) -> [DeviceInfo] {
    let known = Set(cameras.map(\.identity))
    cameras = scan.filter { $0.kind != .simulated } + [Self.simulated]
    return cameras.filter { !known.contains($0.identity) }
  }

  /// The camera with `identity`, if present (to reopen the last used camera at start).
  public func camera(withIdentity identity: String) -> DeviceInfo? {
    cameras.first { $0.identity == identity }
  }
}
