// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Localization
import Metering
import Overlay

/// A latency measurement in the window: the probe, and what the screen shows of its patch.
struct LatencyRun {
  /// The part of each frame metered: the middle fifth, where a camera held up to the screen
  /// sees the patch.
  static let region = RegionOfInterest(centerX: 0.5, centerY: 0.5, width: 0.2, height: 0.2)

  var probe = LatencyProbe()
  /// Whether the presented patch is lit; nil before the first present.
  var presentedLit: Bool?
}

extension CameraWindow {
  /// The HUD button and `--latency`: starts a measurement, or stops the one running.
  public func toggleLatency() {
    if latency == nil {
      latency = LatencyRun()
    } else {
      latency = nil
      model.notice = tr("Latency measurement stopped.")
    }
    needsPresent = true
  }

  /// What the overlay draws of a running measurement.
  var latencyPatchState: LatencyPatchState? {
    latency.map {
      LatencyPatchState(
        isLit: $0.probe.isPatchLit, measured: $0.probe.samples.count, total: $0.probe.flashCount)
    }
  }

  /// A new frame arrived: the probe meters it.
  func latencyFrameArrived(_ frame: NV12Frame) {
    guard var run = latency else { return }
    run.probe.frameSeen(
      meanLuma: frame.meanLuma(in: LatencyRun.region), captureTime: frame.metadata.captureTime)
    latency = run
    if run.probe.isDone { finishLatency(run.probe) }
  }

  /// Once per loop iteration: ends a measurement whose camera went quiet.
  func checkLatency(at time: MonotonicTime) {
    guard var run = latency else { return }
    run.probe.check(at: time)
    latency = run
    if run.probe.isDone { finishLatency(run.probe) }
  }

  /// The window was presented at `time` with the patch the probe asked for: a change of the
  /// patch is timed from here (and the simulated camera's view of the window learns of it).
  func latencyPatchPresented(at time: MonotonicTime) {
    guard var run = latency else { return }
    let isLit = run.probe.isPatchLit
    guard run.presentedLit != isLit else { return }
    run.presentedLit = isLit
    run.probe.patchPresented(at: time)
    source.screenView?.setPatch(isLit: isLit, from: time)
    latency = run
  }

  private func finishLatency(_ probe: LatencyProbe) {
    latency = nil
    needsPresent = true
    let line: String
    switch probe.phase {
    case .finished(let figures):
      line = "Latency, screen to camera: \(figures.summary); " + latencyConditions()
    case .failed(let reason):
      line = reason
    default:
      return
    }
    if case .finished(let figures) = probe.phase {
      // The notice is one short line; the full figures go to the log.
      model.notice =
        "Latency \(String(format: "%.0f", figures.median)) ms median (quartiles "
        + "\(String(format: "%.0f", figures.lowerQuartile))–"
        + "\(String(format: "%.0f", figures.upperQuartile)) ms, \(figures.count) flashes)"
    } else {
      model.notice = line
    }
    guard options.latency.isRequested else { return log("pinhole: \(line)") }
    if case .finished = probe.phase {
      // `--latency` prints its result on standard output.
      print("pinhole: \(line)")
      fflush(nil)
    } else {
      log("pinhole: \(line)")
      latencyExitStatus = 1
    }
    isRunning = false
  }

  /// "display 60 Hz, camera frame interval 33.3 ms nominal, 33.4 ms measured".
  private func latencyConditions() -> String {
    let display = platform?.refreshRate.map { "display \($0) Hz" } ?? "display refresh unknown"
    var interval = "camera frame interval"
    if let rate = model.mode?.interval.framesPerSecond, rate > 0 {
      interval += " " + String(format: "%.1f", 1000 / rate) + " ms nominal,"
    }
    let recent = camera.figures.recentIntervals.sorted()
    if !recent.isEmpty {
      interval += " " + String(format: "%.1f", recent[recent.count / 2]) + " ms measured"
    } else {
      interval += " not measured"
    }
    return "\(display), \(interval)"
  }
}
