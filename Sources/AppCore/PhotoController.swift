// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Localization
import MediaStore
import Overlay
import PhotoPipeline
import Workers

/// The photo side of the window without the window: the zero-shutter-lag ring, the shutter,
/// self-timer and burst, the thumbnail strip, the viewer and the storage warnings. It performs
/// no I/O and draws nothing; slow or platform work comes out as `PhotoControllerEffect`s that
/// the app carries out and reports back. Time comes from an injected clock, so tests can step
/// it.
///
/// Main thread only.
public final class PhotoController {
  /// Shots of a burst taken from the ring but not yet accepted by the writer. Raw shots each
  /// pin a pool frame (3.1 MB at 1080p), so the pool must own this many more; frames shown
  /// while the queue is full are skipped.
  public static let burstQueueLimit = 4
  /// The most shots one held shutter takes; the burst then waits for the shutter to be let go.
  public static let burstLimit = 100
  /// The ring's longest length, at Quality (see `ringCapacity(for:)`). Raw frames are 3.1 MB
  /// each at 1080p, so this is 28 MB; Speed keeps 6 MB.
  public static let ringCapacity = PhotoQuality.allCases.map(ringCapacity(for:)).max() ?? 2

  /// The ring's length for `quality`: the frames one photo merges, and the one newer frame the
  /// iteration that reads a click may present before the shutter is handled (the shot wants
  /// the frame on screen when the input was read). Speed keeps 2, Balanced 5, Quality 9. Held
  /// bursts take each frame as it is presented, so they need no more.
  public static func ringCapacity(for quality: PhotoQuality) -> Int { quality.frameCount + 1 }

  /// Frames the capture pool may need: the mailbox's four, the longest ring, the writer's
  /// pending shots and the burst queue. The pool allocates frames only when they are needed, so
  /// a ring kept short by the setting keeps the memory down too.
  public static let poolCapacity =
    4 + ringCapacity + PhotoWriter.maximumPending + burstQueueLimit
  /// How long the undo toast stays after a photo went to the trash.
  public static let toastDuration = 5.0
  /// The viewer's strongest magnification.
  public static let maximumZoom = 8.0

  let ring = FrameRing(capacity: PhotoController.ringCapacity(for: .speed))
  let writer: any PhotoControllerWriter
  let clock: () -> MonotonicTime
  /// Gives a raw frame back to the capture pool it came from; the app points it at the
  /// current session. Called on the writer's thread too.
  public var release: @Sendable (sending NV12Frame) -> Void
  /// The camera shooting: EXIF Make is its driver, Model its name.
  public var device: DeviceInfo
  /// Clockwise quarter turns the user applied to the preview. Photos keep the sensor's pixels
  /// and carry the turn as EXIF Orientation, so no quality is lost to re-encoding a camera's own
  /// JPEG and viewers show them upright; mirroring is never applied to photos.
  public var quarterTurns = 0
  /// The preview's digital zoom; photos are cropped to its region.
  public var zoom: DigitalZoom = .none

  /// The EXIF orientation for `quarterTurns`: turning the picture clockwise to view it upright
  /// is "rotate 90 CW" (6), 180° is 3, and 270° is 8.
  var orientation: PhotoMetadata.Orientation {
    switch ((quarterTurns % 4) + 4) % 4 {
    case 1: .right
    case 2: .down
    case 3: .left
    default: .up
    }
  }
  /// Frames one press takes (`--burst N`).
  let burstCount: Int
  /// How many frames a shutter press merges into its photo (`--quality`). Held-shutter
  /// bursts always take single frames. The ring keeps as many frames as the setting needs;
  /// frames a shorter ring lets go of go back to the pool.
  public var photoQuality = PhotoQuality.speed {
    didSet {
      for evicted in ring.resize(to: Self.ringCapacity(for: photoQuality)) {
        // Unchecked, on the main thread that owns the ring: the ring handed the frame over and
        // the array is dropped after the loop,
        // so this is the only reference when it goes back to the pool.
        nonisolated(unsafe) let frame = evicted
        release(frame)
      }
    }
  }

  /// The frames the zero-shutter-lag ring keeps for the current setting.
  public var ringLength: Int { ring.capacity }

