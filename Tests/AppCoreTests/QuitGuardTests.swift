// SPDX-License-Identifier: MIT
import Foundation
import Overlay
import Testing

@testable import AppCore

@Suite struct QuitGuardTests {
  let folder = URL(fileURLWithPath: "/home/ada/Pictures/Pinhole")

  @Test func quitsAtOnceWhenEveryPhotoIsSaved() {
    var guardian = QuitGuard()
    #expect(
      guardian.requestQuit(unsavedCount: 0, folder: nil, home: "/home/ada")
        == .quit(discardsUnsaved: false))
    #expect(guardian.dialog == nil)
  }

  @Test func asksWhenPhotosAreHeldAndCancelKeepsRunning() {
    var guardian = QuitGuard()
    #expect(guardian.requestQuit(unsavedCount: 2, folder: folder, home: "/home/ada") == .wait)
    #expect(guardian.dialog == QuitDialogState(unsavedCount: 2, folder: "~/Pictures/Pinhole"))
    #expect(guardian.dialog?.heading == "2 photos are not saved")
    #expect(
      guardian.dialog?.detail == "~/Pictures/Pinhole can't be written. Quitting now loses them.")
    #expect(guardian.answer(.cancel) == .wait)
    #expect(guardian.dialog == nil)
    #expect(guardian.photosChanged(unsavedCount: 0) == .wait)
  }

  @Test func quitWithoutSavingDiscardsOnlyWhenAsked() {
    var guardian = QuitGuard()
    _ = guardian.requestQuit(unsavedCount: 1, folder: folder, home: nil)
    #expect(guardian.dialog?.heading == "1 photo is not saved")
    #expect(guardian.dialog?.folder == "/home/ada/Pictures/Pinhole")
    #expect(guardian.answer(.quitWithoutSaving) == .quit(discardsUnsaved: true))
    #expect(guardian.answer(.quitWithoutSaving) == .wait)  // no dialog: a stray answer is ignored
  }

  @Test func saveElsewhereChoosesAFolderThenQuitsOnceSaved() {
    var guardian = QuitGuard()
    _ = guardian.requestQuit(unsavedCount: 3, folder: folder, home: "/home/ada")
    #expect(guardian.answer(.saveElsewhere) == .chooseFolder)
    #expect(guardian.photosChanged(unsavedCount: 3) == .wait)  // chooser still open
    #expect(guardian.photosChanged(unsavedCount: 0) == .quit(discardsUnsaved: false))
    #expect(guardian.photosChanged(unsavedCount: 0) == .wait)
  }

  @Test func withoutAChooserSaveElsewhereIsNeitherOfferedNorTaken() {
    var guardian = QuitGuard()
    _ = guardian.requestQuit(
      unsavedCount: 2, folder: folder, home: "/home/ada", canChooseFolder: false)
    #expect(guardian.dialog?.actions == [.quitWithoutSaving, .cancel])
    #expect(guardian.dialog?.defaultAction == .cancel)
    #expect(guardian.answer(.saveElsewhere) == .wait)
    #expect(guardian.dialog != nil)  // a stray answer leaves the question up
    #expect(guardian.answer(.cancel) == .wait)
    #expect(guardian.photosChanged(unsavedCount: 0) == .wait)
  }

  @Test func aChooserClosedWithoutAFolderNeverQuitsLater() {
    var guardian = QuitGuard()
    _ = guardian.requestQuit(unsavedCount: 1, folder: folder, home: "/home/ada")
    #expect(guardian.answer(.saveElsewhere) == .chooseFolder)
    guardian.chooserEndedWithoutFolder()
    // The first folder becomes writable and the photo is saved there: the app keeps running.
    #expect(guardian.photosChanged(unsavedCount: 0) == .wait)
  }

  @Test func askingAgainAfterSaveElsewhereForgetsTheEarlierAnswer() {
    var guardian = QuitGuard()
    _ = guardian.requestQuit(unsavedCount: 1, folder: folder, home: "/home/ada")
    _ = guardian.answer(.saveElsewhere)
    #expect(guardian.requestQuit(unsavedCount: 1, folder: folder, home: "/home/ada") == .wait)
    _ = guardian.answer(.cancel)
    #expect(guardian.photosChanged(unsavedCount: 0) == .wait)
  }

  @Test func aDialogWhosePhotosGotSavedMeanwhileCloses() {
    var guardian = QuitGuard()
    _ = guardian.requestQuit(unsavedCount: 1, folder: folder, home: "/home/ada")
    #expect(guardian.photosChanged(unsavedCount: 0) == .wait)
    #expect(guardian.dialog == nil)
  }

  @Test func homeIsShownAsTildeOnlyForWholeFolderNames() {
    #expect(QuitGuard.shown("/home/ada", home: "/home/ada") == "~")
    #expect(QuitGuard.shown("/home/adam/Pictures", home: "/home/ada") == "/home/adam/Pictures")
    #expect(QuitGuard.shown("/media/card", home: "/") == "/media/card")
  }
}
