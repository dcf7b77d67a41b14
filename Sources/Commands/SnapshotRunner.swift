// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import FrameMerge
import Imaging
import MediaStore
import Metering
import PhotoPipeline
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// Takes photos without a window: `pinhole --snapshot [PATH] [--burst N] [--output-dir DIR]`.
///
/// Opens the camera, waits until its automatic exposure has settled (see `ExposureSettling`),
/// copies the newest frame (and the next ones for a burst), then saves them through
/// `PhotoWriter` exactly as the shutter does: the camera's own JPEG for MJPEG cameras, quality
/// 92 for raw ones, with EXIF. With `--quality balanced` or `quality`, each photo is the settled
/// frame merged with the next 3 or 7 (`FrameMerger`), encoded from the merged pixels, and its
/// EXIF ImageDescription says how many frames went in. Quality, unless `--size` says otherwise,
/// previews in the usual mode until the picture settles, then takes its frames in the camera's
/// largest mode and switches back, as the window does, and says how long the preview was gone.
/// Runs on the calling thread, which plays the renderer's part.
public struct SnapshotRunner: Sendable {
  /// Decides when a freshly started camera's picture is worth keeping.
  ///
  /// Webcams start dark or tinted and converge over their first dozen frames (UVC auto exposure
  /// and white balance run in the camera), while a camera that starts steady (vivid, the
  /// simulated camera) is ready at once. So there is no fixed warm-up: from the first frame on,
  /// the first frame that ends a run of `stableFrames` frames whose mean luma lies within
  /// `tolerance` (2 %) of their average is kept. Near-black frames (a sensor still opening up)
  /// count as settled only after `darkGraceSeconds`, so a run of black start-up frames is not
  /// mistaken for a steady picture. A camera that keeps changing (flicker, a moving scene) is
  /// given `timeoutSeconds`, after which the newest frame is taken anyway: a photo beats an
  /// error.
  public struct ExposureSettling: Sendable {
    /// Time to ignore after the first frame (none by default).
    public var warmUpSeconds = 0.0
    /// Frames to ignore after the first frame (none by default).
    public var warmUpFrames = 0
    /// Mean luma below which a frame is taken for a sensor still starting, not a dark scene.
    public var darkLuma = 8.0
    /// How long near-black frames are waited out before a dark scene is accepted as it is.
    public var darkGraceSeconds = 1.0
    /// Consecutive frames that must agree.
    public var stableFrames = 3
    /// How far a frame's mean luma may stray from the run's average, as a fraction.
    public var tolerance = 0.02
    /// When to stop waiting for agreement, after the first frame.
    public var timeoutSeconds = 5.0

    private var firstFrame: MonotonicTime?
    private var framesSeen = 0
    private var recentMeans: [Double] = []

    /// Makes the default rule.
    public init() {}

    /// Feeds the next frame's mean luma, seen at `time`; true when this frame is the one to
    /// keep.
    public mutating func observe(meanLuma: Double, at time: MonotonicTime) -> Bool {
      let start = firstFrame ?? time
      firstFrame = start
      framesSeen += 1
      let elapsed = time.seconds(since: start)
      if elapsed >= timeoutSeconds { return true }
      guard elapsed >= warmUpSeconds, framesSeen > warmUpFrames else { return false }
      if meanLuma < darkLuma, elapsed < darkGraceSeconds {
        recentMeans.removeAll()
        return false
      }
      recentMeans.append(meanLuma)
      if recentMeans.count > stableFrames { recentMeans.removeFirst() }
      guard recentMeans.count == stableFrames else { return false }
      let average = recentMeans.reduce(0, +) / Double(stableFrames)
      // A floor of 16 (black) keeps a dark scene's tiny numbers from making noise look like
      // big relative changes.
      let limit = tolerance * max(average, 16)
      return recentMeans.allSatisfy { abs($0 - average) <= limit }
    }
  }

  /// What a run printed and how it ended.
  public struct Outcome: Sendable, Equatable {
    /// 0 when every photo was saved; 1 after a failure; 128 + N after signal N.
    public var status: Int32
    /// The saved paths, one a line, or the error sentence.
    public var message: String
    /// Every photo saved, also when the run failed part way (print them before the error).
    public var savedPaths: [String] = []
    /// Lines for stderr that do not end the run (a photo given another name, photos rescued
    /// into the unsaved folder).
    public var notes: [String] = []
    /// The camera's failure when one ended the run, so the caller can say more (who holds a
    /// busy camera).
    public var cameraError: CaptureError?
  }

