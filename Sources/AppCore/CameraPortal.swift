// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import DesktopBus
import Localization
import PipeWireCapture

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the desktop's camera portal for the camera, the way a sandboxed app must: read
/// `IsCameraPresent`, call `AccessCamera` and wait for the request's `Response`, then open the
/// portal's PipeWire remote with `OpenPipeWireRemote`, the only way to the cameras in a
/// sandbox. See the portal spec:
/// https://flatpak.github.io/xdg-desktop-portal/docs/doc-org.freedesktop.portal.Camera.html
public enum CameraPortal {
  /// The portal service's bus name.
  public static let service = PortalRequest.service
  /// The portal object.
  public static let objectPath = PortalRequest.objectPath
  /// The camera interface.
  public static let interface = "org.freedesktop.portal.Camera"
  /// How long the user may take to answer the portal's dialog.
  public static let answerTimeout = Duration.seconds(180)

  /// True when Pinhole should go through the portal: `--portal`, or running in a Flatpak
  /// sandbox (which has `/.flatpak-info`).
  public static func isWanted(byOption option: Bool, fileExists: (String) -> Bool) -> Bool {
    option || fileExists("/.flatpak-info")
  }

  /// Asks for the camera on the session bus, waiting up to `timeout` for the user's answer.
  public static func requestAccess(timeout: Duration = answerTimeout) -> CameraAccess {
    do throws(BusError) {
      let bus = try BusConnection.session()
      let isPresent = try bus.property(
        destination: service, path: objectPath, interface: interface, name: "IsCameraPresent"
      ).bool()
      guard isPresent else {
        return .unavailable(reason: tr("the camera portal reports no camera"))
      }
      let response = try PortalRequest.call(
        on: bus, interface: interface, member: "AccessCamera", timeout: timeout
      ) { token in [.options(["handle_token": .string(token)])] }.code
      return CameraAccess(response: response)
    } catch {
      return CameraAccess(error: error)
    }
  }

  /// A new socket connected to PipeWire, from `OpenPipeWireRemote`; the caller owns it.
  public static func openPipeWireRemote() throws(BusError) -> Int32 {
    let bus = try BusConnection.session()
    let reply = try bus.call(
      BusMethodCall(
        destination: service, path: objectPath, interface: interface,
        member: "OpenPipeWireRemote", arguments: [.options([:])]))
    guard let descriptor = try reply.checked("h").value(at: 0).fileDescriptor().take() else {
      throw .invalidArgument("OpenPipeWireRemote's descriptor was already taken")
    }
    return descriptor
  }

  /// Routes every PipeWire connection of the process according to `access`: through a fresh
  /// `OpenPipeWireRemote` socket each when granted, nowhere otherwise (so nothing reaches a
  /// camera around the portal).
  public static func route(_ access: CameraAccess) {
    guard access.isGranted else {
      PipeWireRemote.use(.none)
      return
    }
    PipeWireRemote.use(
      .descriptor(open: { () throws(CaptureError) -> Int32 in
        do throws(BusError) {
          return try openPipeWireRemote()
        } catch {
          throw .notFound(
            device: tr("the camera portal's PipeWire remote (%1$s)", error.userMessage))
        }
      }))
  }
}
