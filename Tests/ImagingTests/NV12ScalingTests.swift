// SPDX-License-Identifier: MIT
import CameraModel
import Imaging
import Testing

@Suite struct NV12ScalingTests {
  @Test func halvingAndDoublingKeepAFlatColour() {
    let full = NV12Frame(size: FrameSize(width: 64, height: 48))
    full.withPlanes { y, uv in
      y.update(repeating: 90)
      for index in stride(from: 0, to: uv.count, by: 2) {
        uv[index] = 60
        uv[index + 1] = 200
      }
    }
    let half = NV12Frame(size: FrameSize(width: 32, height: 24))
    full.scale(into: half, filter: .box)
    let back = NV12Frame(size: full.size)
    half.scale(into: back, filter: .bilinear)
    for frame in [half, back] {
      #expect(frame.luma(x: 0, y: 0) == 90 && frame.luma(x: frame.size.width - 1, y: 5) == 90)
      let chroma = frame.chroma(x: frame.size.width / 2, y: frame.size.height / 2)
      #expect(chroma.cb == 60 && chroma.cr == 200)
    }
  }

  @Test func halvingAveragesNeighbouringPixels() {
    // Columns alternate 40 and 80: each half-size pixel covers one of each.
    let full = NV12Frame(size: FrameSize(width: 16, height: 8))
    full.withPlanes { y, uv in
      for row in 0..<8 {
        for x in 0..<16 { y[row * full.yStride + x] = x.isMultiple(of: 2) ? 40 : 80 }
      }
      uv.update(repeating: 128)
    }
    let half = NV12Frame(size: FrameSize(width: 8, height: 4))
    full.scale(into: half, filter: .box)
    #expect((0..<8).allSatisfy { half.luma(x: $0, y: 2) == 60 })
  }
}