  /// The folder new photos go into.
  public private(set) var folder: URL
  /// True when the shutter sound is off.
  public private(set) var isMuted: Bool
  /// The self-timer delay in seconds: 0, 3 or 10.
  public private(set) var timerSeconds: Int
  /// True while the shutter is held for a burst.
  public private(set) var isBursting = false
  /// True while a camera streams.
  public var canShoot = false
  /// When the flash fires (see PhotoController+Flash).
  public var flashMode: FlashMode
  /// What lights the scene for a flash; nil when nothing can (no window, say).
  public var flashSource: FlashSource?

  /// The shot waiting for its flash, if any.
  var flashShot: FlashShot?
  /// A screen flash whose shot is taken stays white until then.
  var screenFlashHoldUntil: MonotonicTime?
  /// The mean luma of the last frame metered for auto flash.
  var sceneLuma: Double?
  /// Seconds between frames, smoothed from their capture times.
  var frameInterval = 1.0 / 30
  var lastCaptureTime: MonotonicTime?

  var flashTime: MonotonicTime?
  /// The self-timer's countdown while it runs.
  var countdown: Countdown?
  /// Burst shots waiting for the writer. An inbox although only the main thread uses it:
  /// entries move out of it `sending`, on to the writer's thread.
  let burstQueue = Inbox<RingEntry>(capacity: PhotoController.burstQueueLimit)
  /// Frames still to take for a `--burst N` press.
  var burstRemaining = 0
  /// Shots the held shutter has taken since its burst began, up to `burstLimit`.
  var burstShots = 0
  var effects: [PhotoControllerEffect] = []
  /// Set by a `.kept` event; cleared once every kept photo is written.
  var keptMessage: String?
  /// True once the kept-photos banner was closed; the next `.kept` event shows it again.
  var isKeptMessageDismissed = false
  /// The banner's problem, replaced by the next one (see PhotoProblem).
  var problem: PhotoProblem?
  /// True while "Choose folder…" can work: a folder chooser is installed and has not failed.
  /// The banner offers the button only then.
  public var canChooseFolder = true
  /// Where captures go and where else they could, for the settings' "Files" section; the app
  /// sets it.
  public var saveFolders: SaveFolders?
  /// True after the loader found the folder missing or unreadable; the writer creates a
  /// missing folder with the first photo, and then it is watched again.
  var isFolderUnavailable = false

  /// The still shot under way, if any (see PhotoController+Still).
  var still: StillShot?
  /// The preview mode and the larger mode a Quality press switches to; nil when the camera
  /// offers none larger.
  var stillTarget: (preview: CaptureMode, still: CaptureMode)?
  /// The press being timed (see PhotoController+Timing).
  var timing: ShutterTiming?

  // Strip and viewer state, see PhotoController+Strip and PhotoController+Viewer.
  var pending: [PendingShot] = []
  /// Merged photos whose proxy is on disk (and may be listed) while the merge runs: shot id →
  /// the file. The strip marks them pending and swaps in the merged thumbnail when it comes.
  var processing: [UInt64: URL] = [:]
  /// The names the files of shots handed to the writer can take, until the writer says where
  /// each went (see PhotoController+Names).
  var shotNames: [UInt64: ShotName] = [:]
  var listing: [PhotoListing.Entry] = []
  var thumbnailAspects: [URL: Double] = [:]
  /// Listed videos' lengths in seconds, from their thumbnails.
  var videoDurations: [URL: Double] = [:]
  var uploadedImages: Set<ImageID> = []
  /// How far the strip is scrolled, in points.
  public internal(set) var stripOffset = 0.0
  var viewer: ViewerState?
  var viewerURL: URL?
  /// A photo put back from the trash while the viewer is open: the viewer goes to it once the
  /// folder listing shows it again.
  var restoredViewerURL: URL?
  var toast: (item: TrashedItem, until: MonotonicTime)?

