// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// The body of the capture thread: open, negotiate, stream, convert, hand off; on failure
/// close and retry. Holds the device and the converter, which never leave this thread.
///
/// Capture thread only.
final class CaptureLoop {
  private let session: CaptureSession
  private let configuration: CaptureSession.Configuration
  private var request: ModeRequest
  private let delivery: FrameDelivery
  private let decoder: ParallelDecoder?
  private var lastInfo: DeviceInfo?
  private var streamStart = MonotonicTime.now()
  private var lastFrame = MonotonicTime.now()
  private var lastStatistics = MonotonicTime.now()
  private let controls: ControlTracker
  private let focus: FocusController

  init(session: CaptureSession) {
    self.session = session
    configuration = session.configuration
    request = configuration.request
    controls = ControlTracker(events: session.events)
    focus = FocusController(events: session.events)
    delivery = FrameDelivery(session: session)
    decoder =
      configuration.decodeThreads > 1
      ? ParallelDecoder(
        session: session, delivery: delivery, threads: configuration.decodeThreads) : nil
  }

  /// Runs until the session is stopped, reopening the camera after every failure.
  func run() {
    let converter = session.makeConverter()
    while !session.isStopping {
      do throws(CaptureError) {
        try streamUntilStopped(converter)
      } catch {
        session.events.post(.stateChanged(.failed(lastInfo, error)))
        waitBeforeRetry()
      }
    }
    decoder?.stop()
  }

  /// Opens the device and streams until stopped; throws whatever ends the stream early. The
  /// device is stopped and closed on every way out.
  private func streamUntilStopped(_ converter: any FrameConverter) throws(CaptureError) {
    let device = try session.openDevice()
    defer {
      device.stopStreaming()
      device.close()
    }
    // Opening can take long (a driver answering slowly): a stop asked meanwhile ends it here.
    guard !session.isStopping else { return }
    lastInfo = device.info
    session.events.post(.stateChanged(.opening(device.info)))
    let capabilities = try device.capabilities()
    session.events.post(.capabilities(capabilities))
    applyPendingCommands()
    controls.deviceOpened(device)
    focus.cancel()
    try startStream(device, capabilities, converter)
    while !session.isStopping {
      for command in session.takeCommands() {
        if command == .stop { return }
        try perform(command, device, capabilities, converter)
      }
      try pumpFrame(device, converter)
      // After the frame is posted: the renderer has it while the lens moves.
      focus.advance(device: device, controls: controls)
      controls.collectEvents(from: device)
      postStatisticsIfDue()
    }
  }

  /// Carries out one command while streaming.
  private func perform(
    _ command: CaptureCommand, _ device: any CaptureDevice, _ capabilities: DeviceCapabilities,
    _ converter: any FrameConverter
  ) throws(CaptureError) {
    switch command {
    case .stop: break
    case .reconfigure(let newRequest):
      focus.cancel()
      try reconfigure(device, capabilities, converter, to: newRequest)
    case .setControls(let assignments): controls.apply(assignments, on: device)
    case .refreshControls: controls.refresh(device)
    case .focus(let region, let meter, let target):
      focus.begin(
        region: region, meter: meter, exposureTarget: target, device: device, controls: controls)
    case .resumeAutomaticFocusAndExposure: focus.resume(device: device, controls: controls)
    }
  }

  /// Chooses, configures and starts the mode for the current request.
  private func startStream(
    _ device: any CaptureDevice, _ capabilities: DeviceCapabilities,
    _ converter: any FrameConverter
  ) throws(CaptureError) {
    let choice = try ModePolicy.choose(
      from: capabilities, request: request, canConvert: converter.canConvert)
    let answer = try device.configure(choice.mode)
    session.events.post(.negotiated(answer, reason: choice.reason))
    guard let mode = answer.value else { throw .unsupportedFormat(choice.mode.format.fourCC) }
    try device.startStreaming()
    streamStart = .now()
    lastFrame = streamStart
    delivery.streamStarted(at: streamStart)
    session.events.post(.stateChanged(.streaming(device.info, mode: mode)))
  }

