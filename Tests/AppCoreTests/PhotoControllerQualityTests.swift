// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Overlay
import PhotoPipeline
import Testing

@Suite("Photo controller: merged photos")
struct PhotoControllerQualityTests {
  @Test("Balanced hands the writer the 4 frames ending with the one on screen, as copies")
  func balancedSubmitsTheLastFourFramesAndFreesThePool() {
    let fixture = ControllerFixture()
    fixture.controller.photoQuality = .balanced
    for sequence in UInt32(1)...7 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    let recycledBefore = fixture.recycled.sequences.count
    fixture.controller.handle(.shutter, readAt: fixture.clock.at(milliseconds: 200))
    #expect(fixture.writer.jobs.count == 1)
    guard case .burst(let entries, let quality)? = fixture.writer.jobs.first?.source else {
      Issue.record("not a merged photo: \(String(describing: fixture.writer.jobs.first?.source))")
      return
    }
    #expect(quality == .balanced)
    #expect(entries.map(\.metadata.sequence) == [3, 4, 5, 6])
    // The pool's frames went back at once; the job holds copies.
    #expect(Array(fixture.recycled.sequences.dropFirst(recycledBefore)) == [3, 4, 5, 6])
    #expect(fixture.controller.drainEffects().contains(.playShutterSound))
  }

  @Test("the settings' photo quality steps Speed, Balanced, Quality and is saved")
  func photoQualityStepsAndIsSaved() {
    var settings = AppSettings()
    settings.photoQuality = .quality
    let fixture = ControllerFixture(settings: settings)
    let controller = fixture.controller
    #expect(controller.photoQuality == .quality)
    controller.handle(.cyclePhotoQuality, readAt: fixture.clock.now)
    #expect(controller.photoQuality == .speed)
    #expect(controller.drainEffects() == [.saveSettings])
    controller.handle(.cyclePhotoQuality, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).photoQuality == .balanced)
  }

  @Test("Speed still takes the one frame on screen")
  func speedTakesOneFrame() {
    let fixture = ControllerFixture()
    for sequence in UInt32(1)...7 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    fixture.controller.handle(.shutter, readAt: fixture.clock.at(milliseconds: 200))
    #expect(fixture.writer.sequences == [6])
  }

  @Test("a merged photo's second thumbnail replaces its proxy's in place")
  func secondThumbnailReplacesTheProxy() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(
      photoEvents: [.thumbnailReady(id: 3, thumbnail: fixture.thumbnail())], libraryEvents: [])
    _ = controller.drainEffects()
    let final = fixture.thumbnail(width: 8, height: 6)
    controller.update(photoEvents: [.thumbnailReady(id: 3, thumbnail: final)], libraryEvents: [])
    let items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id.name) == ["pending:3"])
    #expect(items.map(\.isPending) == [true])
    #expect(controller.drainEffects() == [.setImage(ImageID("pending:3"), final)])
  }

  @Test("a listed proxy stays marked pending until its merge is saved, then shows the merge")
  func listedProxyIsPendingUntilSaved() throws {
    let home = try PhotoControllerViewerTests.TemporaryHome(names: [])
    defer { home.remove() }
    let fixture = ControllerFixture()
    let controller = fixture.controller
    let proxy = home.photos.appendingPathComponent("IMG_1.jpg")
    let listedID = PhotoController.imageID(for: proxy)
    controller.update(
      photoEvents: [
        .thumbnailReady(id: 5, thumbnail: fixture.thumbnail()), .proxySaved(id: 5, url: proxy),
      ], libraryEvents: [.listed(try home.listing(["IMG_1.jpg"]))])
    var items = controller.overlayState(time: 0).thumbnails
    // One item, not the pending shot beside its listed proxy.
    #expect(items.map(\.id) == [listedID])
    #expect(items.map(\.isPending) == [true])
    _ = controller.drainEffects()
    let final = fixture.thumbnail(width: 8, height: 6)
    controller.update(
      photoEvents: [
        .thumbnailReady(id: 5, thumbnail: final),
        .saved(id: 5, url: proxy, clickToFile: .milliseconds(300)),
      ], libraryEvents: [])
    items = controller.overlayState(time: 0).thumbnails
    #expect(items.map(\.id) == [listedID])
    #expect(items.map(\.isPending) == [false])
    #expect(controller.drainEffects().contains(.setImage(listedID, final)))
  }
}

@Suite("Photo controller: the ring follows the photo setting")
struct PhotoControllerRingTests {
  @Test("the ring keeps 2 frames for Speed, 5 for Balanced and 9 for Quality")
  func ringLengthFollowsTheSetting() {
    var lengths: [PhotoQuality: Int] = [:]
    for quality in PhotoQuality.allCases {
      var settings = AppSettings()
      settings.photoQuality = quality
      let fixture = ControllerFixture(settings: settings)
      for sequence in UInt32(1)...20 {
        fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
      }
      // Every frame the ring does not keep went back to the pool.
      #expect(fixture.recycled.sequences == Array(1...UInt32(20 - fixture.controller.ringLength)))
      lengths[quality] = fixture.controller.ringLength
    }
    #expect(lengths == [.speed: 2, .balanced: 5, .quality: 9])
    #expect(PhotoController.ringCapacity == 9)
  }

  @Test("stepping from Quality to Speed gives the frames Speed does not need back to the pool")
  func shorterSettingReleasesFrames() {
    var settings = AppSettings()
    settings.photoQuality = .quality
    let fixture = ControllerFixture(settings: settings)
    for sequence in UInt32(1)...9 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    #expect(fixture.recycled.sequences.isEmpty)
    fixture.controller.handle(.cyclePhotoQuality, readAt: fixture.clock.now)
    #expect(fixture.controller.photoQuality == .speed)
    #expect(fixture.recycled.sequences == Array(1...7))
    // The frame on screen is still there for the shutter.
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.sequences == [9])
  }
}
