// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

/// The library button takes x 16…60; the strip runs from x 68 to 188 (two whole thumbnails
/// before the shutter) at y 212…268; thumbnails are 56 points with a stride of 64, so
/// thumbnail n starts at 68 + 64 n − offset.
@Suite("Photo thumbnail strip")
struct PhotoStripTests {
  private func actions(_ input: OverlayInput, offset: Double = 0) -> [OverlayAction] {
    let state = OverlayScene.photoState {
      $0.thumbnails = OverlayScene.thumbnails
      $0.stripOffset = offset
    }
    return Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  private func wheel(_ y: Double, x: Double = 0, at point: Point = Point(x: 100, y: 240))
    -> OverlayInput
  {
    OverlayInput(windowSize: OverlayScene.windowSize, pointer: point, wheel: Point(x: x, y: y))
  }

  @Test func clickOnThumbnailOpensViewerAtItsIndex() {
    #expect(actions(OverlayScene.tap(at: Point(x: 96, y: 240))) == [.photo(.openViewer(0))])
    #expect(actions(OverlayScene.tap(at: Point(x: 160, y: 240))) == [.photo(.openViewer(1))])
  }

  @Test func theButtonLeftOfTheStripOpensTheLibrary() {
    #expect(actions(OverlayScene.tap(at: Point(x: 38, y: 240))) == [.library(.open)])
  }

  @Test func scrolledStripOpensTheThumbnailUnderThePointer() {
    let result = actions(OverlayScene.tap(at: Point(x: 96, y: 240)), offset: 128)
    #expect(result == [.photo(.openViewer(2))])
  }

  @Test func clippedPartOfThumbnailIsNotClickable() {
    // Scrolled by 8, thumbnail 0 spans 60…116 but the strip starts at 68; 64 is bar.
    #expect(actions(OverlayScene.tap(at: Point(x: 64, y: 240)), offset: 8).isEmpty)
    let inside = actions(OverlayScene.tap(at: Point(x: 72, y: 240)), offset: 8)
    #expect(inside == [.photo(.openViewer(0))])
  }

  @Test func wheelDownOverStripScrollsOneThumbnailTowardsOlder() {
    #expect(actions(wheel(-1)) == [.photo(.scrollStrip(by: 64))])
    #expect(actions(wheel(0, x: 1)) == [.photo(.scrollStrip(by: 64))])
    #expect(actions(wheel(1), offset: 100) == [.photo(.scrollStrip(by: -64))])
  }

  @Test func scrollStopsAtBothEnds() {
    // Eight thumbnails are 8 × 64 − 8 = 504 points long in a 120-point strip: 384 to scroll.
    #expect(actions(wheel(1)).isEmpty)
    #expect(actions(wheel(-1), offset: 384).isEmpty)
    #expect(actions(wheel(-1), offset: 364) == [.photo(.scrollStrip(by: 20))])
    #expect(actions(wheel(3), offset: 100) == [.photo(.scrollStrip(by: -100))])
  }

  @Test func wheelAwayFromStripDoesNotScroll() {
    // Over the picture the wheel zooms it; the strip never scrolls.
    let isPhoto = { (action: OverlayAction) -> Bool in
      if case .photo = action { true } else { false }
    }
    #expect(!actions(wheel(-1, at: Point(x: 300, y: 144))).contains(where: isPhoto))
    #expect(!actions(wheel(-1, at: Point(x: 256, y: 240))).contains(where: isPhoto))
  }

  @Test func stripDrawsEachVisibleThumbnailImageClipped() {
    let state = OverlayScene.photoState { $0.thumbnails = OverlayScene.thumbnails }
    let frame = OverlayScene.frame(state)
    let images = frame.commands.compactMap { command -> String? in
      guard case .image(let id, _) = command else { return nil }
      return id.name
    }
    #expect(images == ["thumbnail-0", "thumbnail-1"])
    #expect(frame.commands.contains(.clip(Rect(x: 68, y: 212, width: 120, height: 56))))
  }

  @Test func emptyStripDrawsNothing() {
    let frame = OverlayScene.frame(OverlayScene.photoState())
    #expect(!frame.commands.contains(.clip(Rect(x: 68, y: 212, width: 120, height: 56))))
    #expect(!frame.commands.contains { if case .image = $0 { true } else { false } })
  }
}
