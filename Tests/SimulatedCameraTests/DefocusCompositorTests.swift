// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@testable import SimulatedCamera

@Suite struct DefocusCompositorTests {
  /// A backdrop with detail for the blur to spread: a diagonal ramp with stripes.
  private func backdrop() -> NV12Frame {
    let frame = NV12Frame(size: FrameSize(width: 96, height: 64))
    frame.withBytes { bytes in
      for index in bytes.indices {
        bytes[index] = UInt8(truncatingIfNeeded: (index % 97) * 5 + (index / 96 % 7) * 30)
      }
    }
    return frame
  }

  private func bytes(_ frame: NV12Frame) -> [UInt8] { frame.withBytes { Array($0) } }

  @Test func aSweepAcrossEveryLevelGivesTheSameBackdropAsAFreshCompositor() {
    let sharp = backdrop()
    var swept = DefocusCompositor()
    let out = NV12Frame(size: sharp.size)
    // Out to full defocus and back: more levels than are cached at once; then a focus held
    // still, left and returned to, which reuses the kept blend.
    let path =
      stride(from: 0.0, through: 1.0, by: 0.05).map { $0 } + [0.6, 0.3, 0.08, 0.01]
      + [0.33, 0.33, 0.33, 0.35, 0.33, 0.3, 0.3]
    for defocus in path {
      // The scene is drawn over each backdrop; the next frame must not see it.
      out.withBytes { $0.update(repeating: 200) }
      swept.drawBackdrop(sharp, defocus: defocus, into: out)
      var fresh = DefocusCompositor()
      let expected = NV12Frame(size: sharp.size)
      fresh.drawBackdrop(sharp, defocus: defocus, into: expected)
      #expect(bytes(out) == bytes(expected), "defocus \(defocus)")
    }
  }

  @Test func blurringSpreadsTheBackdrop() {
    let sharp = backdrop()
    var compositor = DefocusCompositor()
    let focused = NV12Frame(size: sharp.size)
    let blurred = NV12Frame(size: sharp.size)
    compositor.drawBackdrop(sharp, defocus: 0, into: focused)
    compositor.drawBackdrop(sharp, defocus: 1, into: blurred)
    #expect(bytes(focused) == bytes(sharp))
    #expect(bytes(blurred) != bytes(sharp))
  }

  /// A 40x40 square of (200, 90, 170) composited by `radius` over a flat (50, 128, 128) frame.
  private func compositedSquare(radius: Double) -> NV12Frame {
    let frame = NV12Frame(size: FrameSize(width: 160, height: 120))
    frame.withPlanes { y, uv in
      y.update(repeating: 50)
      uv.update(repeating: 128)
    }
    var compositor = DefocusCompositor()
    compositor.composite(bounds: (60, 40, 100, 80), radius: radius, into: frame) { canvas in
      canvas.fillRect(x0: 60, y0: 40, x1: 100, y1: 80, YCbCr(y: 200, cb: 90, cr: 170))
    }
    return frame
  }

  @Test(arguments: [1.5, 2.9, 3.0, 6.5, 12])
  func aDefocusedSquareKeepsItsColourInsideAndFadesEvenlyAtItsEdge(radius: Double) {
    let frame = compositedSquare(radius: radius)
    #expect(abs(Int(frame.luma(x: 80, y: 60)) - 200) <= 2, "the middle keeps the object's luma")
    let chroma = frame.chroma(x: 80, y: 60)
    #expect(abs(Int(chroma.cb) - 90) <= 2 && abs(Int(chroma.cr) - 170) <= 2, "\(chroma)")
    #expect(frame.luma(x: 5, y: 5) == 50, "far from it the frame is untouched")
    // Across the left edge the luma rises steadily from the backdrop to the object (the
    // half-scale blur reaches a few pixels further than the radius).
    let reach = Int(radius) + 6
    let profile = (60 - reach...60 + reach).map { Int(frame.luma(x: $0, y: 60)) }
    #expect(zip(profile, profile.dropFirst()).allSatisfy { $1 >= $0 - 1 }, "\(profile)")
    #expect(profile.first! <= 52 && profile.last! >= 198, "\(profile)")
    // Where the edge was, the picture is about halfway between the two.
    let edge = (Int(frame.luma(x: 59, y: 60)) + Int(frame.luma(x: 60, y: 60))) / 2
    #expect(abs(edge - 125) <= 12, "\(profile)")
  }
}