  /// Restarts the stream for `newRequest`. If the device refuses it, the previous request is
  /// kept, so the reopen that follows the failure returns to the mode that worked.
  private func reconfigure(
    _ device: any CaptureDevice, _ capabilities: DeviceCapabilities,
    _ converter: any FrameConverter, to newRequest: ModeRequest
  ) throws(CaptureError) {
    let previous = request
    request = newRequest
    device.stopStreaming()
    do {
      try startStream(device, capabilities, converter)
    } catch {
      request = previous
      throw error
    }
  }

  /// Waits one poll timeout for a frame and handles it; a camera silent for longer than the
  /// stall timeout is reported as stalled so that it is reopened. Buffers the driver flags as
  /// failed do not count as the camera speaking: a queue that fails every buffer at once (a
  /// USB camera half-way through an unplug) would otherwise keep the loop busy and never stall.
  private func pumpFrame(
    _ device: any CaptureDevice, _ converter: any FrameConverter
  ) throws(CaptureError) {
    var isUsable = false
    let arrived = try device.nextFrame(timeout: configuration.pollTimeout) { raw in
      isUsable = !raw.hasErrorFlag
      handle(raw, converter)
    }
    let now = MonotonicTime.now()
    if arrived, isUsable {
      lastFrame = now
    } else if now.duration(since: lastFrame) >= configuration.stallTimeout {
      throw .stalled(device: device.info.path, seconds: now.seconds(since: lastFrame))
    }
  }

  /// Converts `raw` into `frame` and hands the frame back; a failure's error goes into
  /// `failure`. A
  /// compressed frame is first copied out of the driver buffer into `frame.compressedSource`
  /// (kept for photos) and decoded from that copy: a few hundred kilobytes copied at once, where
  /// a decode reading the driver buffer for tens of milliseconds could see it overwritten by
  /// drivers that do not respect buffer ownership (v4l2loopback does this to a consumer that
  /// falls behind).
  private func convert(
    _ raw: RawFrame, into frame: sending NV12Frame, _ converter: any FrameConverter,
    failure: inout (any Error)?
  ) -> sending NV12Frame {
    frame.compressedSource.removeAll(keepingCapacity: true)
    guard raw.format.isCompressed else {
      return converter.converting(raw, into: frame, failure: &failure)
    }
    frame.compressedSource.append(contentsOf: raw.bytes)
    return converter.convertingCompressedSource(of: frame, describedBy: raw, failure: &failure)
  }

  /// Converts one driver buffer into a pool frame and posts it. Runs between DQBUF and QBUF,
  /// so it never waits: no free frame (or, for MJPEG, no idle decode thread) means the frame is
  /// dropped.
  private func handle(_ raw: RawFrame, _ converter: any FrameConverter) {
    let arrival = MonotonicTime.now()
    delivery.withStatistics {
      $0.recordFrame(sequence: raw.sequence, captureTime: raw.captureTime, arrival: arrival)
    }
    guard !raw.hasErrorFlag else { return delivery.withStatistics { $0.recordCorrupt() } }
    if raw.format.isCompressed, configuration.skipsDecoding || session.defersDecoding(of: raw.size)
    {
      return passUndecoded(raw, arrival: arrival)
    }
    if raw.format.isCompressed, let decoder {
      // A focus request measures frames here, on this thread, at full size: it waits for the
      // frames already decoding so that none overtakes the measured one.
      if focus.isIdle {
        focus.observe(size: raw.size)
        return decodeInParallel(raw, arrival: arrival, decoder)
      }
      guard decoder.busyCount == 0 else {
        return delivery.withStatistics { $0.recordPipelineDrop() }
      }
    }
    guard let free = session.pool.take() else {
      return delivery.withStatistics { $0.recordPipelineDrop() }
    }
    var failure: (any Error)?
    let converted = convert(raw, into: free, converter, failure: &failure)
    guard failure == nil else {
      session.pool.recycle(converted)
      return delivery.withStatistics { $0.recordCorrupt() }
    }
    converted.metadata.sequence = raw.sequence
    converted.metadata.captureTime = raw.captureTime
    let frame = focus.measure(converted)
    delivery.deliver(frame, arrival: arrival)
  }

