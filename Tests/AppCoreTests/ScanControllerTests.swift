// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Overlay
import Scanning
import Testing

@testable import AppCore

@Suite("Scan controller")
struct ScanControllerTests {
  let start = MonotonicTime(nanoseconds: 10_000_000_000)
  let hd = FrameSize(width: 1280, height: 720)

  func at(_ seconds: Double) -> MonotonicTime {
    start.advanced(by: .milliseconds(Int64(seconds * 1000)))
  }

  func code(_ text: String, at x: Double = 100) -> DetectedCode {
    DetectedCode(
      text: text, symbology: .qr,
      corners: [
        Point(x: x, y: 100), Point(x: x + 100, y: 100), Point(x: x + 100, y: 200),
        Point(x: x, y: 200),
      ])
  }

  func result(_ codes: [DetectedCode], captured: MonotonicTime) -> ScanWorker.Result {
    ScanWorker.Result(
      codes: codes, region: PixelRectangle(left: 0, top: 0, width: 1280, height: 720),
      captureTime: captured)
  }

  func logs(_ effects: [ScanController.Effect]) -> [String] {
    effects.compactMap { if case .log(let line) = $0 { line } else { nil } }
  }

  @Test func scanModeStartsThePacingAgainAndIsLogged() {
    var scan = ScanController()
    let effects = scan.handle(.toggleMode, at: start)
    #expect(scan.isScanning)
    #expect(effects == [.resetPacing, .log("pinhole: scan mode on")])
    #expect(scan.handle(.toggleMode, at: at(1)) == [.log("pinhole: scan mode off")])
    #expect(!scan.isScanning)
  }

