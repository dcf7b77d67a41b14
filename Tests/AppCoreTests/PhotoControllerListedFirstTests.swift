// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import MediaStore
import Overlay
import PhotoPipeline
import Testing

/// The folder watcher can list a photo's file before the writer's own event says where it went:
/// the strip must show the shot once, whatever order the two arrive in.
@Suite("Photo controller: files listed before the writer's event")
struct PhotoControllerListedFirstTests {
  typealias TemporaryHome = PhotoControllerViewerTests.TemporaryHome

  static func id(_ home: TemporaryHome, _ name: String) -> String {
    PhotoController.imageID(for: home.photos.appendingPathComponent(name)).name
  }

  /// A controller saving into `home`'s folder, with one shot taken; the file name the writer
  /// will give that shot.
  static func shotTaken(
    into home: TemporaryHome, quality: PhotoQuality = .speed
  ) throws -> (ControllerFixture, String) {
    var settings = AppSettings()
    settings.photoQuality = quality
    let fixture = ControllerFixture(settings: settings)
    fixture.controller.folderChosen(home.photos)
    for sequence in UInt32(1)...UInt32(quality.frameCount) {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    let job = try #require(fixture.writer.jobs.last)
    _ = fixture.controller.drainEffects()
    return (fixture, PhotoNaming().baseName(for: job.captureDate) + ".jpg")
  }

  @Test("a photo listed before its saved event shows once, as the listed file")
  func listedBeforeSavedShowsOnce() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let (fixture, name) = try Self.shotTaken(into: home)
    let controller = fixture.controller
    controller.update(
      photoEvents: [.thumbnailReady(id: 1, thumbnail: fixture.thumbnail())], libraryEvents: [])
    _ = controller.drainEffects()
    // The file is renamed into place; the watcher's listing comes before the writer's event.
    controller.update(
      photoEvents: [], libraryEvents: [.listed(try home.listing([name, "IMG_1.jpg"]))])
    var items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, name), Self.id(home, "IMG_1.jpg")])
    #expect(items.map(\.isPending) == [false, false])
    // The shot's thumbnail moves to the listed name, and the pending one is freed.
    #expect(
      controller.drainEffects() == [
        .setImage(ImageID(Self.id(home, name)), fixture.thumbnail()),
        .removeImage(ImageID("pending:1")),
      ])
    let url = home.photos.appendingPathComponent(name)
    controller.update(
      photoEvents: [.saved(id: 1, url: url, clickToFile: .milliseconds(40))], libraryEvents: [])
    items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, name), Self.id(home, "IMG_1.jpg")])
  }

  @Test("a photo listed even before its thumbnail came shows once")
  func listedBeforeThumbnailShowsOnce() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let (fixture, name) = try Self.shotTaken(into: home)
    let controller = fixture.controller
    controller.update(photoEvents: [], libraryEvents: [.listed(try home.listing([name]))])
    controller.update(
      photoEvents: [.thumbnailReady(id: 1, thumbnail: fixture.thumbnail())], libraryEvents: [])
    let items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, name)])
    #expect(
      controller.drainEffects() == [.setImage(ImageID(Self.id(home, name)), fixture.thumbnail())])
  }

  @Test("a merged photo's proxy listed before its proxySaved event shows once, still pending")
  func proxyListedBeforeProxySavedShowsOnce() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let (fixture, name) = try Self.shotTaken(into: home, quality: .balanced)
    let controller = fixture.controller
    let url = home.photos.appendingPathComponent(name)
    controller.update(
      photoEvents: [.thumbnailReady(id: 1, thumbnail: fixture.thumbnail())], libraryEvents: [])
    controller.update(photoEvents: [], libraryEvents: [.listed(try home.listing([name]))])
    var items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, name)])
    #expect(items.map(\.isPending) == [true])
    let merged = fixture.thumbnail(width: 8, height: 6)
    controller.update(
      photoEvents: [
        .proxySaved(id: 1, url: url), .thumbnailReady(id: 1, thumbnail: merged),
        .saved(id: 1, url: url, clickToFile: .milliseconds(300)),
      ], libraryEvents: [])
    items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == [Self.id(home, name)])
    #expect(items.map(\.isPending) == [false])
    #expect(controller.drainEffects().contains(.setImage(ImageID(Self.id(home, name)), merged)))
  }

  @Test("a file of another name, or one another shot holds, is not taken for the shot")
  func otherFilesAreNotTaken() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let (fixture, name) = try Self.shotTaken(into: home)
    let controller = fixture.controller
    controller.update(
      photoEvents: [.thumbnailReady(id: 1, thumbnail: fixture.thumbnail())], libraryEvents: [])
    let stem = String(name.dropLast(4))
    let others = ["\(stem) (1).jpg", "\(stem) (+2).jpg", "\(stem)5.jpg", "\(stem).png"]
    controller.update(photoEvents: [], libraryEvents: [.listed(try home.listing(others))])
    let items = controller.overlayState(time: 0).thumbnails
    #expect(items.first?.id.name == "pending:1")
    #expect(items.first?.isPending == true)
    #expect(items.count == 1 + others.count)
  }
}
