// SPDX-License-Identifier: MIT
import Synchronization

/// The simulated camera's lens and sensor settings, shared between the thread that changes
/// them (the app, the focus and exposure controllers) and the capture thread that renders
/// with them.
///
/// Every access takes one `Mutex` for a copy or an assignment; nothing else happens under it.
/// Any thread.
public final class SimulatedOptics: Sendable {
  private struct State {
    var lens: LensState
    var sensor: SensorState
  }

  private let state: Mutex<State>

  /// Starts with `lens` and `sensor`.
  public init(lens: LensState = LensState(), sensor: SensorState = SensorState()) {
    state = Mutex(State(lens: lens, sensor: sensor))
  }

  /// A snapshot of the lens.
  public var lens: LensState { state.withLock { $0.lens } }

  /// A snapshot of the sensor.
  public var sensor: SensorState { state.withLock { $0.sensor } }

  /// Commands the lens motor to focus `position` (0 near … 1 far). With autofocus on, the
  /// command is overridden at the next frame.
  public func setFocus(_ position: Double) { state.withLock { $0.lens.command(position) } }

  /// Switches continuous autofocus on or off.
  public func setAutofocus(_ isEnabled: Bool) {
    state.withLock { $0.lens.setAutofocus(isEnabled) }
  }

  /// Sets the normalised exposure time (0…1, log scale; 0.5 shows the scene as drawn).
  public func setExposure(_ exposure: Double) {
    state.withLock { $0.sensor.exposure = SensorState.unit(exposure) }
  }

  /// Sets the normalised gain (0 is 1 ×, 1 is 16 ×; log scale).
  public func setGain(_ gain: Double) {
    state.withLock { $0.sensor.gain = SensorState.unit(gain) }
  }

  /// Switches auto-exposure on or off.
  public func setAutoExposure(_ isEnabled: Bool) {
    state.withLock { $0.sensor.isAutoExposureEnabled = isEnabled }
  }

  /// Adds light to the scene as a fraction of its own (0 none, 1 doubles it).
  public func setExtraLight(_ fraction: Double) {
    state.withLock { $0.sensor.extraLight = fraction.isNaN ? 0 : max(fraction, 0) }
  }

  /// Runs the lens motor for `frames` frames and returns the settings the next frame is
  /// rendered with. Capture thread.
  func advance(frames: Int, autofocusTarget: Double?) -> (LensState, SensorState) {
    state.withLock {
      $0.lens.advance(frames: frames, autofocusTarget: autofocusTarget)
      return ($0.lens, $0.sensor)
    }
  }

  /// Nudges the exposure by `stops` when auto-exposure is on. Capture thread.
  func adjustAutoExposure(byStops stops: Double) {
    state.withLock {
      guard $0.sensor.isAutoExposureEnabled else { return }
      $0.sensor.exposure = SensorState.unit(
        $0.sensor.exposure + stops / SensorState.exposureStops)
    }
  }
}
