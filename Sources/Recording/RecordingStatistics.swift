// SPDX-License-Identifier: MIT
import CameraModel

/// Running figures of a recording. Any thread (a copy).
public struct RecordingStatistics: Hashable, Sendable {
  /// Video frames written to the file.
  public var framesWritten = 0
  /// Video frames the camera made that are not in the file: offered while the encoder was
  /// behind (no free buffer), or missed before reaching the recorder (gaps in the driver's
  /// sequence numbers).
  public var framesDropped = 0
  /// Sound chunks dropped because the encoder was behind.
  public var audioChunksDropped = 0
  /// Bytes of compressed packets handed to the file so far.
  public var bytesWritten: Int64 = 0
  /// Seconds from the first frame's capture to the last frame's end.
  public var duration = 0.0
  /// Sound samples inserted as silence or cut to keep the sound on the video's clock.
  public var audioSamplesCorrected: Int64 = 0
  /// True when the file has a sound track.
  public var hasAudio = false
  /// When the camera captured the first frame in the file; nil until the encoder wrote one.
  public var firstFrameCaptureTime: MonotonicTime?

  /// Makes empty figures.
  public init() {}

  /// Frames written per second of recording.
  public var averageFramesPerSecond: Double {
    duration > 0 ? Double(framesWritten) / duration : 0
  }
}

/// How a recording ended.
public struct RecordingSummary: Sendable, Equatable {
  /// Where the file is, once renamed into place; nil if nothing could be kept.
  public var path: String?
  /// The final figures.
  public var statistics: RecordingStatistics
  /// Why it stopped early, if it did; the file is still kept when `url` is set.
  public var failure: RecordingError?
}
