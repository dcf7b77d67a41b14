// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@Suite("NV12 frame: scoped plane access")
struct NV12FramePlaneAccessTests {
  @Test("the planes lie back to back and cover the frame's bytes exactly, odd sizes too")
  func planesCoverTheFrame() {
    for size in [FrameSize(width: 16, height: 8), FrameSize(width: 17, height: 9)] {
      let frame = NV12Frame(size: size)
      frame.withPlanes { y, uv in
        #expect(y.count == frame.yStride * size.height)
        #expect(uv.count == frame.uvStride * frame.chromaHeight)
        #expect(y.baseAddress.map { $0 + y.count } == uv.baseAddress)
        #expect(y.count + uv.count == frame.byteCount)
      }
      frame.withBytes { #expect($0.count == frame.byteCount) }
      frame.withYPlane { #expect($0.count == frame.yStride * size.height) }
    }
  }

  @Test("writes through the planes read back through the samplers")
  func writesReadBack() {
    let frame = NV12Frame(size: FrameSize(width: 8, height: 4))
    frame.withPlanes { y, uv in
      y[2 * frame.yStride + 3] = 200
      uv[1 * frame.uvStride + 2] = 90
      uv[1 * frame.uvStride + 3] = 160
    }
    #expect(frame.luma(x: 3, y: 2) == 200)
    #expect(frame.chroma(x: 2, y: 2).cb == 90)
    #expect(frame.chroma(x: 2, y: 2).cr == 160)
    frame.withPlaneAddresses { y, uv in
      #expect(y[2 * frame.yStride + 3] == 200)
      #expect(uv[frame.uvStride + 3] == 160)
    }
  }

  @Test("copying pixels copies both planes, and a resize keeps later access in bounds")
  func copyAndResize() {
    let source = NV12Frame(size: FrameSize(width: 8, height: 4))
    source.withBytes { $0.update(repeating: 7) }
    let copy = NV12Frame(size: FrameSize(width: 8, height: 4))
    copy.copyPixels(from: source)
    copy.withBytes { bytes in #expect(bytes.allSatisfy { $0 == 7 }) }
    copy.resize(to: FrameSize(width: 640, height: 480))
    copy.withPlanes { y, uv in
      y.update(repeating: 1)
      uv.update(repeating: 2)
    }
    #expect(copy.luma(x: 639, y: 479) == 1)
    #expect(copy.chroma(x: 639, y: 479).cr == 2)
  }
}
