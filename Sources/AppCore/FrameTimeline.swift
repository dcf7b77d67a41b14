// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Every frame of a `--check` run, one sample each, for the report's plots: when it was
/// captured, its sequence number, its size in bytes, whether it was damaged, how long its
/// conversion took and how much processor time the process had used by then. Filled by
/// `TimelineDevice` and `TimingConverter` on the capture and decode threads. Any thread.
public final class FrameTimeline: Sendable {
  /// One frame as the driver handed it over.
  public struct Sample: Hashable, Sendable {
    /// The driver's sequence number.
    public var sequence: UInt32
    /// The kernel's capture timestamp.
    public var captureTime: MonotonicTime
    /// Bytes the driver filled (`bytesused`): an MJPEG frame's compressed size.
    public var bytes: Int
    /// True when the driver flagged the buffer or the frame failed to convert.
    public var isCorrupt: Bool
    /// How long conversion took, once it ran.
    public var conversion: Duration?
    /// Processor time the whole process had used when the frame arrived, in seconds.
    public var processorSeconds: Double

    /// Makes a sample.
    public init(
      sequence: UInt32, captureTime: MonotonicTime, bytes: Int, isCorrupt: Bool = false,
      conversion: Duration? = nil, processorSeconds: Double = 0
    ) {
      self.sequence = sequence
      self.captureTime = captureTime
      self.bytes = bytes
      self.isCorrupt = isCorrupt
      self.conversion = conversion
      self.processorSeconds = processorSeconds
    }
  }

  /// The most samples kept: an hour at 60 fps. Later frames are counted but not kept, so a
  /// long run cannot grow memory without bound.
  public static let capacity = 216_000

  private let state = Mutex<[Sample]>([])

  /// Makes an empty timeline.
  public init() {}

  /// The samples so far, in arrival order.
  public var samples: [Sample] { state.withLock { $0 } }

  /// Notes a frame the driver handed over. Capture thread.
  func record(_ raw: RawFrame) {
    let sample = Sample(
      sequence: raw.sequence, captureTime: raw.captureTime, bytes: raw.bytes.count,
      isCorrupt: raw.hasErrorFlag, processorSeconds: Self.processorSeconds())
    state.withLock { samples in
      if samples.count < Self.capacity { samples.append(sample) }
    }
  }

  /// Notes how the conversion of frame `sequence` went. Capture or decode thread.
  func recordConversion(sequence: UInt32, took duration: Duration, failed: Bool) {
    state.withLock { samples in
      // The frame is one of the last few: decode threads finish slightly out of order.
      guard let index = samples.lastIndex(where: { $0.sequence == sequence }) else { return }
      samples[index].conversion = duration
      if failed { samples[index].isCorrupt = true }
    }
  }

  /// Processor time used by the whole process so far, in seconds.
  static func processorSeconds() -> Double {
    var time = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
