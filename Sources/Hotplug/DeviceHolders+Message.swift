// SPDX-License-Identifier: MIT
import CameraModel
import Localization

extension DeviceHolders {
  /// `error`'s sentence, naming the programs that hold the camera when it is busy and they can
  /// be found: "/dev/video0 is in use by obs (pid 4242); close it and try again." Reads /proc,
  /// so it is for command-line answers and one-off notices, not every frame. Any thread.
  public func describe(_ error: CaptureError) -> String {
    guard case .deviceBusy(let device) = error else { return error.userMessage }
    let holders = holders(of: device)
    guard !holders.isEmpty else { return error.userMessage }
    let names = holders.map(\.description).joined(separator: ", ")
    return trn(
      "%2$s is in use by %3$s; close it and try again.",
      "%2$s is in use by %3$s; close them and try again.", holders.count, device, names)
  }
}
