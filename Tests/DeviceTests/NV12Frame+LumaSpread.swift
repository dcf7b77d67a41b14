// SPDX-License-Identifier: MIT
import CameraModel

extension NV12Frame {
  /// Brightest minus darkest luma over a sparse grid: large for a test pattern, near zero for
  /// a blank or constant frame.
  func lumaSpread(step: Int = 7) -> Int {
    var low = 255
    var high = 0
    for y in stride(from: 0, to: size.height, by: step) {
      for x in stride(from: 0, to: size.width, by: step) {
        let value = Int(luma(x: x, y: y))
        low = min(low, value)
        high = max(high, value)
      }
    }
    return high - low
  }
}
