// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization

/// A flash in the simulated camera's picture and a click in the simulated microphone, at the
/// same instants on the same clock: the reference an A/V sync measurement needs.
///
/// The camera marks the moment its stream starts (frame 0's due time) as the epoch; from then on
/// every `period` the frame due at that instant is lit up and the microphone's sample at that
/// instant starts a click. A recording of both shows any offset the recorder adds.
///
/// Any thread; one `Mutex` guards the epoch.
public final class SyncBeacon: Sendable {
  /// Time between flashes (and clicks).
  public let period: Duration
  /// How much light a flash adds: 0 none, 1 doubles the scene's light.
  public let flashLight: Double
  private let epochTime = Mutex<MonotonicTime?>(nil)

  /// Makes a beacon that fires every `period` (positive; one second by default).
  public init(period: Duration = .seconds(1), flashLight: Double = 6) {
    self.period = period > .zero ? period : .seconds(1)
    self.flashLight = flashLight.isFinite ? max(flashLight, 0) : 0
  }

  /// The first instant the beacon fires; nil until a stream starts.
  public var epoch: MonotonicTime? { epochTime.withLock { $0 } }

  /// Starts (or restarts) the beacon at `time`, a stream's frame 0.
  func start(at time: MonotonicTime) { epochTime.withLock { $0 = time } }

  /// The period in nanoseconds (at least 1).
  var periodNanoseconds: UInt64 { max(1, FramePacer.nanoseconds(period)) }

  /// The light to add to the frame due at `dueTime` when frames come every `interval`
  /// nanoseconds: `flashLight` for the frame nearest each firing, 0 for the others.
  func light(forFrameDueAt dueTime: MonotonicTime, interval: UInt64) -> Double {
    guard let epoch, dueTime >= epoch else { return 0 }
    let phase = (dueTime.nanoseconds - epoch.nanoseconds) % periodNanoseconds
    let half = interval / 2
    return phase < max(half, 1) || periodNanoseconds - phase <= half ? flashLight : 0
  }

  /// How far past the latest firing `time` is, in nanoseconds; nil before the epoch.
  func phase(at time: MonotonicTime) -> UInt64? {
    guard let epoch, time >= epoch else { return nil }
    return (time.nanoseconds - epoch.nanoseconds) % periodNanoseconds
  }
}