  /// Makes the controller for a camera described by `device` (EXIF make and model come from
  /// its driver and name), saving into `folder`. `release` gives raw frames back to the
  /// capture pool; `clock` is the monotonic clock.
  public init(
    writer: any PhotoControllerWriter, device: DeviceInfo, folder: URL, settings: AppSettings,
    burstCount: Int = 1, clock: @escaping () -> MonotonicTime = { .now() },
    release: @escaping @Sendable (sending NV12Frame) -> Void
  ) {
    self.writer = writer
    self.folder = folder
    self.device = device
    self.isMuted = settings.isMuted
    self.timerSeconds = min(
      max(settings.timerSeconds, AppSettings.timerSecondsRange.lowerBound),
      AppSettings.timerSecondsRange.upperBound)
    self.flashMode = settings.flashMode ?? .off
    self.burstCount = max(1, burstCount)
    self.clock = clock
    self.release = release
    // Observers do not run in an initializer: the empty ring is sized here.
    self.photoQuality = settings.photoQuality
    _ = ring.resize(to: Self.ringCapacity(for: settings.photoQuality))
  }

  /// Every effect asked for since the last call, oldest first.
  public func drainEffects() -> [PhotoControllerEffect] {
    defer { effects.removeAll() }
    return effects
  }

  /// Remembers a frame that went on screen at `time`; returns the pool frames to recycle.
  /// While a burst runs, the frame is taken for it at once. The frame moves in `sending` and
  /// the frames to recycle come back `sending`.
  public func framePresented(
    _ frame: sending NV12Frame, at time: MonotonicTime
  ) -> sending [NV12Frame] {
    let captureTime = frame.metadata.captureTime
    meter(captureTime: captureTime, meanLuma: isMeteringLuma ? frame.meanLuma(in: .full) : nil)
    let recycled = ring.insert(frame, presentedAt: time)
    resolveFlashShot(newestCapturedAt: captureTime, presentedAt: time)
    let isHeldBurstOpen = isBursting && burstShots < Self.burstLimit
    if isHeldBurstOpen || burstRemaining > 0, burstQueue.count < Self.burstQueueLimit,
      let entry = ring.take(shownAt: time)
    {
      burstQueue.post(entry)
      if isHeldBurstOpen { burstShots += 1 } else { burstRemaining = max(0, burstRemaining - 1) }
    }
    submitQueuedShots()
    return recycled
  }

  /// Forgets the remembered frames (the camera or mode changed); returns them for the pool.
  public func removeAllFrames() -> sending [NV12Frame] {
    var frames = ring.removeAll()
    frames += burstQueue.drain().compactMap(\.rawFrame)
    burstRemaining = 0
    flashShot = nil
    screenFlashHoldUntil = nil
    lastCaptureTime = nil
    return frames
  }

  /// Carries out an intent of the photo interface. `time` is when the loop read the input
  /// that led to it, on the monotonic clock.
  public func handle(_ action: PhotoAction, readAt time: MonotonicTime) {
    switch action {
    case .shutter: pressShutter(at: time)
    case .burstStarted:
      isBursting = canShoot
      burstShots = 0
      if isBursting, takeShot(at: time, flash: true) { burstShots = 1 }
    case .burstEnded: isBursting = false
    case .scrollStrip(let delta): stripOffset = max(0, stripOffset + delta)
    case .cycleTimer:
      timerSeconds = timerSeconds == 0 ? 3 : (timerSeconds == 3 ? 10 : 0)
      effects.append(.saveSettings)
    case .cyclePhotoQuality:
      photoQuality = photoQuality.next
      effects.append(.saveSettings)
    case .toggleMute:
      isMuted.toggle()
      effects.append(.saveSettings)
    case .chooseFolder: effects.append(.chooseFolder)
    case .chooseSaveFolder(let kind): effects.append(.chooseSaveFolder(kind))
    case .setSaveFolder(let kind, let path):
      // Only absolute paths reach here from the list; anything else is not a folder to use.
      guard path.hasPrefix("/") else { break }
      effects.append(.useSaveFolder(kind, URL(fileURLWithPath: path, isDirectory: true)))
    case .dismissBanner: dismissBanner()
    case .cancelCountdown: countdown = nil
    default: handleViewer(action)
    }
  }

  /// The shutter: starts or cancels the self-timer when one is set, else shoots at once.
  func pressShutter(at time: MonotonicTime) {
    if countdown != nil {
      countdown = nil
    } else if timerSeconds > 0 {
      countdown = Countdown(seconds: timerSeconds, from: time)
    } else {
      startShot(at: time)
      burstRemaining = burstCount - 1
    }
  }

