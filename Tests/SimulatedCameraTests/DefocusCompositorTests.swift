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
}
