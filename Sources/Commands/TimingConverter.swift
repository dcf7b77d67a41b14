// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture

/// A converter that times each conversion into a `FrameTimeline` and marks frames that fail
/// to convert as corrupt. Capture or decode thread, like every converter.
final class TimingConverter: FrameConverter {
  private let base: any FrameConverter
  private let timeline: FrameTimeline

  /// Wraps `base`, timing its conversions into `timeline`.
  init(_ base: any FrameConverter, timeline: FrameTimeline) {
    self.base = base
    self.timeline = timeline
  }

  /// A factory whose converters time their work into `timeline`.
  static func factory(
    _ make: @escaping CaptureSession.ConverterFactory, timeline: FrameTimeline
  ) -> CaptureSession.ConverterFactory {
    { TimingConverter(make(), timeline: timeline) }
  }

  func canConvert(_ format: PixelFormat) -> Bool { base.canConvert(format) }

  func convert(_ raw: RawFrame, into frame: NV12Frame) throws {
    try timed(raw) { try base.convert(raw, into: frame) }
  }

  func convert(_ raw: RawFrame, into frame: NV12Frame, reducedBy denominator: Int) throws {
    try timed(raw) { try base.convert(raw, into: frame, reducedBy: denominator) }
  }

  private func timed(_ raw: RawFrame, _ work: () throws -> Void) throws {
    let start = MonotonicTime.now()
    do {
      try work()
    } catch {
      timeline.recordConversion(took: MonotonicTime.now().duration(since: start), failed: true)
      throw error
    }
    timeline.recordConversion(took: MonotonicTime.now().duration(since: start), failed: false)
  }
}