  /// `--snapshot PATH`: a file to write, or a folder (existing, or ending in "/") to name the
  /// photo in; nil for the output folder.
  public var destination: String?
  /// `--output-dir`, used when `destination` is nil; nil for the pictures folder.
  public var outputDirectory: String?
  /// How many consecutive frames to save.
  public var burstCount: Int
  /// How many frames go into each photo.
  public var quality = PhotoQuality.speed
  /// The mode wishes.
  public var request: ModeRequest
  /// True when Quality streams `request` as the preview, then switches to the camera's largest
  /// mode for its frames and back, as the window does (no `--size` was given). False takes
  /// every frame in `request`'s mode.
  public var switchesToLargestMode = false
  /// When the picture counts as settled.
  public var settling = ExposureSettling()
  /// How long to wait for the first frame.
  public var firstFrameTimeout = 20.0
  /// Where the default folder comes from.
  public var picturesFolder = PicturesFolder()
  /// `--focus-at`: where to focus and meter once the camera streams, before the photo.
  public var focusPoint: FocusPoint?
  /// How long to wait for click-to-focus to lock or fail before taking the photo anyway.
  public var focusTimeout = 10.0
  /// The signal that asks the run to stop, polled between frames: by default SIGINT/SIGTERM
  /// through `TerminationSignals` (installed by the caller).
  public var interruption: @Sendable () -> Int32? = { TerminationSignals.pending }
  /// The environment that locates the unsaved-photos folder.
  public var environment = ProcessInfo.processInfo.environment

  /// Makes a runner from the parsed command line and the source's resolved mode wishes.
  public init(options: Options, request: ModeRequest) {
    if case .snapshot(let path) = options.command { destination = path }
    outputDirectory = options.outputDirectory
    burstCount = max(1, options.burstCount)
    quality = options.photoQuality
    focusPoint = options.focusPoint
    self.request = request
    // A size the source filled in (the simulated camera's preview size) is no wish of the
    // user's: Quality previews in it and takes its frames in the largest mode, as the window
    // does.
    switchesToLargestMode = quality == .quality && options.modeRequest.size == nil
  }

  /// Makes a runner directly.
  public init(
    destination: String?, outputDirectory: String? = nil, burstCount: Int = 1,
    request: ModeRequest = ModeRequest()
  ) {
    self.destination = destination
    self.outputDirectory = outputDirectory
    self.burstCount = max(1, burstCount)
    self.request = request
  }

  /// Takes the photos from `source` and reports where they went. Blocks until done. A run cut
  /// short (a signal, an unplugged camera) still saves and reports what it captured.
  /// A destination that is no place for a photo ends the run with status 2 before the camera
  /// is touched.
  public func run(source: CameraSource) -> Outcome {
    if let destination, let problem = OutputTarget.photoDestinationProblem(destination) {
      return Outcome(status: 2, message: problem)
    }
    let target: OutputTarget
    do {
      target = try OutputTarget(
        destination: destination, outputDirectory: outputDirectory,
        defaultFolder: { picturesFolder.resolve(.pictures, override: $0) })
    } catch {
      return Outcome(status: 1, message: error.message)
    }
    let capture = captureSettledFrames(from: source)
    var outcome: Outcome
    if capture.picked.isEmpty, let stop = capture.stop {
      outcome = Outcome(status: stop.status, message: stop.message(saved: 0, of: burstCount))
    } else {
      let (photos, notes) = merged(capture.picked)
      outcome = save(photos, device: source.device, to: target)
      outcome.notes = capture.notes + notes + outcome.notes
      if let stop = capture.stop, outcome.status == 0 {
        outcome.status = stop.status
        outcome.message = stop.message(saved: outcome.savedPaths.count, of: burstCount)
      }
    }
    if case .failure(let error) = capture.stop { outcome.cameraError = error }
    if focusPoint != nil {
      let line = capture.focus?.summary ?? "focus: no answer from the camera in time"
      outcome.message = line + "\n" + outcome.message
    }
    return outcome
  }
}

/// Why a snapshot run stopped before taking every photo.
private enum SnapshotStop: Equatable {
  /// SIGINT or SIGTERM.
  case signal(Int32)
  /// The camera failed (unplugged, busy, stalled).
  case failure(CaptureError)

  var status: Int32 {
    switch self {
    case .signal(let number): TerminationSignals.exitStatus(for: number)
    case .failure: 1
    }
  }

  func message(saved: Int, of count: Int) -> String {
    let progress = count > 1 || saved > 0 ? " \(saved) of \(count) photos were saved." : ""
    switch self {
    case .signal(let number):
      return "Interrupted by \(TerminationSignals.name(of: number))." + progress
    case .failure(let error): return error.userMessage + progress
    }
  }
}

