// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import Overlay
import PhotoPipeline
import Testing

/// A photo the loader cannot decode shows a "cannot open" tile, not a blank square.
@Suite struct PhotoControllerPlaceholderTests {
  @Test func anUndecodablePhotoGetsTheCannotOpenTile() throws {
    let home = try PhotoControllerViewerTests.TemporaryHome(names: [])
    defer { home.remove() }
    let fixture = ControllerFixture()
    let controller = fixture.controller
    let listing = try home.listing(["broken.jpg"])
    controller.update(photoEvents: [], libraryEvents: [.listed(listing)])
    _ = controller.drainEffects()
    let url = home.photos.appendingPathComponent("broken.jpg")
    controller.update(photoEvents: [], libraryEvents: [.thumbnailFailed(url: url)])
    #expect(
      controller.drainEffects() == [
        .setImage(PhotoController.imageID(for: url), Thumbnail.cannotOpenPlaceholder())
      ])
  }
}
