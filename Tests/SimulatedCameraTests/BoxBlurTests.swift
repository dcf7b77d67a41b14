// SPDX-License-Identifier: MIT
import Testing

@testable import SimulatedCamera

@Suite struct BoxBlurTests {
  private let width = 64
  private let height = 48

  /// Blurs a `width` × `height` plane filled by `fill` over its whole area by `radius`.
  private func blurred(radius: Double, channels: Int = 1, fill: (Int) -> UInt8) -> [UInt8] {
    var bytes = (0..<(width * height * channels)).map(fill)
    var blur = BoxBlur()
    bytes.withUnsafeMutableBufferPointer { buffer in
      let plane = BoxBlur.Plane(
        base: buffer.baseAddress.unsafelyUnwrapped, stride: width * channels, width: width,
        height: height, channels: channels)
      blur.apply(to: plane, x0: 0, y0: 0, x1: width, y1: height, radius: radius)
    }
    return bytes
  }

  @Test(arguments: [0.3, 1, 2.5, 17.75, 60, 500, .infinity])
  func aFlatPlaneStaysFlatAtAnyRadius(radius: Double) {
    #expect(blurred(radius: radius) { _ in 200 }.allSatisfy { $0 == 200 })
    #expect(blurred(radius: radius) { _ in 255 }.allSatisfy { $0 == 255 })
  }

  @Test func aPointSpreadsIntoAnEvenSquareThatKeepsItsLight() {
    let centre = 24 * width + 32
    let spread = blurred(radius: 3) { $0 == centre ? 255 : 0 }
    // 255 over (2 × 3 + 1)² samples is about 5.2 per sample; rounding moves the total a little.
    let total = spread.reduce(0) { $0 + Int($1) }
    #expect(abs(total - 255) <= 49 / 2)
    #expect(spread[centre] > 0 && spread[centre] < 255)
    #expect(spread[centre - 3] == spread[centre + 3])
    #expect(spread[centre - 3 * width] == spread[centre + 3 * width])
    #expect(spread[centre - 5] == 0 && spread[centre + 5 * width] == 0)
  }

  @Test func interleavedChannelsAreBlurredApart() {
    // Cb 40 and Cr 220 everywhere: each channel keeps its own value.
    let spread = blurred(radius: 4, channels: 2) { $0.isMultiple(of: 2) ? 40 : 220 }
    #expect(spread.enumerated().allSatisfy { $1 == ($0.isMultiple(of: 2) ? 40 : 220) })
  }
}
