// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Every frame of a `--check` run, one sample each, for the report's plots: when it was
/// captured, its sequence number, its size in bytes, whether the driver flagged it and how much
/// processor time the process had used by then; and every conversion, when it ended, how long
/// it took and whether it failed. Filled by `TimelineDevice` and `TimingConverter` on the
/// capture and decode threads (a decode thread's frame no longer carries its sequence number,
/// so conversions are kept by time). Any thread.
public final class FrameTimeline: Sendable {
  /// One frame as the driver handed it over.
  public struct Sample: Hashable, Sendable {
    /// The driver's sequence number.
    public var sequence: UInt32
    /// The kernel's capture timestamp.
    public var captureTime: MonotonicTime
    /// Bytes the driver filled (`bytesused`): an MJPEG frame's compressed size.
    public var bytes: Int
    /// True when the driver flagged the buffer.
    public var isCorrupt: Bool
    /// Processor time the whole process had used when the frame arrived, in seconds.
    public var processorSeconds: Double

    /// Makes a sample.
    public init(
      sequence: UInt32, captureTime: MonotonicTime, bytes: Int, isCorrupt: Bool = false,
      processorSeconds: Double = 0
    ) {
      self.sequence = sequence
      self.captureTime = captureTime
      self.bytes = bytes
      self.isCorrupt = isCorrupt
      self.processorSeconds = processorSeconds
    }
  }

  /// One conversion.
  public struct Conversion: Hashable, Sendable {
    /// When it ended.
    public var finished: MonotonicTime
    /// How long it took.
    public var duration: Duration
    /// True when the frame could not be converted (corrupt).
    public var failed: Bool

    /// Makes a conversion record.
    public init(finished: MonotonicTime, duration: Duration, failed: Bool) {
      self.finished = finished
      self.duration = duration
      self.failed = failed
    }
  }

  /// The most samples kept: an hour at 60 fps. Later frames are counted but not kept, so a
  /// long run cannot grow memory without bound.
  public static let capacity = 216_000

  private let state = Mutex<(samples: [Sample], conversions: [Conversion])>(([], []))

  /// Makes an empty timeline.
  public init() {}

  /// The samples so far, in arrival order.
  public var samples: [Sample] { state.withLock { $0.samples } }

  /// The conversions so far, in the order they ended.
  public var conversions: [Conversion] { state.withLock { $0.conversions } }

  /// Notes a frame the driver handed over. Capture thread.
  func record(_ raw: RawFrame) {
    let sample = Sample(
      sequence: raw.sequence, captureTime: raw.captureTime, bytes: raw.bytes.count,
      isCorrupt: raw.hasErrorFlag, processorSeconds: Self.processorSeconds())
    state.withLock { state in
      if state.samples.count < Self.capacity { state.samples.append(sample) }
    }
  }

  /// Notes a conversion that just ended. Capture or decode thread.
  func recordConversion(took duration: Duration, failed: Bool) {
    let conversion = Conversion(finished: .now(), duration: duration, failed: failed)
    state.withLock { state in
      if state.conversions.count < Self.capacity { state.conversions.append(conversion) }
    }
  }

  /// Processor time used by the whole process so far, in seconds.
  static func processorSeconds() -> Double {
    var time = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
