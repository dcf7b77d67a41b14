// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// Which camera the app opens, decided from the command line and the cameras found.
public enum CameraSelection: Hashable, Sendable {
  /// A V4L2 camera.
  case device(DeviceInfo)
  /// The simulated camera; `notice` says why it was chosen when the user did not ask for it.
  case simulated(notice: String?)

  /// The notice shown when no camera exists.
  public static var noCameraNotice: String {
    tr("No camera found — showing the simulated camera")
  }

  /// Chooses: an explicit device (by path or index) must exist among `cameras`, or is opened as
  /// given so the user sees the real error; automatic picks the first camera that is not
  /// infrared-only, or the simulated one when there is none.
  public static func choose(_ choice: Options.CameraChoice, among cameras: [DeviceInfo])
    -> CameraSelection
  {
    switch choice {
    case .simulated:
      return .simulated(notice: nil)
    case .automatic:
      // A laptop's infrared face-login camera is a camera too, but never the one to open first.
      guard let first = cameras.first(where: { !$0.isInfraredOnly }) ?? cameras.first else {
        return .simulated(notice: noCameraNotice)
      }
      return .device(first)
    case .device(let name):
      let path = name.allSatisfy(\.isNumber) ? "/dev/video\(name)" : name
      if let found = cameras.first(where: { $0.path == path }) { return .device(found) }
      // PipeWire's node for a V4L2 camera, asked for by name: that camera through PipeWire.
      if let twin = cameras.first(where: { $0.pipewireNode.map { "pipewire:" + $0 } == path }) {
        var info = DeviceInfo(
          path: path, name: twin.name, driver: "pipewire", busInfo: twin.busInfo, identity: path,
          kind: .pipewire)
        info.isInfraredOnly = twin.isInfraredOnly
        return .device(info)
      }
      // A PipeWire camera not found is still opened through PipeWire, which then says so.
      let kind: DeviceInfo.Kind = path.hasPrefix("pipewire:") ? .pipewire : .v4l2
      return .device(DeviceInfo(path: path, name: path, driver: "", busInfo: path, kind: kind))
    }
  }
}