/// What the capture phase collected.
private struct SnapshotCapture {
  var picked: [PickedFrame] = []
  var focus: FocusReport?
  /// Set when the run stopped before `burstCount` frames.
  var stop: SnapshotStop?
  /// Lines for stderr about the capture (the mode switch of a Quality photo).
  var notes: [String] = []
}

extension OutputTarget {
  /// The path of the `index`-th photo (from 0) for an exact file name: "shot.jpg",
  /// "shot-2.jpg", "shot-3.jpg" and so on; nil when the writer's own name stands.
  fileprivate func exactURL(forPhoto index: Int) -> URL? {
    guard let fileName = exactFile?.lastPathComponent else { return nil }
    guard index > 0 else { return folder.appendingPathComponent(fileName) }
    let name = fileName as NSString
    let stem = name.deletingPathExtension
    let suffix = name.pathExtension.isEmpty ? "" : "." + name.pathExtension
    return folder.appendingPathComponent("\(stem)-\(index + 1)\(suffix)")
  }
}

/// A frame copied out of the pool with the moment it was picked.
private struct PickedFrame {
  var frame: NV12Frame
  var date: Date
  var time: MonotonicTime
  /// How the photo was made, for EXIF; nil for a frame not yet merged.
  var description: String?
  /// True for an MJPEG frame delivered undecoded (the largest mode of a Quality photo): only
  /// its `compressedSource` holds the picture until `decodedForMerge` decodes it.
  var isUndecoded = false
}

/// Runs `--focus-at` before the photo: asks for focus once the camera streams, then holds the
/// photo back until the search locks or fails, or `timeout` seconds pass.
private struct FocusWait {
  var point: FocusPoint?
  var timeout: Double
  var askedAt: MonotonicTime?
  var report: FocusReport?

  /// Keeps the report that ends the search.
  mutating func observe(_ event: CaptureEvent) {
    guard askedAt != nil, case .focus(let news) = event, news.phase != .searching else { return }
    report = news
  }

  /// True when the photo may be taken; asks for focus on the first call.
  mutating func isDone(session: CaptureSession, at now: MonotonicTime) -> Bool {
    guard let point else { return true }
    guard let askedAt else {
      session.focus(at: .around(x: point.x, y: point.y), meter: true)
      askedAt = now
      return false
    }
    return report != nil || now.seconds(since: askedAt) >= timeout
  }
}

/// Why a snapshot failed, as the sentence to print.
private struct SnapshotFailure: Error {
  var message: String
}

extension SnapshotRunner {
  /// Streams until the exposure has settled, then copies that frame and the next
  /// `burstCount - 1` frames out of the pool. Stops early, keeping what it has, on a signal or
  /// a camera failure.
  fileprivate func captureSettledFrames(from source: CameraSource) -> SnapshotCapture {
    // The session wakes this thread for each frame or event: no polling between frames.
    let arrivals = Inbox<Void>(capacity: 1, overflow: .dropOldest)
    let session = CaptureSession(
      configuration: .init(request: request), openDevice: source.open,
      makeConverter: source.makeConverter, wake: { arrivals.post(()) })
    session.start()
    defer { session.stop() }
    var settling = self.settling
    var capture = SnapshotCapture()
    let started = MonotonicTime.now()
    var hasFrame = false
    var focus = FocusWait(point: focusPoint, timeout: focusTimeout)
    let frameCount = burstCount * quality.frameCount
    var still = StillSwitchRun(isWanted: switchesToLargestMode, frameCount: frameCount)
    while still.isRunning || (!still.hasSwitched && capture.picked.count < frameCount),
      capture.stop == nil
    {
      if let signal = interruption() {
        capture.stop = .signal(signal)
        break
      }
      for event in session.drainEvents() {
        if case .stateChanged(.failed(_, let error)) = event {
          capture.stop = .failure(error)
        }
        focus.observe(event)
        still.observe(event)
      }
      if capture.stop != nil { break }
      let now = MonotonicTime.now()
      guard let frame = session.mailbox.take() else {
        if !hasFrame, now.seconds(since: started) >= firstFrameTimeout {
          let error = CaptureError.stalled(device: source.device.path, seconds: firstFrameTimeout)
          capture.stop = .failure(error)
          break
        }
        // Short enough that signals and the first-frame time-out are noticed promptly.
        _ = arrivals.next(timeout: .milliseconds(50))
        continue
      }
      hasFrame = true
      if still.isRunning {
        if still.frameArrived(frame.size, at: now, session: session, notes: &capture.notes) {
          // An MJPEG frame of the largest mode came undecoded: its pixels come from its bytes.
          var picked = PickedFrame(frame: Self.copy(frame), date: Date(), time: now)
          picked.isUndecoded = !frame.compressedSource.isEmpty
          capture.picked.append(picked)
        }
      } else if capture.picked.count < frameCount, focus.isDone(session: session, at: now) {
        let mean = frame.meanLuma(in: .full)
        if !capture.picked.isEmpty || settling.observe(meanLuma: mean, at: now) {
          // Settled in the preview mode: a larger mode takes the frames, when there is one.
          if capture.picked.isEmpty, still.start(at: now, session: session) {
            session.recycle(frame)
            continue
          }
          capture.picked.append(PickedFrame(frame: Self.copy(frame), date: Date(), time: now))
        }
      }
      session.recycle(frame)
    }
    capture.focus = focus.report
    return capture
  }