  /// Copies a compressed frame's bytes into a pool frame and delivers it without decoding
  /// (`Configuration.skipsDecoding`, `CaptureSession.deferDecoding(ofFramesSized:)`). Bytes that do not start a JPEG (no SOI marker) count as
  /// a corrupt frame, as a failed decode would.
  private func passUndecoded(_ raw: RawFrame, arrival: MonotonicTime) {
    guard raw.bytes.count >= 2, raw.bytes[0] == 0xFF, raw.bytes[1] == 0xD8 else {
      return delivery.withStatistics { $0.recordCorrupt() }
    }
    guard let frame = session.pool.take() else {
      return delivery.withStatistics { $0.recordPipelineDrop() }
    }
    frame.resize(to: raw.size)
    frame.compressedSource.removeAll(keepingCapacity: true)
    frame.compressedSource.append(contentsOf: raw.bytes)
    frame.metadata.sequence = raw.sequence
    frame.metadata.captureTime = raw.captureTime
    frame.metadata.colorimetry = .jpeg
    frame.metadata.sourceFormat = raw.format
    delivery.deliver(frame, arrival: arrival)
  }

  /// Copies an MJPEG frame's bytes into a pool frame and hands it to an idle decode thread,
  /// reduced as the preview asked unless the recorder taps full-size frames.
  private func decodeInParallel(
    _ raw: RawFrame, arrival: MonotonicTime, _ decoder: ParallelDecoder
  ) {
    guard let frame = session.pool.take() else {
      return delivery.withStatistics { $0.recordPipelineDrop() }
    }
    frame.compressedSource.removeAll(keepingCapacity: true)
    frame.compressedSource.append(contentsOf: raw.bytes)
    frame.metadata.sequence = raw.sequence
    frame.metadata.captureTime = raw.captureTime
    let reduction = session.hasFrameTap ? 1 : session.previewReduction
    let job = ParallelDecoder.Job(
      frame: frame, format: raw.format, size: raw.size, colorimetry: raw.colorimetry,
      reduction: reduction, arrival: arrival)
    if let refused = decoder.submit(job) {
      session.pool.recycle(refused.frame)
      delivery.withStatistics { $0.recordPipelineDrop() }
    }
  }

  private func postStatisticsIfDue() {
    let now = MonotonicTime.now()
    guard now.duration(since: lastStatistics) >= configuration.statisticsInterval else { return }
    lastStatistics = now
    session.events.post(.statistics(delivery.withStatistics { $0.snapshot(at: now) }))
  }

  /// Takes commands queued while no stream runs: only the latest request matters then, and
  /// control settings wait for the camera.
  private func applyPendingCommands() {
    for command in session.takeCommands() {
      switch command {
      case .reconfigure(let newRequest): request = newRequest
      case .setControls(let assignments): controls.deferUntilOpen(assignments)
      // Focus belongs to a picture being shown; a click made while the camera was away is
      // stale by the time it returns.
      case .refreshControls, .stop, .focus, .resumeAutomaticFocusAndExposure: break
      }
    }
  }

  /// Sleeps `retryDelay` in short slices so that `stop()` still returns within about one poll
  /// timeout while the camera is away.
  private func waitBeforeRetry() {
    let deadline = MonotonicTime.now().nanoseconds + nanoseconds(configuration.retryDelay)
    let slice = min(nanoseconds(configuration.pollTimeout), 20_000_000)
    while !session.isStopping, MonotonicTime.now().nanoseconds < deadline {
      applyPendingCommands()
      var pause = timespec(tv_sec: 0, tv_nsec: Int(slice))
      nanosleep(&pause, nil)
    }
  }

  private func nanoseconds(_ duration: Duration) -> UInt64 { duration.nonNegativeNanoseconds }
}
