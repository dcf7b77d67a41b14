// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Synchronization

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
      let listing = ControlListing.text(try apply(to: device))
      guard let remark = (device as? any ControlRemarking)?.controlRemark else { return listing }
      return listing + "\n\n" + remark
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

  /// The (control, value) pairs `settings` name: automatic-mode switches first, then the rest,
  /// each group in the order given. A driver refuses a manual value (focus_absolute) while its
  /// automatic mode is on, so "focus_absolute=250 focus_automatic_continuous=0" must switch
  /// the mode off before it sets the value, whatever order it was typed in.
  public static func changes(for settings: [ControlSetting], in controls: [CameraControl])
    throws(ControlSettingError) -> [(ControlID, Int64)]
  {
    var switches: [(ControlID, Int64)] = []
    var values: [(ControlID, Int64)] = []
    for setting in settings {
      let key = ControlValueParser.key(setting.name)
      guard let control = controls.first(where: { $0.commandLineName == key }) else {
        throw .unknownControl(name: setting.name, known: controls.map(\.commandLineName))
      }
      let change = (control.id, try ControlValueParser.value(setting.value, for: control))
      if isAutomaticModeSwitch(control) { switches.append(change) } else { values.append(change) }
    }
    return switches + values
  }

  /// Controls that turn an automatic mode on or off: the V4L2 ones by ID, and any boolean or
  /// menu whose name says "auto" (white_balance_automatic, gain_automatic, ...).
  static func isAutomaticModeSwitch(_ control: CameraControl) -> Bool {
    if automaticModeIDs.contains(control.id) { return true }
    guard control.kind == .boolean || control.kind == .menu else { return false }
    return control.commandLineName.contains("auto")
  }

  /// exposure auto, focus auto, autogain, auto white balance, hue auto, auto brightness.
  static let automaticModeIDs: Set<ControlID> = [
    .exposureAuto, .focusAuto, .autoGain, ControlID(rawValue: 0x0098_090c),
    ControlID(rawValue: 0x0098_0919), ControlID(rawValue: 0x0098_0920),
  ]

  /// `openDevice`, with the settings applied to every device it opens, before the session
  /// streams from it: the values land on the very device that takes the pictures (a separate
  /// open may lose them, and the simulated camera starts afresh on each open). A failure is
  /// kept in `failure` and the open fails, so the session ends with it.
  public func applying(
    to openDevice: @escaping CaptureSession.DeviceOpener, failure: ControlFailureBox
  ) -> CaptureSession.DeviceOpener {
    guard !settings.isEmpty else { return openDevice }
    let command = self
    return { () throws(CaptureError) -> any CaptureDevice in
      let device = try openDevice()
      do throws(ControlSettingError) {
        _ = try command.apply(to: device)
      } catch {
        device.close()
        failure.record(error)
        if case .camera(let cause) = error { throw cause }
        throw .system(call: "--set", errno: EINVAL)
      }
      return device
    }
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

/// The first `--set` failure of a session's opener, read by the caller once the session ended.
/// Any thread.
public final class ControlFailureBox: Sendable {
  private let stored = Mutex<ControlSettingError?>(nil)

  /// Makes an empty box.
  public init() {}

  /// Keeps `error` unless one is already kept.
  func record(_ error: ControlSettingError) {
    stored.withLock { if $0 == nil { $0 = error } }
  }

  /// The failure, if any open failed to apply the settings.
  public var error: ControlSettingError? { stored.withLock { $0 } }
}
