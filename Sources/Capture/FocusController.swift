// SPDX-License-Identifier: MIT
import CameraModel
import Metering
import Workers

/// The capture thread's click-to-focus and click-to-expose engine.
///
/// A request picks its strategy from the camera's controls (`FocusCapability`), switches the
/// automatic modes it replaces off in the same control request as the first manual setting,
/// then follows the stream: each converted frame is measured inside the region (sharpness for
/// `ContrastAutofocus`, mean luma for `ExposureController`, or for `ExposureBiasController`
/// on a camera that only lets its auto exposure be biased) while the frame is still in the
/// capture thread's hands, and the commands those answer are sent to the device after the
/// frame has been posted, so the search never holds up the render loop.
///
/// A camera with a UVC 1.5 region of interest focuses (and meters) by itself: the region is
/// written in pixels of the stream, and the request is locked once the region's sharpness
/// has settled (`FocusSettling`). A camera that refuses its region is driven by the next
/// strategy at once, and for the rest of the stream.
///
/// Capture thread only.
final class FocusController {
  /// The most frames a request may take before it is given up as failed: 4 s at 30 fps,
  /// several times what a full sweep needs.
  static let frameLimit = 120

  private let events: Inbox<CaptureEvent>
  private var job: FocusJob?
  private var sample: FocusSample?
  /// The size of the frames last measured: the stream's, which a region of interest is
  /// given in.
  private var frameSize: FrameSize?
  /// True once the camera refused its region of interest in this stream.
  private var regionRefused = false

  init(events: Inbox<CaptureEvent>) { self.events = events }

  /// Starts a request for `region`, replacing any running one.
  func begin(
    region: RegionOfInterest, meter: Bool, exposureTarget: Double = ExposureCompensation.midGrey,
    device: any CaptureDevice, controls: ControlTracker
  ) {
    sample = nil
    job = nil
    controls.refresh(device)
    var strategy = FocusCapability.runnable(controls.controls)
    if strategy == .regionOfInterest, regionRefused {
      strategy = FocusCapability.strategy(after: strategy, controls.controls) ?? .none
    }
    start(
      FocusJob(
        region: region, controls: controls.controls, meter: meter,
        lensIsImmediate: device.info.kind == .simulated, strategy: strategy,
        exposureTarget: exposureTarget),
      device: device, controls: controls)
  }

  /// True while no focus or metering request runs, so frames need not be measured.
  var isIdle: Bool { job == nil }

  /// Notes the full size of a frame that is not measured (decoded elsewhere, maybe reduced).
  func observe(size: FrameSize) { frameSize = size }

  /// Measures `frame` for the running request, if any, and hands it back for delivery: taken
  /// and returned `sending`, so measuring keeps no hold on a frame that goes to another thread.
  /// Called between DQBUF and QBUF, so it only reads: a 20 % region of a 720p frame costs well
  /// under a millisecond.
  func measure(_ frame: sending NV12Frame) -> sending NV12Frame {
    frameSize = frame.size
    guard let job else { return frame }
    sample = FocusSample(
      sequence: frame.metadata.sequence, captureTime: frame.metadata.captureTime,
      frameSize: frame.size,
      score: job.measuresSharpness ? SharpnessScore.measure(frame, in: job.region) : 0,
      meanLuma: job.measuresLuma ? frame.meanLuma(in: job.region) : 0)
    return frame
  }

  /// Acts on the last measured frame: writes a pending region of interest, moves the lens
  /// and sets exposure as the searches ask, and reports the end of the request.
  func advance(device: any CaptureDevice, controls: ControlTracker) {
    guard var job, let sample else { return }
    self.sample = nil
    if job.needsRegionWrite {
      // The frame predates the region; the camera's search starts from the next one.
      self.job = nil
      guard writeRegion(&job, in: sample.frameSize, device: device, controls: controls) else {
        return fallBack(from: job, device: device, controls: controls)
      }
      self.job = job
      return
    }
    let assignments = job.step(sample)
    if !assignments.isEmpty {
      if controls.apply(assignments, on: device) {
        job.commandTime = .now()
      } else {
        job.giveUp()
      }
    }
    if job.isFinished {
      if job.focusPhase == .failed, let restore = job.restoringAssignments() {
        controls.apply(restore, on: device)
      }
      events.post(.focus(job.report))
      self.job = nil
    } else {
      self.job = job
    }
  }

