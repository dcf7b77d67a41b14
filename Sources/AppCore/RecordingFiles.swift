// SPDX-License-Identifier: MIT
import CameraModel
import Workers

/// Carries out the recording side's blocking jobs (`RecordingJob`) on the
/// `pinhole-recording-files` thread, one at a time and in the order asked, and hands their
/// results back to the controller once a frame. The controller decides; this is its hands.
/// Main thread only, apart from the worker's own thread.
public final class RecordingFiles {
  private let worker: Worker<RecordingJob, RecordingJob.Result>

  /// Starts the thread; `wake` runs after each job that came to something.
  public init(wake: (@Sendable () -> Void)? = nil) {
    worker = Worker(name: "pinhole-recording-files", on: .shared, wake: wake) { job, emit in
      if let result = job.run() { emit(result) }
    }
  }

  deinit { worker.stop() }

  /// Once a frame: the controller's own checks, then the jobs it asked for sent and the
  /// finished ones applied. Returns the sentences for the notice pill.
  public func update(_ controller: RecordingController) -> [String] {
    var notices = controller.update()
    for job in controller.drainJobs() { worker.send(job) }
    for result in worker.events.drain() { notices += controller.apply(result) }
    return notices
  }

  /// Stops the controller's recording and waits, at most 30 seconds, until its file is
  /// finished: for quitting and switching cameras. Returns the last notices.
  public func finish(_ controller: RecordingController) -> [String] {
    let started = MonotonicTime.now()
    var notices: [String] = []
    while controller.isActive, MonotonicTime.now().seconds(since: started) < 30 {
      controller.stop()
      notices += update(controller)
      if controller.isActive { worker.waitUntilIdle() }
    }
    return notices
  }

  /// Waits until the jobs sent so far are done. Not on the render loop.
  public func waitUntilIdle() { worker.waitUntilIdle() }

  /// Ends the thread after the jobs already sent.
  public func stop() { worker.stop() }
}
