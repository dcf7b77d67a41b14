// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Photo painter and shutter memory")
struct PhotoPainterTests {
  private let painter = PhotoPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)

  @Test func unitVectorsStartAtTwelveAndTurnClockwise() {
    let quarter = PhotoPainter.unitVectors(count: 8)
    let expected = [Point(x: 0, y: -1), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: -1, y: 0)]
    for (vector, want) in zip(stride(from: 0, to: 8, by: 2).map { quarter[$0] }, expected) {
      #expect(abs(vector.x - want.x) < 1e-12 && abs(vector.y - want.y) < 1e-12, "\(vector)")
    }
  }

  @Test func unitVectorsStayUnitLengthAndCloseTheCircle() {
    for count in [8, 48, 97, 360, 1000] {
      let vectors = PhotoPainter.unitVectors(count: count)
      #expect(vectors.count == count)
      #expect(vectors.allSatisfy { abs($0.x * $0.x + $0.y * $0.y - 1) < 1e-9 }, "\(count)")
      // The last vector mirrors the second about the vertical, so the circle closes evenly.
      let last = vectors[count - 1]
      let first = vectors[1]
      #expect(abs(last.x + first.x) < 1e-9 && abs(last.y - first.y) < 1e-9, "\(count)")
    }
  }

  @Test func levelAndUprightLinesAreOneCapsule() {
    var copy = painter
    copy.line(from: Point(x: 10, y: 20), to: Point(x: 30, y: 20), width: 4, .white)
    copy.line(from: Point(x: 5, y: 5), to: Point(x: 5, y: 1), width: 2, .white)
    #expect(
      copy.commands == [
        .fillRect(Rect(x: 8, y: 18, width: 24, height: 4), color: .white, cornerRadius: 2),
        .fillRect(Rect(x: 4, y: 0, width: 2, height: 6), color: .white, cornerRadius: 1),
      ])
  }

  @Test func diagonalLineIsDiscsFromEndToEnd() {
    var copy = painter
    copy.line(from: Point(x: 0, y: 0), to: Point(x: 30, y: 40), width: 3, .white)
    let centers = copy.commands.compactMap { command -> Point? in
      guard case .ring(let center, 1.5, 1.5, _) = command else { return nil }
      return center
    }
    #expect(centers.count == copy.commands.count)
    #expect(centers.first == Point(x: 0, y: 0) && centers.last == Point(x: 30, y: 40))
  }

  @Test func shutterIDCarriesPressStartExactly() {
    let seed: UInt64 = 0x5EED_0420
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let start = Double.random(in: 0...1e6, using: &random)
      let fresh = ShutterButton.control(heldBy: nil, time: start)
      #expect(fresh.pressStart == start, "seed \(seed)")
      let later = ShutterButton.control(heldBy: fresh.id, time: start + 5)
      #expect(later.id == fresh.id && later.pressStart == start, "seed \(seed)")
    }
  }

  @Test func otherWidgetsHoldingThePointerDoNotLendTheirIDs() {
    let control = ShutterButton.control(heldBy: ControlID("photo-timer"), time: 3)
    #expect(control.pressStart == 3)
    #expect(control.id == ControlID("shutter@3.0"))
  }
}
