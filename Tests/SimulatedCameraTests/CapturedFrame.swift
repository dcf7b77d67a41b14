// SPDX-License-Identifier: MIT
import CameraModel
import Capture

/// A frame copied out of a device's lent buffer, so tests can keep and compare it.
struct CapturedFrame {
  let sequence: UInt32
  let captureTime: MonotonicTime
  let colorimetry: Colorimetry
  let bytesPerLine: Int
  let frame: NV12Frame

  /// Copies `raw` (NV12 with both planes at `bytesPerLine`) into a new frame.
  init(_ raw: RawFrame) {
    precondition(raw.format == .nv12)
    sequence = raw.sequence
    captureTime = raw.captureTime
    colorimetry = raw.colorimetry
    bytesPerLine = raw.bytesPerLine
    frame = NV12Frame(size: raw.size)
    let count = frame.byteCount
    precondition(frame.yStride == raw.bytesPerLine && count <= raw.bytes.count)
    frame.withBytes { _ = $0.initialize(from: raw.bytes[0..<count]) }
  }

  /// Every luma value of the visible picture.
  var lumaValues: [UInt8] { Self.lumaValues(of: frame) }

  /// Every Cb and Cr value of the visible chroma samples.
  var chromaValues: [UInt8] {
    var values: [UInt8] = []
    let rowBytes = (frame.size.width + 1) / 2 * 2
    frame.withPlanes { _, uv in
      for row in 0..<frame.chromaHeight {
        values += uv[row * frame.uvStride..<row * frame.uvStride + rowBytes]
      }
    }
    return values
  }

  /// Pulls up to `count` frames from `device`, copying each; stops at the first timeout, so a
  /// short result means a frame did not arrive.
  static func capture(
    _ count: Int, from device: any CaptureDevice, timeout: Duration = .seconds(1)
  ) throws -> [CapturedFrame] {
    var frames: [CapturedFrame] = []
    for _ in 0..<count {
      let delivered = try device.nextFrame(timeout: timeout) { frames.append(CapturedFrame($0)) }
      if !delivered { break }
    }
    return frames
  }

  /// Every luma value of `frame`'s visible picture, or of `rows` of it.
  static func lumaValues(of frame: NV12Frame, rows: Range<Int>? = nil) -> [UInt8] {
    var values: [UInt8] = []
    frame.withYPlane { y in
      for row in rows ?? 0..<frame.size.height {
        values += y[row * frame.yStride..<row * frame.yStride + frame.size.width]
      }
    }
    return values
  }

  /// The smallest and largest of `values`; (255, 0) when empty.
  static func extremes(of values: [UInt8]) -> (min: UInt8, max: UInt8) {
    var low: UInt8 = 255
    var high: UInt8 = 0
    for value in values {
      low = Swift.min(low, value)
      high = Swift.max(high, value)
    }
    return (low, high)
  }
}
