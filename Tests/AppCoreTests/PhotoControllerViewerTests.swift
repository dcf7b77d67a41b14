// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Imaging
import Overlay
import PhotoPipeline
import Testing

@testable import MediaStore

@Suite("Photo controller: viewer, trash and undo")
struct PhotoControllerViewerTests {
  /// A temporary home with a photo folder holding `names`, removed by `remove()`.
  struct TemporaryHome {
    let root: URL
    let photos: URL
    init(names: [String]) throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("pinhole-viewer-\(UUID().uuidString)")
      photos = root.appendingPathComponent("photos")
      try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
      for name in names {
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: photos.appendingPathComponent(name))
      }
    }
    var environment: [String: String] {
      ["HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path]
    }
    var trashFiles: URL { root.appendingPathComponent("data/Trash/files") }
    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The folder's listing with `names` in it, newest first (each made a second older than
    /// the one before), as the thumbnail loader reports it.
    func listing(_ names: [String]) throws -> [PhotoListing.Entry] {
      for (age, name) in names.enumerated() {
        let url = photos.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: url.path) {
          try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: url)
        }
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSinceNow: -Double(age + 1))], ofItemAtPath: url.path)
      }
      let wanted = Set(names)
      return try PhotoListing.scan(photos).filter { wanted.contains($0.url.lastPathComponent) }
    }
  }

  static func listed(_ home: TemporaryHome, _ names: [String]) throws -> LibraryEvent {
    .listed(try home.listing(names))
  }

  @Test("opening a thumbnail shows it, asks for the full photo, and arrows move along")
  func openAndBrowse() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(photoEvents: [], libraryEvents: [try Self.listed(home, ["b.jpg", "a.jpg"])])
    controller.handle(.openViewer(0), readAt: fixture.clock.now)
    let b = home.photos.appendingPathComponent("b.jpg")
    #expect(controller.drainEffects() == [.decodeViewerImage(b)])
    var viewer = try #require(controller.overlayState(time: 0).viewer)
    #expect(viewer.fileName == "b.jpg")
    #expect(viewer.positionLabel == "1 / 2")
    #expect(controller.isViewerOpen)
    controller.viewerImageReady(fixture.thumbnail(width: 8, height: 6), for: b)
    viewer = try #require(controller.overlayState(time: 0).viewer)
    #expect(viewer.image == PhotoController.viewerImage)
    #expect(viewer.imageSize == Size(width: 8, height: 6))
    controller.handle(.zoom(by: 2), readAt: fixture.clock.now)
    controller.handle(.pan(to: Point(x: 0.1, y: 0)), readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).viewer?.zoom == 2)
    #expect(controller.overlayState(time: 0).viewer?.pan == Point(x: 0.1, y: 0))
    controller.handle(.showNext, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).viewer?.fileName == "a.jpg")
    controller.handle(.showNext, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).viewer?.fileName == "a.jpg")
    controller.handle(.closeViewer, readAt: fixture.clock.now)
    #expect(!controller.isViewerOpen)
    #expect(controller.drainEffects().contains(.removeImage(PhotoController.viewerImage)))
  }

  @Test("Delete moves the photo to the trash, offers undo for five seconds, and undo restores it")
  func trashAndUndo() throws {
    let home = try TemporaryHome(names: ["a.jpg", "b.jpg"])
    defer { home.remove() }
    let fixture = ControllerFixture()
    let controller = fixture.controller
    let worker = PhotoControllerWorker(trash: Trash(environment: home.environment))
    controller.update(photoEvents: [], libraryEvents: [try Self.listed(home, ["b.jpg", "a.jpg"])])
    controller.handle(.openViewer(0), readAt: fixture.clock.now)
    controller.handle(.trashCurrent, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).viewer?.isDeleting == true)
    let b = home.photos.appendingPathComponent("b.jpg")
    #expect(controller.drainEffects().last == .moveToTrash(b))

    worker.moveToTrash(b)
    worker.waitUntilIdle()
    for case .trashed(let result) in worker.drainOutcomes() { controller.trashFinished(result) }
    let trashed = home.trashFiles.appendingPathComponent("b.jpg")
    #expect(FileManager.default.fileExists(atPath: trashed.path))
    #expect(!FileManager.default.fileExists(atPath: b.path))
    var state = controller.overlayState(time: 0)
    #expect(state.toast == "Moved to Trash")
    #expect(state.viewer?.fileName == "a.jpg")
    #expect(state.thumbnails.count == 1)
    fixture.clock.advance(milliseconds: 4900)
    #expect(controller.overlayState(time: 0).toast != nil)

    controller.handle(.undoTrash, readAt: fixture.clock.now)
    let effects = controller.drainEffects()
    let restore = try #require(
      effects.compactMap { effect -> TrashedItem? in
        if case .restore(let item) = effect { return item }
        return nil
      }.first)
    worker.restore(restore)
    worker.waitUntilIdle()
    for case .restored(let result) in worker.drainOutcomes() {
      #expect((try? result.get()) == b)
      controller.restoreFinished(result)
    }
    #expect(FileManager.default.fileExists(atPath: b.path))
    #expect(!FileManager.default.fileExists(atPath: trashed.path))
    state = controller.overlayState(time: 0)
    #expect(state.toast == nil)
    // Once the listing shows it again, the viewer goes back to the restored photo.
    controller.update(photoEvents: [], libraryEvents: [try Self.listed(home, ["b.jpg", "a.jpg"])])
    #expect(controller.overlayState(time: 0).viewer?.fileName == "b.jpg")
    #expect(controller.drainEffects().contains(.decodeViewerImage(b)))
  }

  @Test("the undo toast disappears after five seconds")
  func toastExpires() throws {
    let fixture = ControllerFixture()
    let item = TrashedItem(
      originalURL: URL(fileURLWithPath: "/photos/a.jpg"),
      trashedURL: URL(fileURLWithPath: "/trash/a.jpg"),
      infoURL: URL(fileURLWithPath: "/trash/a.jpg.trashinfo"))
    fixture.controller.trashFinished(.success(item))
    #expect(fixture.controller.overlayState(time: 0).toast == "Moved to Trash")
    fixture.clock.advance(milliseconds: 5001)
    #expect(fixture.controller.overlayState(time: 0).toast == nil)
  }

  @Test("the viewer's photo is decoded off the main thread at the window's height")
  func viewerImageFitsWindowHeight() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let frame = NV12Frame(size: FrameSize(width: 640, height: 480))
    frame.withPlanes { y, uv in
      y.update(repeating: 120)
      uv.update(repeating: 128)
    }
    let url = home.photos.appendingPathComponent("p.jpg")
    try JPEGEncoder().encode(frame).write(to: url)
    let worker = PhotoControllerWorker()
    worker.decodeViewerImage(url, height: 240)
    worker.waitUntilIdle()
    let outcomes = worker.drainOutcomes()
    #expect(outcomes.count == 1)
    guard case .viewerImage(let image, let decodedURL)? = outcomes.first else {
      Issue.record("no viewer image: \(outcomes)")
      return
    }
    #expect(decodedURL == url)
    #expect(image.width == 320)
    #expect(image.height == 240)
  }
}