  /// Ends any request and hands focus and exposure back to the camera's automatic modes:
  /// continuous autofocus, automatic exposure, the exposure bias at its default, and a
  /// region of interest covering the whole frame with the camera's default automatic bits.
  func resume(device: any CaptureDevice, controls: ControlTracker) {
    let region = job?.region ?? .full
    job = nil
    sample = nil
    let list = controls.controls
    controls.apply(FocusJob.resumingAssignments(list), on: device)
    if FocusCapability.runnable(list) == .regionOfInterest, !regionRefused, let frameSize,
      let bits = list.first(where: { $0.id == .regionOfInterestAuto })
    {
      controls.applyRegion(
        PixelRectangle(covering: frameSize),
        automatic: RegionAutomation(rawValue: UInt32(truncatingIfNeeded: bits.defaultValue)),
        on: device)
    }
    events.post(
      .focus(
        FocusReport(
          strategy: FocusCapability.runnable(list), phase: .continuous, framesTaken: 0,
          region: region, exposureLocked: false)))
  }

  /// Drops any request without a report: the stream it measured has ended. The next stream
  /// may have another size, and its camera may take a region it refused before.
  func cancel() {
    job = nil
    sample = nil
    frameSize = nil
    regionRefused = false
  }

  /// Switches the automatic modes `job` needs, writes its region when the stream size is
  /// known, and reports the start; a refusal ends it, or hands a region request to the next
  /// strategy.
  private func start(_ job: FocusJob, device: any CaptureDevice, controls: ControlTracker) {
    var job = job
    if !controls.apply(job.startingAssignments(controls.controls), on: device) {
      guard job.strategy != .regionOfInterest else {
        return fallBack(from: job, device: device, controls: controls)
      }
      job.abandon()
    } else if job.needsRegionWrite, let frameSize {
      guard writeRegion(&job, in: frameSize, device: device, controls: controls) else {
        return fallBack(from: job, device: device, controls: controls)
      }
    }
    events.post(.focus(job.report))
    self.job = job.isFinished ? nil : job
  }

  /// Writes `job`'s region of interest in pixels of a stream of `size`; false when refused.
  private func writeRegion(
    _ job: inout FocusJob, in size: FrameSize, device: any CaptureDevice,
    controls: ControlTracker
  ) -> Bool {
    job.needsRegionWrite = false
    let rectangle = job.region.pixelRectangle(in: size)
    guard controls.applyRegion(rectangle, automatic: job.regionAutomation, on: device) else {
      regionRefused = true
      return false
    }
    job.commandTime = .now()
    return true
  }

  /// Runs the next strategy after `job`'s could not start; without one, reports `job` failed.
  private func fallBack(from job: FocusJob, device: any CaptureDevice, controls: ControlTracker) {
    guard let next = FocusCapability.strategy(after: job.strategy, controls.controls) else {
      var failed = job
      failed.abandon()
      events.post(.focus(failed.report))
      return
    }
    start(
      FocusJob(
        region: job.region, controls: controls.controls, meter: job.meter,
        lensIsImmediate: job.lensIsImmediate, strategy: next, exposureTarget: job.exposureTarget),
      device: device, controls: controls)
  }
}

/// What one frame measured inside the region.
struct FocusSample {
  var sequence: UInt32
  var captureTime: MonotonicTime
  var frameSize: FrameSize
  var score: Double
  var meanLuma: Double
}
