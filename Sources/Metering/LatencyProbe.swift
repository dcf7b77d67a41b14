// SPDX-License-Identifier: MIT
import CameraModel

/// Measures how long the camera takes to see a change on the screen: the window flashes a
/// patch, the camera looks at the window, and the time from the lit patch being presented to
/// the first frame whose region brightens is one sample. Repeated `flashCount` times.
///
/// Pure: the app tells it when the patch it asked for was presented and the mean luma and
/// capture time of each frame; it says whether the patch should be lit and, at the end, the
/// figures. No clock of its own, so tests drive it with made-up times.
public struct LatencyProbe: Sendable {
  /// Where a measurement stands.
  public enum Phase: Hashable, Sendable {
    /// Measuring the dark patch's brightness before the first flash.
    case calibrating
    /// The lit patch was asked for; waiting for it to be presented.
    case lighting
    /// The lit patch is on screen since the time given; waiting for the camera to see it.
    case lit(since: MonotonicTime)
    /// The dark patch was asked for, or is on screen; waiting for the camera to see it go
    /// dark and a few frames more.
    case darkening(presented: MonotonicTime?, darkFrames: Int)
    /// Every flash was measured.
    case finished(LatencyStatistics)
    /// The camera did not see the patch.
    case failed(String)
  }

  /// Flashes measured in one run.
  public let flashCount: Int
  /// Frames of the dark patch averaged for the baseline.
  public static let calibrationFrames = 6
  /// Rise of the region's mean luma, in codes, that counts as the patch seen.
  public static let minimumRise = 20.0
  /// A flash not seen within this long is a miss; three misses end the measurement.
  public static let missTimeout = Duration.seconds(2)
  /// With no frame for this long the measurement fails (a camera that stopped or never
  /// started).
  public static let silenceTimeout = Duration.seconds(5)

  /// Where the measurement stands.
  public private(set) var phase = Phase.calibrating
  /// The samples so far, in milliseconds.
  public private(set) var samples: [Double] = []
  private var baseline: [Double] = []
  private var level = 0.0
  private var misses = 0
  /// When `check(at:)` first found no frame since the last one; nil after each frame.
  private var silentSince: MonotonicTime?

  /// Starts a measurement of `flashCount` flashes (at least 1).
  public init(flashCount: Int = 30) {
    self.flashCount = max(flashCount, 1)
  }

  /// True while the window should show the lit patch.
  public var isPatchLit: Bool {
    switch phase {
    case .lighting, .lit: true
    default: false
    }
  }

  /// True once the measurement finished or failed.
  public var isDone: Bool {
    switch phase {
    case .finished, .failed: true
    default: false
    }
  }

  /// The window presented the patch as `isPatchLit` asked, at `time`.
  public mutating func patchPresented(at time: MonotonicTime) {
    switch phase {
    case .lighting: phase = .lit(since: time)
    case .darkening(nil, let frames): phase = .darkening(presented: time, darkFrames: frames)
    default: break
    }
  }

  /// Called now and then with the time `now`: fails the measurement when no frame came for
  /// `silenceTimeout`.
  public mutating func check(at now: MonotonicTime) {
    guard !isDone else { return }
    guard let since = silentSince else {
      silentSince = now
      return
    }
    if now.duration(since: since) > Self.silenceTimeout {
      phase = .failed("The camera sent no pictures, so the latency could not be measured.")
    }
  }

  /// A frame captured at `captureTime` whose region had `meanLuma` (0…255) arrived.
  public mutating func frameSeen(meanLuma: Double, captureTime: MonotonicTime) {
    silentSince = nil
    guard meanLuma.isFinite else { return }
    switch phase {
    case .calibrating:
      baseline.append(meanLuma)
      if baseline.count >= Self.calibrationFrames {
        level = baseline.reduce(0, +) / Double(baseline.count)
        phase = .lighting
      }
    case .lit(let since):
      if meanLuma >= level + Self.minimumRise, captureTime >= since {
        samples.append(Double(captureTime.nanoseconds - since.nanoseconds) / 1e6)
        phase = .darkening(presented: nil, darkFrames: 0)
      } else if captureTime.duration(since: since) > Self.missTimeout {
        miss()
      }
    case .darkening(let presented?, let frames):
      // The next flash waits for the dark patch to be seen, then a few frames more, varied so
      // flashes do not keep one phase against the camera's frames.
      guard captureTime >= presented, meanLuma < level + Self.minimumRise / 2 else { return }
      let wanted = 2 + samples.count % 3
      if frames + 1 >= wanted {
        phase =
          samples.count >= flashCount
          ? LatencyStatistics(milliseconds: samples).map { .finished($0) } ?? .failed("no samples")
          : .lighting
      } else {
        phase = .darkening(presented: presented, darkFrames: frames + 1)
      }
    default:
      break
    }
  }

  private mutating func miss() {
    misses += 1
    if misses >= 3 {
      phase = .failed(
        "The camera did not see the flashing patch: point it at this window and try again.")
    } else {
      phase = .darkening(presented: nil, darkFrames: 0)
    }
  }
}
