// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Library
import Overlay
import PhotoPipeline
import Testing

@testable import MediaStore

/// The library grid's controller with its worker: favourites kept across launches, a damaged
/// index kept aside, a selection moved to the Trash and brought back with one Undo.
@Suite(.serialized) struct LibraryControllerTests {
  typealias TemporaryHome = PhotoControllerViewerTests.TemporaryHome
  static let window = Size(width: 1000, height: 700)

  /// Runs the worker's jobs among `effects` and hands its outcomes back to `controller`.
  static func run(
    _ effects: [LibraryEffect], worker: LibraryWorker, controller: LibraryController
  ) {
    for case .job(let job) in effects { worker.send(job) }
    worker.waitUntilIdle()
    for outcome in worker.drainOutcomes() { controller.apply(outcome) }
  }

  static func openController(
    favourites: URL?, home: TemporaryHome, names: [String], worker: LibraryWorker
  ) throws -> LibraryController {
    let controller = LibraryController(favouritesURL: favourites)
    controller.handle(.open)
    run(controller.drainEffects(), worker: worker, controller: controller)
    controller.apply(LibraryEvent.listed(try home.listing(names)))
    _ = controller.overlayState(windowSize: window)
    return controller
  }

  @Test func favouritesSurviveClosingAndAnotherLaunch() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let favourites = home.root.appendingPathComponent("config/pinhole/favourites.json")
    let worker = LibraryWorker(trash: Trash(environment: home.environment))
    defer { worker.stop() }
    let names = ["c.jpg", "b.jpg", "a.jpg"]
    let first = try Self.openController(
      favourites: favourites, home: home, names: names, worker: worker)
    first.handle(.click(index: 0, gesture: .replace, count: 1))
    first.handle(.click(index: 2, gesture: .toggle, count: 1))
    first.handle(.toggleFavourite)
    Self.run(first.drainEffects(), worker: worker, controller: first)
    #expect(FileManager.default.fileExists(atPath: favourites.path))

