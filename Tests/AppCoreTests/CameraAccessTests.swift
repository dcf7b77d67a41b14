// SPDX-License-Identifier: MIT
import Testing

@testable import AppCore

@Suite("The camera portal's answer and what Pinhole does with it")
struct CameraAccessTests {
  @Test func responseCodesFollowThePortalSpec() {
    #expect(CameraAccess(response: 0) == .granted)
    #expect(CameraAccess(response: 1) == .denied)
    guard case .failed = CameraAccess(response: 2) else {
      Issue.record("response 2 is not a failure")
      return
    }
    guard case .failed(let reason) = CameraAccess(response: 7) else {
      Issue.record("an unknown response is not a failure")
      return
    }
    #expect(reason.contains("7"))
  }

  @Test func aDenialSaysWhereToAllowTheCameraAndStopsCommands() throws {
    let access = CameraAccess.denied
    let message = try #require(access.message)
    #expect(message.hasPrefix("Camera access was denied."))
    #expect(message.contains("GNOME Settings → Apps → Pinhole → Camera"))
    #expect(message.contains("flatpak permission-reset io.github.pinhole.Pinhole"))
    #expect(access.endsCommands)
    #expect(!access.isGranted)
    // The window says the picture is simulated: a denial is never hidden behind it.
    #expect(access.windowNotice?.contains("simulated camera") == true)
    #expect(access.windowNotice?.hasPrefix("Camera access was denied") == true)
    #expect(access.windowNotice?.contains("GNOME Settings → Apps → Pinhole → Camera") == true)
    #expect(access.commandNotice?.hasPrefix(message) == true)
  }

  @Test func noPortalIsToldApartFromARefusal() {
    let missing = CameraAccess(
      error: .errorReply(
        name: "org.freedesktop.DBus.Error.ServiceUnknown",
        message: "The name org.freedesktop.portal.Desktop was not provided by any .service files"))
    guard case .unavailable(let reason) = missing else {
      Issue.record("a missing portal is \(missing)")
      return
    }
    #expect(reason.contains("no camera portal"))
    #expect(!missing.endsCommands)
    #expect(CameraAccess(error: .noSessionBus(reason: "unset")).endsCommands == false)
    #expect(
      CameraAccess(error: .noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set")).message?
        .contains("no D-Bus session bus") == true)
    #expect(
      CameraAccess(
        error: .errorReply(name: "org.freedesktop.portal.Error.NotAllowed", message: "no"))
        == .denied)
  }

  @Test func aWrongReplyOrNoAnswerIsAFailureNotAGrant() {
    let wrongType = CameraAccess(error: .unexpectedType(expected: "o", found: "s"))
    let silent = CameraAccess(error: .timedOut(waitingFor: "the Response signal", seconds: 180))
    for access in [wrongType, silent] {
      guard case .failed = access else {
        Issue.record("\(access) is not a failure")
        continue
      }
      #expect(access.endsCommands)
      #expect(!access.isGranted)
    }
    #expect(CameraAccess.granted.message == nil)
  }

  @Test func thePortalIsUsedWhenAskedOrSandboxed() {
    #expect(CameraPortal.isWanted(byOption: true, fileExists: { _ in false }))
    #expect(CameraPortal.isWanted(byOption: false, fileExists: { $0 == "/.flatpak-info" }))
    #expect(!CameraPortal.isWanted(byOption: false, fileExists: { _ in false }))
  }

  @Test func portalOptionIsParsed() throws {
    #expect(try Options(parsing: ["--portal", "--check"]).usesPortal)
    #expect(try Options(parsing: ["--check"]).usesPortal == false)
  }
}