  /// A frame of our own with `frame`'s pixels, metadata and compressed bytes, so the pool frame
  /// goes back at once and a burst does not starve capture.
  private static func copy(_ frame: NV12Frame) -> sending NV12Frame {
    // Unchecked: the copy belongs to the calling thread alone; `copyPixels` reads `frame`
    // only during the call, so the new copy shares nothing with it; the compiler counts the two as one region once passed together.
    nonisolated(unsafe) let copy = NV12Frame(size: frame.size)
    copy.copyPixels(from: frame)
    copy.metadata = frame.metadata
    copy.compressedSource = frame.compressedSource
    return copy
  }

  /// One photo per `quality.frameCount` picked frames: each group's first frame (the settled
  /// one, the moment of the photo) merged with the rest. A run cut short merges what it has.
  /// Frames of another size (the camera changed its mode mid-burst) are left out, and a note
  /// says so.
  fileprivate func merged(_ picked: [PickedFrame]) -> (photos: [PickedFrame], notes: [String]) {
    let perPhoto = quality.frameCount
    var photos: [PickedFrame] = []
    var notes: [String] = []
    let decoded = decodedForMerge(picked, notes: &notes)
    for start in stride(from: 0, to: decoded.count, by: perPhoto) {
      let group = Array(decoded[start..<min(start + perPhoto, decoded.count)])
      var photo = group[0]
      guard perPhoto > 1 else {
        photo.description = quality.photoDescription(framesMerged: 1)
        photos.append(photo)
        continue
      }
      let output = NV12Frame(size: photo.frame.size)
      let report = FrameMerger().merge(group.map(\.frame), referenceIndex: 0, into: output)
      if report.framesMerged < group.count {
        notes.append(
          "Only \(report.framesMerged) of \(group.count) frames could be merged: the camera"
            + " changed its frame size during the photo.")
      }
      photo.frame = output
      photo.description = quality.photoDescription(framesMerged: report.framesMerged)
      photos.append(photo)
    }
    return (photos, notes)
  }

  /// `picked` with the pixels of undecoded frames decoded from the camera's bytes, at full
  /// size. A frame whose bytes do not decode is left out, and a note says so.
  private func decodedForMerge(_ picked: [PickedFrame], notes: inout [String]) -> [PickedFrame] {
    let decoder = JPEGDecoder()
    var failed = 0
    let decoded = picked.compactMap { shot -> PickedFrame? in
      guard shot.isUndecoded else { return shot }
      do {
        let frame = try decoder.decode(shot.frame.compressedSource)
        frame.metadata = shot.frame.metadata
        frame.compressedSource = shot.frame.compressedSource
        var result = shot
        result.frame = frame
        result.isUndecoded = false
        return result
      } catch {
        failed += 1
        return nil
      }
    }
    if failed > 0 {
      notes.append("\(failed) of the photo's frames were damaged and were left out of the merge.")
    }
    return decoded
  }

