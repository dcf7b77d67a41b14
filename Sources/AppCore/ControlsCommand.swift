// SPDX-License-Identifier: MIT
import CameraModel
import Capture

#if canImport(Glibc)
  import Glibc
#endif

/// `pinhole --controls` and `--set NAME=VALUE`: sets controls by their v4l2-ctl names and
/// lists every control the way `v4l2-ctl -L` does.
///
/// Runs on the calling thread, with the camera open only for the call.
public struct ControlsCommand: Sendable {
  /// The settings, in the order given on the command line.
  public var settings: [ControlSetting]

  /// Makes the command for `settings`.
  public init(settings: [ControlSetting] = []) { self.settings = settings }

  /// `--controls`: opens the camera, applies the settings, and returns the listing.
  public func run(openDevice: CaptureSession.DeviceOpener) -> Result<String, ControlSettingError> {
    withDevice(openDevice) { device throws(ControlSettingError) in
      ControlListing.text(try apply(to: device))
    }
  }

  /// `--set` before `--check`, `--snapshot` or the preview: opens the camera, applies the
  /// settings and closes it again (drivers keep control values between opens). Does not open
  /// the camera when there is nothing to set.
  public func apply(openDevice: CaptureSession.DeviceOpener)
    -> Result<[CameraControl], ControlSettingError>
  {
    guard !settings.isEmpty else { return .success([]) }
    return withDevice(openDevice) { device throws(ControlSettingError) in
      try apply(to: device)
    }
  }

  /// Applies the settings to an open `device` in one request and returns every control as
  /// the driver then reports it.
  public func apply(to device: any CaptureDevice) throws(ControlSettingError) -> [CameraControl] {
    let controls: [CameraControl]
    do {
      controls = try device.controls()
    } catch {
      throw .camera(error)
    }
    guard !settings.isEmpty else { return controls }
    let changes = try ControlsCommand.changes(for: settings, in: controls)
    do {
      return try device.setControls(changes)
    } catch {
      if case .system = error {
        throw .rejected(names: settings.map(\.name), reason: ControlsCommand.reason(for: error))
      }
      throw .camera(error)
    }
  }

  /// The (control, value) pairs `settings` name, in order.
  public static func changes(for settings: [ControlSetting], in controls: [CameraControl])
    throws(ControlSettingError) -> [(ControlID, Int64)]
  {
    var changes: [(ControlID, Int64)] = []
    for setting in settings {
      let key = ControlValueParser.key(setting.name)
      guard let control = controls.first(where: { $0.commandLineName == key }) else {
        throw .unknownControl(name: setting.name, known: controls.map(\.commandLineName))
      }
      changes.append((control.id, try ControlValueParser.value(setting.value, for: control)))
    }
    return changes
  }

  private func withDevice<Value>(
    _ openDevice: CaptureSession.DeviceOpener,
    _ body: (any CaptureDevice) throws(ControlSettingError) -> Value
  ) -> Result<Value, ControlSettingError> {
    let device: any CaptureDevice
    do {
      device = try openDevice()
    } catch {
      return .failure(.camera(error))
    }
    defer { device.close() }
    do {
      return .success(try body(device))
    } catch {
      return .failure(error)
    }
  }

  /// The driver's errno as a sentence.
  static func reason(for error: CaptureError) -> String {
    guard case .system(_, let code) = error else { return error.userMessage }
    switch code {
    case EACCES:
      return "it cannot be changed now (switch its automatic mode off first, in the same --set "
        + "list)."
    case EBUSY: return "it cannot be changed while the camera streams."
    case ERANGE, EINVAL: return "the driver does not accept that value."
    default: return error.userMessage
    }
  }
}
