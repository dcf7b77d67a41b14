// SPDX-License-Identifier: MIT
import CameraModel

extension SimulatedCamera {
  /// How to build a simulated camera.
  public struct Options: Sendable {
    /// Initial frame size; adjusted to the nearest offered size.
    public var size: FrameSize
    /// Initial frame rate; adjusted to the nearest offered rate (30 or 15).
    public var framesPerSecond: Int
    /// Varies the standard scene's colours and paths. Same seed, same pictures.
    public var seed: UInt64
    /// When frame 0 of each stream is due. Nil starts each stream at the moment
    /// `startStreaming()` is called; a fixed time makes capture times reproducible in tests.
    public var startTime: MonotonicTime?
    /// The name shown to the user.
    public var name: String
    /// Stable identity and bus info, distinct for each simulated camera that coexists.
    public var identity: String
    /// The clock that paces frames; tests pass one that advances instantly.
    public var clock: any SimulationClock
    /// A scene to show instead of `SimulatedScene.standard(seed:)`.
    public var scene: SimulatedScene?
    /// The lens at start: focused on the middle distance, following the frame centre.
    public var lens: LensState
    /// The sensor at start: the scene as drawn, no auto-exposure.
    public var sensor: SensorState
    /// The light the app's screen throws on the scene (a screen flash); nil for none.
    public var screenLight: ScreenLight?
    /// Flashes the picture in step with a `SimulatedMicrophone`'s clicks; nil for none.
    public var syncBeacon: SyncBeacon?
    /// Shows Pinhole's latency patch with a known delay; nil for none.
    public var screenView: ScreenView?

    /// Makes options; the defaults describe the built-in camera: 720p, 30 fps, seed 1.
    public init(
      size: FrameSize = FrameSize(width: 1280, height: 720), framesPerSecond: Int = 30,
      seed: UInt64 = 1, startTime: MonotonicTime? = nil,
      name: String = "Pinhole Simulated Camera", identity: String = "sim:0",
      clock: any SimulationClock = SystemMonotonicClock(), scene: SimulatedScene? = nil,
      lens: LensState = LensState(focus: 0.5, isAutofocusEnabled: true),
      sensor: SensorState = SensorState(), screenLight: ScreenLight? = nil
    ) {
      self.size = size
      self.framesPerSecond = framesPerSecond
      self.seed = seed
      self.startTime = startTime
      self.name = name
      self.identity = identity
      self.clock = clock
      self.scene = scene
      self.lens = lens
      self.sensor = sensor
      self.screenLight = screenLight
    }
  }
}
