// SPDX-License-Identifier: MIT
import CameraModel

extension NV12Frame {
  /// A copy of every byte of both planes, for comparing frames in tests.
  public var pixelBytes: [UInt8] { withBytes { Array($0) } }

  /// Sets every byte of both planes to `value`.
  public func fill(_ value: UInt8) { withBytes { $0.update(repeating: value) } }

  /// Sets luma pixel (`x`, `y`) to `value`.
  public func setLuma(x: Int, y: Int, _ value: UInt8) {
    withYPlane { $0[y * yStride + x] = value }
  }
}
