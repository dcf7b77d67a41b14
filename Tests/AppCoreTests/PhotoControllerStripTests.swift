// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import MediaStore
import Overlay
import PhotoPipeline
import Testing

@Suite("Photo controller: thumbnail strip and storage warnings")
struct PhotoControllerStripTests {
  typealias TemporaryHome = PhotoControllerViewerTests.TemporaryHome

  static func id(_ home: TemporaryHome, _ name: String) -> String {
    PhotoController.imageID(for: home.photos.appendingPathComponent(name)).name
  }

  @Test("a new shot shows at once as pending, stops spinning when saved, then is listed once")
  func pendingThenSavedThenListed() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(photoEvents: [], libraryEvents: [.listed(try home.listing(["IMG_1.jpg"]))])
    controller.update(
      photoEvents: [.thumbnailReady(id: 7, thumbnail: fixture.thumbnail())], libraryEvents: [])
    var items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == ["pending:7", Self.id(home, "IMG_1.jpg")])
    #expect(items.map(\.isPending) == [true, false])
    #expect(controller.drainEffects() == [.setImage(ImageID("pending:7"), fixture.thumbnail())])

    let saved = home.photos.appendingPathComponent("IMG_2.jpg")
    controller.update(
      photoEvents: [.saved(id: 7, url: saved, clickToFile: .milliseconds(42))],
      libraryEvents: [])
    items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.isPending) == [false, false])
    #expect(
      controller.drainEffects() == [.log("pinhole: saved \(saved.path) (click to file 42 ms)")])

    let listing = try home.listing(["IMG_2.jpg", "IMG_1.jpg"])
    controller.update(photoEvents: [], libraryEvents: [.listed(listing)])
    items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, "IMG_2.jpg"), Self.id(home, "IMG_1.jpg")])
    // The shot's thumbnail moves to the listed name at once; the pending name is freed.
    #expect(
      controller.drainEffects() == [
        .setImage(ImageID(Self.id(home, "IMG_2.jpg")), fixture.thumbnail()),
        .removeImage(ImageID("pending:7")),
      ])
    #expect(abs((items.first?.aspect ?? 0) - 4.0 / 3.0) < 1e-9)
  }

  @Test("the strip follows the library's order and frees thumbnails of files that went away")
  func stripOrderAndRemoval() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(
      photoEvents: [], libraryEvents: [.listed(try home.listing(["a.jpg", "b.jpg"]))])
    let b = home.photos.appendingPathComponent("b.jpg")
    let tall = fixture.thumbnail(width: 2, height: 4)
    controller.update(photoEvents: [], libraryEvents: [.thumbnailReady(url: b, thumbnail: tall)])
    #expect(controller.drainEffects() == [.setImage(ImageID(Self.id(home, "b.jpg")), tall)])
    var items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, "a.jpg"), Self.id(home, "b.jpg")])
    #expect(items.map(\.aspect).last == 0.5)
    controller.update(photoEvents: [], libraryEvents: [.listed(try home.listing(["a.jpg"]))])
    items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, "a.jpg")])
    #expect(controller.drainEffects() == [.removeImage(ImageID(Self.id(home, "b.jpg")))])
  }

  @Test("scrolling the strip moves the loader's visible window")
  func scrollMovesVisibleRange() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    #expect(controller.visibleListingRange.lowerBound == 0)
    controller.handle(.scrollStrip(by: 64 * 5), readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).stripOffset == 320)
    #expect(controller.visibleListingRange.lowerBound == 5)
    controller.handle(.scrollStrip(by: -1000), readAt: fixture.clock.now)
    #expect(controller.stripOffset == 0)
  }

  @Test("kept photos show a warning with their count until all are written")
  func keptWarningClearsWhenWritten() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    fixture.writer.unwrittenCount = 2
    controller.update(
      photoEvents: [.kept(id: 1, error: .diskFull(folder: "/photos"))], libraryEvents: [])
    #expect(
      controller.overlayState(time: 0).storageMessage
        == "The disk holding /photos is full; free some space or choose another folder"
        + " — 2 photos kept in memory")
    controller.update(photoEvents: [], libraryEvents: [])
    #expect(controller.overlayState(time: 0).storageMessage != nil)
    fixture.writer.unwrittenCount = 0
    controller.update(photoEvents: [], libraryEvents: [])
    #expect(controller.overlayState(time: 0).storageMessage == nil)
  }

  @Test("a lost shot leaves the strip and explains why")
  func failedShotLeavesStrip() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(
      photoEvents: [
        .thumbnailReady(id: 3, thumbnail: fixture.thumbnail()),
        .failed(id: 3, message: "The photo could not be encoded."),
      ], libraryEvents: [])
    #expect(controller.overlayState(time: 0).thumbnails.isEmpty)
    #expect(controller.overlayState(time: 0).storageMessage == "The photo could not be encoded.")
    #expect(controller.drainEffects().last == .removeImage(ImageID("pending:3")))
  }

  @Test("a folder missing at start is watched again once the first photo creates it")
  func missingFolderIsWatchedAfterFirstSave() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(
      photoEvents: [], libraryEvents: [.folderUnavailable(.folderMissing(folder: "/tmp/x"))])
    #expect(controller.overlayState(time: 0).storageMessage?.contains("missing") == true)
    let saved = controller.folder.appendingPathComponent("a.jpg")
    controller.update(
      photoEvents: [.saved(id: 1, url: saved, clickToFile: .milliseconds(5))], libraryEvents: [])
    #expect(controller.drainEffects().contains(.watchFolder(controller.folder)))
    #expect(controller.overlayState(time: 0).storageMessage == nil)
  }

  @Test("the settings' folder list and chooser ask the app, and only absolute paths are used")
  func saveFolderChoicesBecomeEffects() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.saveFolders = SaveFolders(photos: "/p", videos: "/v")
    #expect(controller.overlayState(time: 0).saveFolders?.videos == "/v")
    controller.handle(.chooseSaveFolder(.videos), readAt: fixture.clock.now)
    controller.handle(.setSaveFolder(.photos, "/media/card"), readAt: fixture.clock.now)
    controller.handle(.setSaveFolder(.videos, "relative/clips"), readAt: fixture.clock.now)
    #expect(
      controller.drainEffects() == [
        .chooseSaveFolder(.videos),
        .useSaveFolder(.photos, URL(fileURLWithPath: "/media/card", isDirectory: true)),
      ])
  }

  @Test("a chosen folder receives the next photos and is watched instead")
  func chosenFolderTakesNewPhotos() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.handle(.chooseFolder, readAt: fixture.clock.now)
    #expect(controller.drainEffects() == [.chooseFolder])
    let chosen = URL(fileURLWithPath: "/media/card/DCIM", isDirectory: true)
    controller.folderChosen(chosen)
    #expect(controller.drainEffects() == [.watchFolder(chosen)])
    fixture.present(1, atMilliseconds: 10)
    controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.jobs.map(\.folder) == [chosen])
  }
}
