// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture

#if canImport(Glibc)
  import Glibc
#endif

/// Streams from a camera without a window for a while and measures it: `pinhole --check`.
/// Runs on the calling thread, which plays the part of the renderer (it takes and recycles
/// frames), so the figures include the whole pipeline up to the display handoff.
public struct CheckRunner: Sendable {
  /// How long to stream once the first frame arrived.
  public var seconds: Double
  /// How long to wait for the first frame before giving up (devices under emulation are slow).
  public var firstFrameTimeout: Double = 20
  /// The mode wishes.
  public var request: ModeRequest

  /// Makes a runner.
  public init(seconds: Double, request: ModeRequest = ModeRequest()) {
    self.seconds = seconds
    self.request = request
  }

  /// Streams from the device `openDevice` opens and returns what was measured. The first
  /// failure ends the run (a person running `--check` wants the error, not a retry loop).
  public func run(
    device: DeviceInfo,
    openDevice: @escaping CaptureSession.DeviceOpener,
    makeConverter: @escaping CaptureSession.ConverterFactory
  ) -> CheckReport {
    let session = CaptureSession(
      configuration: .init(request: request, statisticsInterval: .milliseconds(250)),
      openDevice: openDevice, makeConverter: makeConverter)
    var report = CheckReport(
      device: device, negotiation: nil, reason: "", statistics: CaptureStatistics(),
      streamedSeconds: 0, error: nil)
    let started = MonotonicTime.now()
    var firstFrame: MonotonicTime?
    var lastFigures: MonotonicTime?
    session.start()
    defer { session.stop() }
    while report.error == nil {
      let now = MonotonicTime.now()
      if let firstFrame, now.seconds(since: firstFrame) >= seconds { break }
      if firstFrame == nil, now.seconds(since: started) >= firstFrameTimeout {
        report.error = .stalled(device: device.path, seconds: firstFrameTimeout)
        break
      }
      if let frame = session.mailbox.take() { session.recycle(frame) }
      for event in session.drainEvents() {
        apply(event, to: &report, firstFrame: &firstFrame)
        if case .statistics = event { lastFigures = .now() }
      }
      usleep(2_000)
    }
    // The figures are a snapshot taken when the last statistics event was sent, so the
    // duration runs to that moment rather than to the end of the loop.
    if let firstFrame, let lastFigures {
      report.streamedSeconds = max(0, lastFigures.seconds(since: firstFrame))
    }
    return report
  }

  private func apply(
    _ event: CaptureEvent, to report: inout CheckReport, firstFrame: inout MonotonicTime?
  ) {
    switch event {
    case .negotiated(let negotiation, let reason):
      report.negotiation = negotiation
      report.reason = reason
    case .firstFrameDelivered:
      if firstFrame == nil { firstFrame = .now() }
    case .statistics(let statistics):
      report.statistics = statistics
    case .stateChanged(.failed(_, let error)):
      report.error = error
    case .stateChanged, .controlsChanged, .controlRejected, .capabilities, .focus:
      break
    }
  }
}
