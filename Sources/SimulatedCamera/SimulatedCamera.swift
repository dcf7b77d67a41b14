// SPDX-License-Identifier: MIT
import CameraModel
import Capture

#if canImport(Glibc)
  import Glibc
#endif

/// Pinhole's built-in camera: a rendered scene behind the same `CaptureDevice` protocol as a
/// V4L2 node, so every layer above the device runs on machines without a camera.
///
/// It streams NV12 at 1920x1080, 1280x720 or 640x360, at 30 or 15 fps, paced on
/// CLOCK_MONOTONIC. Each frame is rendered when it is due into one internal buffer and lent to
/// the caller, with the frame's due time as its capture time. A caller that comes back late
/// finds the frames it missed skipped and the sequence number jumped, as with a real driver.
///
/// A lens and sensor model (`optics`) blurs each object by its distance from the focus and
/// scales brightness by exposure and gain; see `SimulatedCamera+Optics.swift`.
///
/// Capture thread only, like every `CaptureDevice`.
public final class SimulatedCamera: CaptureDevice {
  /// Which camera this is: path "sim", driver "pinhole-sim", kind `.simulated`.
  public let info: DeviceInfo
  /// What the camera shows.
  public let scene: SimulatedScene
  /// The mode in force; changed by `configure(_:)`.
  public private(set) var mode: CaptureMode
  /// The lens and sensor settings; share this with the thread that drives focus and exposure.
  public let optics: SimulatedOptics

  private let options: Options
  private let renderer: SimulatedSceneRenderer
  private var buffer: NV12Frame?
  private var pacer: FramePacer?
  private var isClosed = false
  /// The frame the lens last moved for; capture thread only.
  var lastRenderedIndex: UInt64?

  /// Makes a simulated camera. It is ready at once: there is nothing to open.
  public init(options: Options = Options()) {
    self.options = options
    info = options.deviceInfo
    scene = options.scene ?? SimulatedScene.standard(seed: options.seed)
    renderer = SimulatedSceneRenderer(scene: scene)
    optics = SimulatedOptics(lens: options.lens, sensor: options.sensor)
    let requested = CaptureMode(
      format: .nv12, size: options.size,
      interval: FrameInterval(framesPerSecond: options.framesPerSecond))
    mode = SimulatedModeTable.negotiate(requested).value ?? SimulatedModeTable.defaultMode
  }

  /// True between `startStreaming()` and `stopStreaming()`.
  public var isStreaming: Bool { pacer != nil }

  /// NV12 at three sizes, each at 30 and 15 fps.
  public func capabilities() throws(CaptureError) -> DeviceCapabilities {
    precondition(!isClosed, "simulated camera used after close()")
    return SimulatedModeTable.capabilities
  }

  /// Takes an offered mode as it is and adjusts anything else to the nearest offered mode.
  /// Throws `deviceBusy` while streaming, as V4L2 refuses `S_FMT` then.
  public func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    precondition(!isClosed, "simulated camera used after close()")
    guard !isStreaming else { throw .deviceBusy(device: info.path) }
    let answer = SimulatedModeTable.negotiate(mode)
    if let actual = answer.value { self.mode = actual }
    return answer
  }

  /// Starts a stream: sequence numbers restart at 0 and frame 0 is due at the configured start
  /// time, or now. Does nothing when already streaming.
  public func startStreaming() throws(CaptureError) {
    precondition(!isClosed, "simulated camera used after close()")
    guard !isStreaming else { return }
    lastRenderedIndex = nil
    let frame = buffer ?? NV12Frame(size: mode.size)
    frame.resize(to: mode.size)
    buffer = frame
    let pacer = FramePacer(start: options.startTime ?? options.clock.now(), interval: mode.interval)
    self.pacer = pacer
    options.syncBeacon?.start(at: pacer.start)
  }

  /// Renders the next frame, waits until it is due and lends it to `body`.
  ///
  /// Returns false, after sleeping for `timeout`, when no frame falls due within it. Throws
  /// `system(call: "VIDIOC_DQBUF", errno: EINVAL)` when not streaming, the error a V4L2 node
  /// gives for dequeuing from a stopped stream.
  public func nextFrame(
    timeout: Duration, _ body: (RawFrame) -> Void
  ) throws(CaptureError) -> Bool {
    precondition(!isClosed, "simulated camera used after close()")
    guard var pacer, let buffer else { throw .system(call: "VIDIOC_DQBUF", errno: EINVAL) }
    let now = options.clock.now()
    let decision = pacer.claim(at: now, timeout: timeout)
    self.pacer = pacer
    guard case .frame(let index, let dueTime) = decision else {
      options.clock.sleep(
        until: MonotonicTime(nanoseconds: now.nanoseconds + FramePacer.nanoseconds(timeout)))
      return false
    }
    // The picture depends only on the frame's index, so it is drawn while waiting and handed
    // over the moment it is due, as a sensor finishes its readout.
    let sequence = UInt32(truncatingIfNeeded: index)
    let streamTime = Duration.nanoseconds(Int64(pacer.offset(of: index)))
    let (lens, sensor) = lit(opticsForFrame(index, streamTime: streamTime), dueTime: dueTime)
    renderer.render(
      sequence: sequence, streamTime: streamTime, lens: lens, sensor: sensor, into: buffer)
    meterAutoExposure(buffer, sensor: sensor)
    options.screenView?.paint(into: buffer, deliveredAt: dueTime)
    options.clock.sleep(until: dueTime)
    buffer.withBytes { bytes in
      body(
        RawFrame(
          bytes: UnsafeRawBufferPointer(bytes), format: .nv12, size: buffer.size,
          bytesPerLine: buffer.yStride, colorimetry: buffer.metadata.colorimetry,
          sequence: sequence, captureTime: dueTime))
    }
    return true
  }

  /// `optics` with the screen's light added (the level when the frame's exposure began, one
  /// frame interval before it is due, so only frames exposed wholly after a flash lit up
  /// show it) and the sync beacon's flash on the frame due when it fires.
  private func lit(
    _ optics: (LensState, SensorState), dueTime: MonotonicTime
  ) -> (LensState, SensorState) {
    guard let pacer else { return optics }
    var sensor = optics.1
    if let light = options.screenLight {
      let exposureStart = dueTime.nanoseconds - min(dueTime.nanoseconds, pacer.offset(of: 1))
      sensor.extraLight += light.level(at: MonotonicTime(nanoseconds: exposureStart))
    }
    if let beacon = options.syncBeacon {
      sensor.extraLight += beacon.light(forFrameDueAt: dueTime, interval: pacer.offset(of: 1))
    }
    return (optics.0, sensor)
  }

  /// Stops the stream. Safe to call when not streaming.
  public func stopStreaming() { pacer = nil }

  /// Stops streaming and frees the frame buffer. Safe to call twice; the camera cannot be used
  /// afterwards.
  public func close() {
    stopStreaming()
    buffer = nil
    isClosed = true
  }
}
