// SPDX-License-Identifier: MIT
import CameraModel
import Testing
import ViewfinderAids

@Suite struct AidImageTests {
  /// An image `width` × `height` with opaque pixels at `marks`.
  private func image(width: Int, height: Int, marks: [(Int, Int)]) -> AidImage {
    var image = AidImage(width: width, height: height)
    for (x, y) in marks {
      image.rgba[(y * width + x) * 4 + 3] = 255
    }
    return image
  }

  @Test func anEmptyImageHasNoPieces() {
    #expect(AidImage(width: 100, height: 60).occupiedPieces().isEmpty)
    #expect(AidImage(width: 0, height: 0).occupiedPieces().isEmpty)
  }

  @Test func aSingleMarkGivesItsTile() {
    let pieces = image(width: 100, height: 100, marks: [(40, 70)]).occupiedPieces(tileSize: 32)
    #expect(pieces == [PixelRectangle(left: 32, top: 64, width: 32, height: 32)])
  }

  @Test func aFaintMarkCountsAndTilesAtTheEdgesAreCut() {
    var image = AidImage(width: 70, height: 40)
    // Only a colour, no opacity, in the last tile of the first row; opacity in the last row.
    image.rgba[(5 * 70 + 69) * 4] = 1
    image.rgba[(39 * 70 + 0) * 4 + 3] = 1
    #expect(
      image.occupiedPieces(tileSize: 32) == [
        PixelRectangle(left: 64, top: 0, width: 6, height: 32),
        PixelRectangle(left: 0, top: 32, width: 32, height: 8),
      ])
  }

  @Test func neighbouringTilesJoinIntoRunsAndEqualRunsJoinDownwards() {
    // Tiles (0,0), (1,0), (0,1), (1,1) form one block; (3,1) stands alone.
    let pieces = image(
      width: 128, height: 64, marks: [(0, 0), (40, 10), (5, 40), (63, 63), (100, 50)]
    ).occupiedPieces(tileSize: 32)
    #expect(
      pieces == [
        PixelRectangle(left: 0, top: 0, width: 64, height: 64),
        PixelRectangle(left: 96, top: 32, width: 32, height: 32),
      ])
  }

  @Test func runsOfDifferentExtentStaySeparate() {
    let pieces = image(width: 96, height: 64, marks: [(0, 0), (5, 40), (40, 40)])
      .occupiedPieces(tileSize: 32)
    #expect(
      pieces == [
        PixelRectangle(left: 0, top: 0, width: 32, height: 32),
        PixelRectangle(left: 0, top: 32, width: 64, height: 32),
      ])
  }

  @Test func everyMarkedPixelLiesInAPiece() {
    // Scattered marks, the same every run.
    let marks = (0..<40).map { ($0 * 97 % 333, ($0 * 53 + 7) % 187) }
    let pieces = image(width: 333, height: 187, marks: marks).occupiedPieces(tileSize: 16)
    for (x, y) in marks {
      #expect(
        pieces.contains { x >= $0.left && x < $0.right && y >= $0.top && y < $0.bottom },
        "(\(x), \(y)) is drawn")
    }
    #expect(pieces.reduce(0) { $0 + $1.width * $1.height } <= 40 * 16 * 16)
  }
}

@Suite struct AidMarksTests {
  /// True when every pixel of `image` that is not fully transparent lies in one of `pieces`.
  private func covers(_ pieces: [PixelRectangle], _ image: AidImage) -> Bool {
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y).alpha != 0 {
        let isInside = pieces.contains {
          x >= $0.left && x < $0.right && y >= $0.top && y < $0.bottom
        }
        guard isInside else { return false }
      }
    }
    return true
  }

  @Test func theAidsNoteWhatTheyMarkSoThePiecesNeedNoSecondLook() {
    // A ramp whose right quarter is above 95 % and whose middle has a sharp edge.
    let width = 203
    let height = 37
    let samples = (0..<(width * height)).map { index -> UInt8 in
      let x = index % width
      return x > 150 ? 250 : (x > 100 ? 200 : 20)
    }
    let luma = LumaPlane(width: width, height: height, samples: samples)
    var image = AidImage(width: width, height: height)
    image.clearMarks()
    Zebras().mark(luma, into: &image)
    var peaking = FocusPeaking()
    peaking.mark(luma, into: &image, clearing: false)
    let pieces = image.markedPieces()
    #expect(!pieces.isEmpty)
    #expect(covers(pieces, image))
    // Nothing at the dark left: the pieces leave it out.
    #expect(pieces.allSatisfy { $0.left >= 88 })
    image.clearMarks()
    #expect(image.markedPieces().isEmpty)
  }
}
