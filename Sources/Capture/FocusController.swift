// SPDX-License-Identifier: MIT
import CameraModel
import Metering

/// The capture thread's click-to-focus and click-to-expose engine.
///
/// A request picks its strategy from the camera's controls (`FocusCapability`), switches the
/// automatic modes it replaces off in the same control request as the first manual setting,
/// then follows the stream: each converted frame is measured inside the region (sharpness for
/// `ContrastAutofocus`, mean luma for `ExposureController`) while the frame is still in the
/// capture thread's hands, and the commands those answer are sent to the device after the
/// frame has been posted, so the search never holds up the render loop.
///
/// Capture thread only.
final class FocusController {
  /// The most frames a request may take before it is given up as failed: 4 s at 30 fps,
  /// several times what a full sweep needs.
  static let frameLimit = 120

  private let events: CaptureEventQueue
  private var job: FocusJob?
  private var sample: FocusSample?

  init(events: CaptureEventQueue) { self.events = events }

  /// Starts a request for `region`, replacing any running one.
  func begin(
    region: RegionOfInterest, meter: Bool, device: any CaptureDevice, controls: ControlTracker
  ) {
    sample = nil
    controls.refresh(device)
    var job = FocusJob(
      region: region, controls: controls.controls, meter: meter,
      lensIsImmediate: device.info.kind == .simulated)
    let switches = job.startingAssignments(controls.controls)
    if !controls.apply(switches, on: device) {
      job.focusPhase = .failed
      job.exposure = nil
    }
    events.post(.focus(job.report))
    self.job = job.isFinished ? nil : job
  }

  /// Measures `frame` for the running request, if any. Called between DQBUF and QBUF, so it
  /// only reads: a 20 % region of a 720p frame costs well under a millisecond.
  func measure(_ frame: NV12Frame) {
    guard let job else { return }
    sample = FocusSample(
      sequence: frame.metadata.sequence, captureTime: frame.metadata.captureTime,
      score: job.autofocus == nil ? 0 : SharpnessScore.measure(frame, in: job.region),
      meanLuma: job.exposure == nil ? 0 : frame.meanLuma(in: job.region))
  }

  /// Acts on the last measured frame: moves the lens and sets exposure as the searches ask,
  /// and reports the end of the request.
  func advance(device: any CaptureDevice, controls: ControlTracker) {
    guard var job, let sample else { return }
    self.sample = nil
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

  /// Ends any request and hands focus and exposure back to the camera's automatic modes.
  func resume(device: any CaptureDevice, controls: ControlTracker) {
    let region = job?.region ?? .full
    job = nil
    sample = nil
    let list = controls.controls
    var assignments: [ControlAssignment] = []
    if list.contains(where: { $0.id == .focusAuto }) {
      assignments.append(ControlAssignment(.focusAuto, 1))
    }
    if let auto = list.first(where: { $0.id == .exposureAuto }) {
      // Aperture priority is what uvcvideo webcams call automatic; a menu without it is
      // returned to its default, which is the camera's automatic mode on every driver seen.
      let value: Int64 = auto.menu[3] != nil ? 3 : auto.defaultValue
      assignments.append(ControlAssignment(.exposureAuto, value))
    }
    controls.apply(assignments, on: device)
    events.post(
      .focus(
        FocusReport(
          strategy: FocusCapability.runnable(list), phase: .continuous, framesTaken: 0,
          region: region, exposureLocked: false)))
  }

  /// Drops any request without a report: the stream it measured has ended.
  func cancel() {
    job = nil
    sample = nil
  }
}

/// What one frame measured inside the region.
struct FocusSample {
  var sequence: UInt32
  var captureTime: MonotonicTime
  var score: Double
  var meanLuma: Double
}
