// SPDX-License-Identifier: MIT
import AppCore
import DesktopBus
import Foundation
import Testing

@Suite struct FolderChooserTests {
  @Test func thePortalComesFirstThenZenityThenKdialog() {
    let installed = ["zenity": "/usr/bin/zenity", "kdialog": "/usr/bin/kdialog"]
    #expect(
      FolderChooser.ways(hasPortal: true, executable: { installed[$0] }) == [
        .portal, .zenity("/usr/bin/zenity"), .kdialog("/usr/bin/kdialog"),
      ])
    #expect(
      FolderChooser.ways(hasPortal: false, executable: { $0 == "kdialog" ? "/k" : nil }) == [
        .kdialog("/k")
      ])
    #expect(FolderChooser.ways(hasPortal: false, executable: { _ in nil }).isEmpty)
  }

  @Test func aFileURINamesALocalFolder() {
    #expect(
      FolderChooser.folder(fromURI: "file:///home/ada/My%20Photos")?.path
        == "/home/ada/My Photos")
    #expect(FolderChooser.folder(fromURI: "file://localhost/mnt/card")?.path == "/mnt/card")
    #expect(FolderChooser.folder(fromURI: "file:///m%C3%BCnchen")?.path == "/münchen")
    #expect(FolderChooser.folder(fromURI: "https://example.org/x") == nil)
    #expect(FolderChooser.folder(fromURI: "file://server/share") == nil)
    #expect(FolderChooser.folder(fromURI: "file:///bad%zzescape") == nil)
    #expect(FolderChooser.folder(fromURI: "file:///nul%00byte") == nil)
  }

  @Test func thePortalsAnswerIsReadAsTheSpecSays() {
    let uris = BusValue.array(elementSignature: "s", [.string("file:///srv/photos")])
    #expect(
      FolderChooser.answer(code: 0, results: ["uris": uris])
        == .chosen(URL(fileURLWithPath: "/srv/photos", isDirectory: true)))
    #expect(FolderChooser.answer(code: 1, results: [:]) == .cancelled)
    guard case .failed = FolderChooser.answer(code: 2, results: [:]) else {
      Issue.record("code 2 is not a failure")
      return
    }
    guard case .failed = FolderChooser.answer(code: 0, results: ["uris": .string("x")]) else {
      Issue.record("uris of the wrong type was taken")
      return
    }
  }

  @Test func theOptionsAskForAModalFolderChooserStartingInTheCurrentFolder() {
    let options = FolderChooser.options(
      token: "t1", current: URL(fileURLWithPath: "/a b", isDirectory: true))
    #expect(options["directory"] == .bool(true))
    #expect(options["modal"] == .bool(true))
    #expect(options["handle_token"] == .string("t1"))
    #expect(
      options["current_folder"]
        == .array(elementSignature: "y", [47, 97, 32, 98, 0].map { .byte($0) }))
  }
}