  /// Takes the frame that was on screen at `time` and hands it to the writer. The loop polls
  /// input, then uploads and presents, so the frame presented last before the input was read
  /// is the one the user saw when clicking: within one display refresh of the click.
  /// A flash shot takes the frame shown at `time`, the lit one, for a click at `clickTime`.
  /// Returns true when the writer took the shot; a refused raw frame goes back through
  /// `release`, which the writer calls.
  @discardableResult
  func takeShot(
    at time: MonotonicTime, clickTime: MonotonicTime? = nil, flash: Bool,
    playsSound: Bool = true
  ) -> Bool {
    guard canShoot else { return false }
    let id: UInt64?
    if takesStillShot {
      id = takeStillShot(at: time, clickTime: clickTime ?? time)
    } else if photoQuality.frameCount > 1, !isBursting {
      id = submitMerged(endingAt: time, clickTime: clickTime ?? time)
    } else if let entry = ring.take(shownAt: time) {
      id = submit(entry, clickTime: clickTime ?? time)
    } else {
      id = nil
    }
    guard let id else { return false }
    if !isBursting { startTiming(pressedAt: clickTime ?? time, shotID: id) }
    if flash { flashTime = time }
    if playsSound, !isMuted { effects.append(.playShutterSound) }
    return true
  }

  /// Submits queued burst shots while the writer accepts them. They do not flash: the burst's
  /// first shot did, and one flash per frame would keep the picture washed white for the whole
  /// burst; the counter tells the shots apart instead. A shot the writer refuses although it
  /// was not busy (it is stopping) is given up, its frame released by the writer.
  func submitQueuedShots() {
    while !writer.isBusy, let entry = burstQueue.next(timeout: .zero) {
      let clickTime = entry.presentedAt
      guard submit(entry, clickTime: clickTime) != nil else { break }
      if !isMuted { effects.append(.playShutterSound) }
    }
  }

  /// Hands the writer the ring's frames up to the one shown at `time`, to merge into one photo.
  /// Raw frames are copied (0.3 ms each at 1080p) and the pool's go back at once, so a merge
  /// in progress never starves capture; compressed ones are decoded on the writer's thread.
  private func submitMerged(endingAt time: MonotonicTime, clickTime: MonotonicTime) -> UInt64? {
    guard !writer.isBusy else { return nil }
    let entries = ring.take(count: photoQuality.frameCount, endingAt: time)
    guard !entries.isEmpty else { return nil }
    var owned: [RingEntry] = []
    for entry in entries {
      guard case .raw(let pooled) = entry.content else {
        owned.append(entry)
        continue
      }
      // Unchecked, on the main thread that owns the ring: the ring handed the entry over, so
      // this is the only reference to the pool
      // frame; `copyPixels` only reads it, and it goes back to the pool before the loop ends.
      nonisolated(unsafe) let frame = pooled
      let copy = NV12Frame(size: frame.size)
      copy.copyPixels(from: frame)
      copy.metadata = frame.metadata
      release(frame)
      owned.append(
        RingEntry(
          content: .raw(copy), size: entry.size, metadata: entry.metadata,
          presentedAt: entry.presentedAt))
    }
    let captureDate = Date().addingTimeInterval(-clock().seconds(since: clickTime))
    // Unchecked: `owned` holds copies the main thread made above and compressed bytes, which
    // nothing here keeps; the job takes them to the writer's thread, their next owner.
    nonisolated(unsafe) var job = PhotoJob(
      source: .burst(owned, quality: photoQuality), captureDate: captureDate,
      clickTime: clickTime, make: device.driver, model: device.name, orientation: orientation,
      folder: folder)
    job.zoom = zoom
    return submitNamed(job)
  }

  private func submit(_ entry: sending RingEntry, clickTime: MonotonicTime) -> UInt64? {
    let captureDate = Date().addingTimeInterval(-clock().seconds(since: clickTime))
    var job = PhotoJob(
      entry: entry, release: release, captureDate: captureDate, clickTime: clickTime,
      make: device.driver, model: device.name, orientation: orientation, folder: folder)
    job.zoom = zoom
    return submitNamed(job)
  }