  /// Saves `picked` through a photo writer and moves them to exact names when asked. Photos the
  /// folder refused (a full disk) are rescued into the unsaved folder before the writer ends.
  fileprivate func save(
    _ picked: [PickedFrame], device: DeviceInfo, to target: OutputTarget
  ) -> Outcome {
    let vault = PhotoVault(capacity: max(16, picked.count))
    // No thumbnails: nothing shows them, and making one was about a third of the writer
    // thread's CPU for a 640x360 photo.
    let writer = PhotoWriter(softwareVersion: pinholeVersion, vault: vault, thumbnailHeight: nil)
    var results: [UInt64: Result<URL, SnapshotFailure>] = [:]
    var ids: [UInt64] = []
    for shot in picked {
      while true {
        // Unchecked: each picked frame is a copy made for this run on the calling thread,
        // which the runner hands to
        // the writer and never touches again (a refused shot is handed over anew, once the
        // writer let go of it); `picked` only keeps the reference. The job is the unchecked
        // binding because a value built around one would be checked again.
        // The driver does not name the maker; its driver name is the closest honest answer.
        nonisolated(unsafe) let source: PhotoJob.Source =
          shot.frame.compressedSource.isEmpty
          ? .raw(shot.frame, release: { _ in }) : .jpeg(shot.frame.compressedSource)
        nonisolated(unsafe) let job = PhotoJob(
          source: source, captureDate: shot.date, clickTime: shot.time, make: device.driver,
          model: device.name, folder: target.folder, imageDescription: shot.description)
        if let id = writer.submit(job) {
          ids.append(id)
          break
        }
        Self.collect(writer.waitForEvents(timeout: .seconds(1)), into: &results)
      }
    }
    let deadline = MonotonicTime.now().nanoseconds + 60_000_000_000
    while results.count < ids.count, MonotonicTime.now().nanoseconds < deadline {
      Self.collect(writer.waitForEvents(timeout: .seconds(1)), into: &results)
    }
    writer.stop()
    var result = outcome(ids.map { results[$0] }, target: target)
    let rescued = vault.rescueBeforeQuitting(environment: environment)
    if !rescued.isEmpty {
      result.notes += rescued
      if result.status == 0 { result.status = 1 }
    }
    return result
  }

  /// Records each shot's final event: saved, or the sentence saying why not.
  private static func collect(
    _ events: [PhotoEvent], into results: inout [UInt64: Result<URL, SnapshotFailure>]
  ) {
    for event in events {
      switch event {
      case .saved(let id, let url, _): results[id] = .success(url)
      // A photo, if not the merged one; the runner's own notes say why.
      case .proxyKept(let id, let url, _): results[id] = .success(url)
      // The photo stays in the vault; `save` rescues it into the unsaved folder.
      case .kept(let id, let error):
        results[id] = .failure(SnapshotFailure(message: error.userMessage))
      case .failed(let id, let message): results[id] = .failure(SnapshotFailure(message: message))
      case .thumbnailReady, .proxySaved: break
      }
    }
  }

  /// Moves photos to the exact paths asked for (never over an existing file) and builds the
  /// printed result: every saved path, and the first failure if any.
  private func outcome(
    _ results: [Result<URL, SnapshotFailure>?], target: OutputTarget
  ) -> Outcome {
    var paths: [String] = []
    var notes: [String] = []
    var failure: String?
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let url)?:
        guard let exact = target.exactURL(forPhoto: index) else {
          paths.append(url.path)
          continue
        }
        let (placed, refusal) = Self.moveWithoutReplacing(url, to: exact)
        if let refusal {
          let reason = StorageError(refusal, folder: exact.deletingLastPathComponent().path)
          notes.append(
            "\(exact.path) cannot be used: \(reason.userMessage) The photo was saved as"
              + " \(placed.path).")
        } else if placed != exact {
          notes.append("\(exact.path) already exists; the photo was saved as \(placed.path).")
        }
        paths.append(placed.path)
      case .failure(let problem)?:
        failure = failure ?? problem.message
      case nil:
        failure = failure ?? "Writing the photo took too long; check the disk."
      }
    }
    guard let failure else {
      return Outcome(
        status: 0, message: paths.joined(separator: "\n"), savedPaths: paths, notes: notes)
    }
    return Outcome(status: 1, message: failure, savedPaths: paths, notes: notes)
  }

  /// Moves `url` to `exact`, or, when a file of that name exists, to "NAME (2).EXT" and so on;
  /// link(2) never replaces a file. Answers where the photo is (`url` itself when no name
  /// could be had) and, then, the failure that stopped the move (a name too long, say).
  static func moveWithoutReplacing(
    _ url: URL, to exact: URL
  ) -> (URL, SystemCallError?) {
    let name = exact.lastPathComponent as NSString
    let stem = name.deletingPathExtension
    let suffix = name.pathExtension.isEmpty ? "" : "." + name.pathExtension
    let folder = exact.deletingLastPathComponent()
    do {
      let placed = try FreeName(.firstFree(attempts: AtomicFileWriter.maximumAttempts)).move(
        url.path
      ) { attempt in
        attempt == 1
          ? exact.path : folder.appendingPathComponent("\(stem) (\(attempt))\(suffix)").path
      }
      return (URL(fileURLWithPath: placed), nil)
    } catch {
      switch error {
      case .allTaken: return (url, nil)
      case .failed(let failure): return (url, failure)
      }
    }
  }
}
