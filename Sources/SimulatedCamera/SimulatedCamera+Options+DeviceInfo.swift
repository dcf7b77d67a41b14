// SPDX-License-Identifier: MIT
import CameraModel

extension SimulatedCamera.Options {
  /// How a camera made with these options describes itself; known before it is opened.
  public var deviceInfo: DeviceInfo {
    DeviceInfo(
      path: "sim", name: name, driver: "pinhole-sim", busInfo: identity, identity: identity,
      kind: .simulated)
  }
}
