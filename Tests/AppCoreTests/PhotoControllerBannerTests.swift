// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import MediaStore
import Overlay
import Testing

@Suite("Photo controller: banners")
struct PhotoControllerBannerTests {
  typealias TemporaryHome = PhotoControllerViewerTests.TemporaryHome

  @Test("information fades after a few seconds; an error stays until closed")
  func informationExpiresErrorsStay() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.showProblem("Can't open photos in another application: xdg-open is missing.")
    let shown = controller.overlayState(time: 0).banner
    #expect(shown?.isError == false && shown?.action == nil)
    fixture.clock.advance(milliseconds: 6_900)
    controller.update(photoEvents: [], libraryEvents: [])
    #expect((controller.overlayState(time: 0).banner?.opacity ?? 0) < 1)
    fixture.clock.advance(milliseconds: 200)
    controller.update(photoEvents: [], libraryEvents: [])
    #expect(controller.overlayState(time: 0).banner == nil)

    controller.update(photoEvents: [.failed(id: 1, message: "Disk error.")], libraryEvents: [])
    fixture.clock.advance(milliseconds: 600_000)
    controller.update(photoEvents: [], libraryEvents: [])
    #expect(controller.overlayState(time: 0).banner?.message == "Disk error.")
    controller.handle(.dismissBanner, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).banner == nil)
  }

  @Test("a write error goes away with the next saved photo")
  func writeErrorClearsOnSave() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(photoEvents: [.failed(id: 1, message: "Disk error.")], libraryEvents: [])
    #expect(controller.overlayState(time: 0).banner?.isError == true)
    let saved = controller.folder.appendingPathComponent("a.jpg")
    controller.update(
      photoEvents: [.saved(id: 2, url: saved, clickToFile: .milliseconds(5))], libraryEvents: [])
    #expect(controller.overlayState(time: 0).banner == nil)
  }

  @Test("Choose folder… shows only while a chooser can work")
  func folderChoiceOnlyWhenItCanWork() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(
      photoEvents: [], libraryEvents: [.folderUnavailable(.folderMissing(folder: "/tmp/x"))])
    #expect(controller.overlayState(time: 0).banner?.action == .chooseFolder)
    controller.handle(.chooseFolder, readAt: fixture.clock.now)
    #expect(controller.drainEffects().contains(.chooseFolder))
    // The chooser failed: say so, with no button, and offer none again.
    controller.folderChooserFailed("No folder chooser is installed.")
    let banner = controller.overlayState(time: 0).banner
    #expect(banner?.message == "No folder chooser is installed." && banner?.action == nil)
    controller.update(photoEvents: [.failed(id: 1, message: "Disk error.")], libraryEvents: [])
    #expect(controller.overlayState(time: 0).banner?.action == nil)
  }

  @Test(
    "kept photos' banner closes with the folder's error and comes back with the next kept photo")
  func keptBannerCloses() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    fixture.writer.unwrittenCount = 1
    controller.update(
      photoEvents: [], libraryEvents: [.folderUnavailable(.folderMissing(folder: "/photos"))])
    controller.update(
      photoEvents: [.kept(id: 1, error: .diskFull(folder: "/photos"))], libraryEvents: [])
    #expect(controller.overlayState(time: 0).banner?.isError == true)
    controller.handle(.dismissBanner, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).banner == nil)
    fixture.writer.unwrittenCount = 2
    controller.update(
      photoEvents: [.kept(id: 2, error: .diskFull(folder: "/photos"))], libraryEvents: [])
    #expect(controller.overlayState(time: 0).banner?.message.contains("2 photos") == true)
  }

  @Test("a viewer problem shows in the viewer only and goes when the viewer closes")
  func viewerProblemsStayInTheViewer() throws {
    let home = try TemporaryHome(names: [])
    defer { home.remove() }
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.update(
      photoEvents: [], libraryEvents: [try PhotoControllerViewerTests.listed(home, ["a.jpg"])])
    controller.update(photoEvents: [.failed(id: 1, message: "Disk error.")], libraryEvents: [])
    controller.handle(.openViewer(0), readAt: fixture.clock.now)
    // The camera screen's error waits for the camera screen.
    #expect(controller.overlayState(time: 0).banner == nil)
    controller.trashFinished(.failure(.trashUnavailable(path: "/tmp/a.jpg")))
    #expect(controller.overlayState(time: 0).banner?.action == nil)
    #expect(controller.overlayState(time: 0).banner?.isError == true)
    controller.handle(.closeViewer, readAt: fixture.clock.now)
    // Leaving the viewer forgets its problem; the camera screen shows nothing stale.
    #expect(controller.overlayState(time: 0).banner == nil)
  }
}

@Suite("Preview model and notice timer")
struct PreviewNoticeTests {
  @Test("the presented rate starts afresh after a pause instead of showing 0.2 fps")
  func rateAfterPause() {
    let device = DeviceInfo(path: "/dev/video0", name: "Cam", driver: "x", busInfo: "usb")
    var model = PreviewModel(device: device)
    var time = MonotonicTime(nanoseconds: 1_000_000_000)
    for _ in 0..<40 {
      model.recordPresentedFrame(at: time)
      time.nanoseconds += 33_333_333
    }
    let before = model.presentedFramesPerSecond
    #expect(abs(before - 30) < 1)
    time.nanoseconds += 5_000_000_000
    for _ in 0..<10 {
      model.recordPresentedFrame(at: time)
      time.nanoseconds += 33_333_333
    }
    #expect(model.presentedFramesPerSecond == before)
  }

  @Test("a notice's clock starts when its text appears; sticky ones never fade")
  func noticeTimer() {
    var timer = NoticeTimer()
    #expect(timer.since(nil, isSticky: false, time: 1) == nil)
    #expect(timer.since("No camera found", isSticky: false, time: 2) == 2)
    #expect(timer.since("No camera found", isSticky: false, time: 9) == 2)
    #expect(timer.since("In use by firefox", isSticky: true, time: 10) == nil)
    #expect(timer.since("Other", isSticky: false, time: 11) == 11)
  }
}
