// SPDX-License-Identifier: MIT
import DesktopBus
import Localization

/// What asking the camera portal (`org.freedesktop.portal.Camera`) came to, and what Pinhole
/// does about it. Pure: made from the portal's answer or the bus error, no bus needed.
public enum CameraAccess: Hashable, Sendable {
  /// The user (or a stored permission) allowed the camera: cameras are reached through the
  /// PipeWire remote the portal opens, and only through it.
  case granted
  /// The user refused (the request's response 1), or a stored permission says no.
  case denied
  /// The portal ended the request another way (response 2, or a code the spec does not
  /// define): `reason` says how.
  case failed(reason: String)
  /// There is no portal to ask: no session bus, no portal service, no Camera interface, or it
  /// reports no camera. `reason` says which.
  case unavailable(reason: String)

  /// Pinhole's application id, under which the desktop stores the camera permission.
  public static let applicationID = "io.github.pinhole.Pinhole"

  /// The sentence shown for a denial: what happened and where to change it.
  public static var deniedMessage: String {
    tr(
      """
      Camera access was denied. Allow it in GNOME Settings → Apps → Pinhole → Camera, or run \
      'flatpak permission-reset %1$s' and start Pinhole again to be asked anew.
      """,
      applicationID)
  }

  /// The outcome for the `response` code of `org.freedesktop.portal.Request.Response`: 0 the
  /// user allowed it, 1 the user cancelled or refused, 2 the request ended another way.
  public init(response: UInt32) {
    switch response {
    case 0: self = .granted
    case 1: self = .denied
    case 2: self = .failed(reason: tr("the camera portal ended the request without an answer"))
    default:
      self = .failed(reason: tr("the camera portal answered with unknown code %1$d", response))
    }
  }

  /// The outcome for an error met while asking: the service or interface missing, or no
  /// session bus, means there is no portal to ask; a refusal by the portal itself
  /// (`org.freedesktop.portal.Error.NotAllowed`) is a denial; anything else a failure.
  public init(error: BusError) {
    switch error {
    case .noSessionBus(let reason):
      self = .unavailable(reason: tr("there is no D-Bus session bus (%1$s)", reason))
    case .errorReply(let name, _) where name == "org.freedesktop.portal.Error.NotAllowed":
      self = .denied
    case .errorReply(let name, _) where error.isAbsence:
      self = .unavailable(
        reason: tr("no camera portal answers on the session bus (%1$s)", name))
    default:
      self = .failed(reason: error.userMessage)
    }
  }

  /// Whether cameras may be used.
  public var isGranted: Bool { self == .granted }

  /// Whether a command without a window (`--check`, `--list`, `--snapshot`, …) must stop with
  /// an error: after a denial or a failed request; with no portal at all it goes on with the
  /// simulated camera.
  public var endsCommands: Bool {
    switch self {
    case .denied, .failed: true
    case .granted, .unavailable: false
    }
  }

  /// What to tell the user; nil when access was granted.
  public var message: String? {
    switch self {
    case .granted: nil
    case .denied: Self.deniedMessage
    case .failed(let reason):
      tr("Camera access could not be settled: %1$s.", Self.capitalized(reason))
    case .unavailable(let reason):
      tr("The camera portal cannot be asked for a camera: %1$s.", reason)
    }
  }

  /// The notice the window shows over the simulated camera in place of a real one: short
  /// enough for the banner, leading with what happened and that the picture is simulated (a
  /// denial is never hidden behind it).
  public var windowNotice: String? {
    switch self {
    case .granted: nil
    case .denied:
      tr(
        """
        Camera access was denied — showing the simulated camera. Allow it in GNOME Settings → \
        Apps → Pinhole → Camera.
        """
      )
    case .failed, .unavailable:
      message.map { tr("Showing the simulated camera. %1$s", $0) }
    }
  }

  /// What a command without a window prints when it goes on with the simulated camera.
  public var commandNotice: String? {
    message.map { tr("%1$s Showing the simulated camera instead.", $0) }
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
