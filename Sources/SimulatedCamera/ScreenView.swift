// SPDX-License-Identifier: MIT
import CameraModel

/// The simulated camera pointed at Pinhole's own window, for measuring latency against a known
/// answer: the app records when it presented the lit or dark latency patch; each frame shows
/// the patch as it was on screen `delay` before the frame is delivered, as a bright or dark
/// block over the middle of the picture. Any thread (the timeline has its own lock).
public final class ScreenView: Sendable {
  /// The delays accepted, in milliseconds.
  public static let delayRange = 0...5_000
  /// The time from the screen changing to a frame showing it.
  public let delay: Duration
  /// The part of the frame the window fills, as fractions: the middle third each way.
  public static let patchRegion = (left: 1.0 / 3, top: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
  private let timeline = ScreenLight()

  /// Makes a view that lags the screen by `delayMilliseconds` (clamped to `delayRange`).
  public init(delayMilliseconds: Int) {
    let clamped = min(
      max(delayMilliseconds, Self.delayRange.lowerBound), Self.delayRange.upperBound)
    delay = .milliseconds(clamped)
  }

  /// From `time` on, the window shows the patch lit or dark.
  public func setPatch(isLit: Bool, from time: MonotonicTime) {
    timeline.set(isLit ? 1 : 0, from: time)
  }

  /// Whether a frame delivered at `time` shows the patch lit.
  public func showsLitPatch(deliveredAt time: MonotonicTime) -> Bool {
    let lag = delay.nonNegativeNanoseconds
    guard time.nanoseconds >= lag else { return false }
    return timeline.level(at: MonotonicTime(nanoseconds: time.nanoseconds - lag)) > 0
  }

  /// Paints the patch into `frame` as a frame delivered at `time` sees it: near white when
  /// lit, near black when dark.
  func paint(into frame: NV12Frame, deliveredAt time: MonotonicTime) {
    let luma: UInt8 = showsLitPatch(deliveredAt: time) ? 230 : 20
    let region = Self.patchRegion
    let left = Int(Double(frame.size.width) * region.left) & ~1
    let top = Int(Double(frame.size.height) * region.top) & ~1
    let width = Int(Double(frame.size.width) * region.width) & ~1
    let height = Int(Double(frame.size.height) * region.height) & ~1
    frame.withPlanes { y, uv in
      for row in top..<(top + height) {
        let start = row * frame.yStride + left
        y[start..<(start + width)].update(repeating: luma)
      }
      for row in (top / 2)..<((top + height) / 2) {
        let start = row * frame.uvStride + left
        uv[start..<(start + width)].update(repeating: 128)
      }
    }
  }
}