  /// Once per frame: fires the self-timer when due and applies the writer's and the
  /// library's news.
  public func update(photoEvents: [PhotoEvent], libraryEvents: [LibraryEvent]) {
    if let countdown, countdown.isDue(at: clock()) {
      self.countdown = nil
      startShot(at: clock())
      burstRemaining = burstCount - 1
    }
    submitQueuedShots()
    checkStillShotPatience(at: clock())
    photoEvents.forEach(apply)
    libraryEvents.forEach(apply)
    if keptMessage != nil, writer.unwrittenCount == 0 { keptMessage = nil }
    if let expiry = problem?.expiry, clock() >= expiry { problem = nil }
  }

  /// Switches new photos to `folder` (the user chose another one).
  public func folderChosen(_ folder: URL) {
    self.folder = folder
    for entry in listing { removeImage(Self.imageID(for: entry.url)) }
    listing = []
    problem = nil
    isFolderUnavailable = false
    effects.append(.watchFolder(folder))
  }

  /// Shows `message` as information on the screen shown now; it fades after a few seconds.
  public func showProblem(_ message: String) {
    problem = PhotoProblem(
      message: message, screen: currentScreen, isError: false, cause: .other,
      wantsFolderChoice: false,
      expiry: clock().advanced(seconds: PhotoProblem.informationDuration))
  }

  /// The folder chooser cannot work (not installed, or it failed to start): says `message`,
  /// and no banner offers "Choose folder…" again.
  public func folderChooserFailed(_ message: String) {
    canChooseFolder = false
    showProblem(message)
  }

  /// Shows an error that stays until closed or until `cause` is gone, on the screen shown now
  /// (the camera screen for folder and write problems).
  func showError(_ message: String, cause: PhotoProblem.Cause) {
    let screen: PhotoProblem.Screen = cause == .other ? currentScreen : .camera
    problem = PhotoProblem(
      message: message, screen: screen, isError: true, cause: cause,
      wantsFolderChoice: cause != .other, expiry: nil)
  }

  /// Clears the problem when `cause` is gone.
  func clearProblem(causedBy cause: PhotoProblem.Cause) {
    if problem?.cause == cause, problem?.isError == true { problem = nil }
  }

  /// The close button or Escape: the banner shown goes away.
  func dismissBanner() {
    if keptMessage != nil, !isKeptMessageDismissed, viewer == nil {
      isKeptMessageDismissed = true
      // The folder's own error says the same thing again: it goes with the kept photos' one.
      if problem?.cause == .folder { problem = nil }
    } else {
      problem = nil
    }
  }

  var currentScreen: PhotoProblem.Screen { viewer == nil ? .camera : .viewer }

  /// The banner of the screen shown at `now`: the kept photos first (on the camera screen),
  /// then the problem raised there.
  func banner(at now: MonotonicTime) -> PhotoBanner? {
    if let keptMessage, !isKeptMessageDismissed, viewer == nil {
      return PhotoBanner(
        message: keptMessage, isError: true, action: canChooseFolder ? .chooseFolder : nil)
    }
    guard let problem, problem.screen == currentScreen else { return nil }
    return problem.banner(at: now, canChooseFolder: canChooseFolder)
  }

  /// What the photo interface shows at overlay time `time`.
  public func overlayState(time: Double) -> PhotoOverlayState {
    var state = PhotoOverlayState()
    let now = clock()
    state.canShoot = canShoot
    state.isWriterBusy = !isShutterReady && canShoot
    state.isBursting = isBursting
    if isBursting {
      state.burstCount = burstShots
      state.isBurstAtLimit = burstShots >= Self.burstLimit
    }
    // The overlay's clock has another zero: the flash started this long before `time`.
    state.flashStartTime = flashTime.map { time - now.seconds(since: $0) }
    state.thumbnails = stripItems
    state.stripOffset = stripOffset
    state.viewer = viewer
    state.saveFolders = saveFolders
    if let toast, toast.until > now { state.toast = tr("Moved to Trash") }
    state.timerSeconds = timerSeconds
    state.photoQuality = photoQuality
    state.countdownRemaining = countdown?.remaining(at: now)
    state.isMuted = isMuted
    state.isScreenFlashLit = isScreenFlashLit
    state.banner = banner(at: now)
    return state
  }
}