  @Test func aNewCodeIsLoggedOnceWithItsTimesAndHeldThroughAMissedScan() {
    var scan = ScanController()
    _ = scan.setScanning(true, at: start)
    let first = scan.receive(
      [result([code("hello")], captured: at(0.2))], isLooking: true, at: at(0.25))
    #expect(
      logs(first) == [
        "pinhole: scan card QR \"hello\" shown 250 ms after scan mode started, 50 ms after "
          + "its frame was captured"
      ])
    // Seen again: no second line; missed for less than the hold time: still on show.
    #expect(
      scan.receive([result([code("hello")], captured: at(0.4))], isLooking: true, at: at(0.45))
        .isEmpty)
    #expect(scan.receive([], isLooking: true, at: at(1.3)).isEmpty)
    #expect(scan.shown.count == 1)
    // Unseen for longer than the hold time: gone.
    _ = scan.receive([], isLooking: true, at: at(1.5))
    #expect(scan.shown.isEmpty)
  }

  @Test func resultsArrivingAfterTheModeWasLeftShowNothing() {
    var scan = ScanController()
    _ = scan.setScanning(true, at: start)
    _ = scan.receive([result([code("a")], captured: start)], isLooking: true, at: at(0.1))
    let late = scan.receive([result([code("b")], captured: at(0.2))], isLooking: false, at: at(0.3))
    #expect(late.isEmpty)
    #expect(scan.shown.isEmpty)
  }

  @Test func cardsAreOutlinedInWindowPixelsThroughTheMirror() {
    var scan = ScanController()
    _ = scan.setScanning(true, at: start)
    _ = scan.receive([result([code("x", at: 0)], captured: start)], isLooking: true, at: at(0.1))
    let window = Rect(x: 0, y: 0, width: 1280, height: 720)
    let plain = scan.overlayState(
      view: .init(imageSize: hd, quarterTurns: 0, isMirrored: false, videoRect: window),
      isLooking: true, detectsInPhotoMode: false, isViewerOpen: false)
    #expect(plain.cards.first?.outline.first == Point(x: 0, y: 100))
    let mirrored = scan.overlayState(
      view: .init(imageSize: hd, quarterTurns: 0, isMirrored: true, videoRect: window),
      isLooking: true, detectsInPhotoMode: false, isViewerOpen: false)
    #expect(mirrored.cards.first?.outline.first == Point(x: 1280, y: 100))
  }

  @Test func theDefaultRegionIsTheCentralSquareOfThePictureAsShown() {
    let scan = ScanController()
    let upright = scan.sensorRegion(
      for: .init(imageSize: hd, quarterTurns: 0, isMirrored: false, videoRect: nil))
    #expect(upright == PixelRectangle(left: 424, top: 144, width: 432, height: 432))
    // A quarter turn shows the frame 720 wide: the square is still 432 frame pixels.
    let turned = scan.sensorRegion(
      for: .init(imageSize: hd, quarterTurns: 1, isMirrored: false, videoRect: nil))
    #expect(turned.width == 432 && turned.height == 432)
  }

  @Test func aDraggedRegionIsKeptAndMappedBackThroughTheMirror() {
    var scan = ScanController()
    #expect(
      scan.handle(.setRegion(Rect(x: 0, y: 0, width: 0.25, height: 0.5)), at: start) == [
        .resetPacing
      ])
    let region = scan.sensorRegion(
      for: .init(imageSize: hd, quarterTurns: 0, isMirrored: true, videoRect: nil))
    #expect(region == PixelRectangle(left: 960, top: 0, width: 320, height: 360))
  }

  @Test func copyAsksForTheClipboardAndShowsTheOutcomeForAWhile() {
    var scan = ScanController()
    let effects = scan.handle(.copy("secret"), at: start)
    #expect(effects.first == .copyToClipboard("secret"))
    scan.copyFinished(true, at: start)
    #expect(scan.overlay.notice == "Copied")
    _ = scan.receive([], isLooking: false, at: at(1.4))
    #expect(scan.overlay.notice == "Copied")
    _ = scan.receive([], isLooking: false, at: at(1.6))
    #expect(scan.overlay.notice == nil)
    scan.copyFinished(false, at: at(2))
    #expect(scan.overlay.notice == "The clipboard refused the text")
  }

  @Test func anAddressOpensOnlyAfterConfirmationAndOnlyAWebOne() {
    var scan = ScanController()
    #expect(scan.handle(.askToOpen("https://example.org/a"), at: start).isEmpty)
    #expect(scan.overlay.pendingURL == "https://example.org/a")
    #expect(scan.handle(.cancelOpen, at: start).isEmpty)
    #expect(scan.overlay.pendingURL == nil)
    #expect(
      scan.handle(.open("https://example.org/a"), at: start) == [.open("https://example.org/a")])
    #expect(scan.overlay.notice == "Opening in the browser…")
    let refused = scan.handle(.open("file:///etc/passwd"), at: start)
    #expect(!refused.contains(.open("file:///etc/passwd")))
    #expect(logs(refused).count == 1)
    #expect(logs(scan.openFailed(at: start)) == ["pinhole: \(ScanController.noOpenerMessage)"])
    #expect(scan.overlay.notice == ScanController.noOpenerMessage)
  }

  @Test func thePhotoViewersCodesComeFromTheLatestPhotoOnly() {
    var scan = ScanController()
    let first = URL(fileURLWithPath: "/photos/a.jpg")
    let second = URL(fileURLWithPath: "/photos/b.jpg")
    #expect(scan.viewPhoto(at: first) == [.scanPhoto(first)])
    _ = scan.viewPhoto(at: second)
    let size = Size(width: 1000, height: 500)
    #expect(scan.photoScanned(first, codes: [code("old")], size: size).isEmpty)
    #expect(logs(scan.photoScanned(second, codes: [code("new")], size: size)).count == 1)
    let state = scan.overlayState(
      view: nil, isLooking: false, detectsInPhotoMode: false, isViewerOpen: true)
    #expect(state.photoCards.map(\.text) == ["new"])
    #expect(state.photoCards.first?.outline.first == Point(x: 0.1, y: 0.2))
  }
}