    let second = try Self.openController(
      favourites: favourites, home: home, names: names, worker: worker)
    second.handle(.toggleFavouritesFilter)
    let state = try #require(second.overlayState(windowSize: Self.window))
    #expect(state.itemCount == 2)
    #expect(state.tiles.allSatisfy { $0.isFavourite })
    #expect(second.browser.urls.map(\.lastPathComponent) == ["c.jpg", "a.jpg"])
  }

  @Test func aDamagedIndexIsKeptAsideAndReported() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let favourites = home.root.appendingPathComponent("favourites.json")
    try Data(#"{"version":1,"favourites":["/a.jpg""#.utf8).write(to: favourites)
    let worker = LibraryWorker(trash: Trash(environment: home.environment))
    defer { worker.stop() }
    let controller = try Self.openController(
      favourites: favourites, home: home, names: ["a.jpg"], worker: worker)
    let kept = home.root.appendingPathComponent("favourites.json.bad")
    #expect(FileManager.default.fileExists(atPath: kept.path))
    #expect(!FileManager.default.fileExists(atPath: favourites.path))
    let toast = try #require(controller.overlayState(windowSize: Self.window)?.toast)
    #expect(toast.contains(favourites.path) && toast.contains("favourites.json.bad"))
    // The next save writes a fresh index and leaves the damaged one alone.
    controller.handle(.selectAll)
    controller.handle(.toggleFavourite)
    Self.run(controller.drainEffects(), worker: worker, controller: controller)
    #expect(FileManager.default.fileExists(atPath: favourites.path))
    #expect(FileManager.default.fileExists(atPath: kept.path))
  }

  @Test func aFolderInTheIndexsPlaceIsReportedAndNeverWrittenTo() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let favourites = home.root.appendingPathComponent("favourites.json")
    try FileManager.default.createDirectory(at: favourites, withIntermediateDirectories: true)
    let worker = LibraryWorker(trash: Trash(environment: home.environment))
    defer { worker.stop() }
    let controller = try Self.openController(
      favourites: favourites, home: home, names: ["a.jpg"], worker: worker)
    let toast = try #require(controller.overlayState(windowSize: Self.window)?.toast)
    #expect(toast.contains("is a folder"))
    controller.handle(.selectAll)
    controller.handle(.toggleFavourite)
    let jobs = controller.drainEffects().filter { if case .job = $0 { true } else { false } }
    #expect(jobs.isEmpty)
    // Starred for this run all the same.
    #expect(controller.overlayState(windowSize: Self.window)?.tiles.first?.isFavourite == true)
  }

  @Test func deleteMovesTheSelectionToTheTrashAndOneUndoBringsAllBack() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let worker = LibraryWorker(trash: Trash(environment: home.environment))
    defer { worker.stop() }
    let names = ["e.jpg", "d.jpg", "c.jpg", "b.jpg", "a.jpg"]
    let controller = try Self.openController(
      favourites: home.root.appendingPathComponent("favourites.json"), home: home,
      names: names, worker: worker)
    controller.handle(.click(index: 1, gesture: .replace, count: 1))
    controller.handle(.click(index: 3, gesture: .extend, count: 1))
    controller.handle(.trashSelection)
    // A second Delete before the first batch is done asks for nothing more.
    controller.handle(.trashSelection)
    let jobs = controller.drainEffects().filter { if case .job = $0 { true } else { false } }
    #expect(jobs.count == 1)
    Self.run(jobs, worker: worker, controller: controller)
    let trashed = ["d.jpg", "c.jpg", "b.jpg"]
    for name in trashed {
      #expect(
        !FileManager.default.fileExists(atPath: home.photos.appendingPathComponent(name).path))
      #expect(
        FileManager.default.fileExists(atPath: home.trashFiles.appendingPathComponent(name).path))
    }
    var state = try #require(controller.overlayState(windowSize: Self.window))
    #expect(state.itemCount == 2)
    #expect(state.toast == "Moved 3 items to the Trash")
    #expect(state.canUndo)

    controller.handle(.undoTrash)
    Self.run(controller.drainEffects(), worker: worker, controller: controller)
    for name in trashed {
      #expect(FileManager.default.fileExists(atPath: home.photos.appendingPathComponent(name).path))
    }
    state = try #require(controller.overlayState(windowSize: Self.window))
    #expect(state.toast == "Put back 3 items")
    #expect(!state.canUndo)
    // A second Undo has nothing left to bring back.
    _ = controller.drainEffects()
    controller.handle(.undoTrash)
    #expect(controller.drainEffects().isEmpty)
  }

  @Test func texturesStayBoundedWhileScrollingThroughFiveThousandItems() {
    let controller = LibraryController(favouritesURL: nil)
    controller.handle(.open)
    let entries = (0..<5000).map { index in
      PhotoListing.Entry(
        url: URL(fileURLWithPath: "/p/\(index).jpg"), kind: .photo,
        modificationDate: Date(timeIntervalSince1970: 1_796_472_000 - Double(index) * 600),
        byteCount: 1000)
    }
    controller.apply(LibraryEvent.listed(entries))
    let thumbnail = Thumbnail(rgba: [UInt8](repeating: 128, count: 4 * 4 * 4), width: 4, height: 4)
    controller.cachedThumbnail = { _ in thumbnail }
    var onGPU: Set<ImageID> = []
    var mostOnGPU = 0
    var wantedBatches = 0
    for _ in 0..<400 {
      controller.handle(.scroll(by: 250))
      for _ in 0..<4 {
        _ = controller.overlayState(windowSize: Self.window)
        for effect in controller.drainEffects() {
          switch effect {
          case .setImage(let id, _): onGPU.insert(id)
          case .removeImage(let id): onGPU.remove(id)
          case .wantFiles(let urls):
            wantedBatches += 1
            #expect(urls.count <= 200)
          default: break
          }
        }
        mostOnGPU = max(mostOnGPU, onGPU.count)
      }
    }
    // A 1000x700 window shows 7 columns by about 6 rows; a screen either side stays uploaded.
    #expect(mostOnGPU <= 3 * 7 * 7)
    #expect(wantedBatches > 100)
    let state = controller.overlayState(windowSize: Self.window)
    #expect(state?.tiles.allSatisfy { $0.image != nil } == true)
  }

  @Test func returnOpensTheCursorsItemInTheViewer() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let worker = LibraryWorker(trash: Trash(environment: home.environment))
    defer { worker.stop() }
    let names = ["c.jpg", "b.jpg", "a.jpg"]
    let controller = try Self.openController(
      favourites: nil, home: home, names: names, worker: worker)
    controller.handle(.step(.items(1), extending: false))
    controller.handle(.step(.items(1), extending: false))
    _ = controller.drainEffects()
    controller.handle(.openCursorItem)
    let opened = controller.drainEffects().compactMap { effect -> URL? in
      if case .openInViewer(let url) = effect { url } else { nil }
    }
    #expect(opened.map(\.lastPathComponent) == ["b.jpg"])
    // The viewer finds the file in the strip's listing by name.
    let fixture = ControllerFixture()
    fixture.controller.update(photoEvents: [], libraryEvents: [.listed(try home.listing(names))])
    #expect(fixture.controller.openViewer(on: try #require(opened.first)))
    #expect(fixture.controller.overlayState(time: 0).viewer?.fileName == "b.jpg")
    #expect(!fixture.controller.openViewer(on: home.photos.appendingPathComponent("gone.jpg")))
  }

  @Test func scrollMeterCountsOnlyScrollingStretches() {
    var meter = LibraryScrollMeter()
    for frame in 0..<31 {
      meter.framePresented(at: Double(frame) / 30, duration: 0.004, isScrolling: true)
    }
    // Two seconds without scrolling, then ten more frames.
    for frame in 0..<10 {
      meter.framePresented(at: 3 + Double(frame) / 30, duration: 0.02, isScrolling: true)
    }
    meter.framePresented(at: 4, duration: 0.5, isScrolling: false)
    #expect(meter.frames == 41)
    #expect(abs(meter.framesPerSecond - 30) < 1.5)
    #expect(meter.slowest == 0.02)
  }
}
