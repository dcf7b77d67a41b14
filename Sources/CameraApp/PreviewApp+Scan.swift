// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Metering
import Overlay
import SDLPlatform
import Scanning
import Synchronization
import Workers

/// The scan side of the window: the mode, the region, the worker and the codes on show.
/// Main thread only.
struct ScanSide {
  /// How long a code stays on screen after the last scan that saw it: scans of a moving or
  /// blurred code miss now and then, and cards should not flicker.
  static let holdSeconds = 1.0

  /// A code on show, with when it was first and last seen.
  struct Shown {
    var code: DetectedCode
    var firstSeen: MonotonicTime
    var lastSeen: MonotonicTime
  }

  var overlay = ScanOverlayState()
  /// The scanning thread. It starts with the window and waits idle outside scan mode, so its
  /// decoder is loaded and warmed up before the first Q (the first ZXing call costs far more
  /// than the later ones).
  let worker: ScanWorker
  /// True once the user dragged a corner; until then the region follows the picture's shape
  /// (the central 60 % square).
  var hasCustomRegion = false
  var shown: [Shown] = []
  var modeStarted: MonotonicTime?
  var noticeUntil: MonotonicTime?
  /// The photo the viewer opened last, whose codes are wanted.
  var photoURL: URL?
  /// The codes found in that photo.
  var photoCodes: [DetectedCode] = []
  /// The size of the picture the photo's codes were found in (their corners' frame).
  var photoSize = Size(width: 0, height: 0)
  /// What the scan side does off the render loop besides live scanning.
  enum Job: Sendable {
    /// Read the codes in the photo at this file (a JPEG decode and a whole-photo scan).
    case scanPhoto(URL)
    /// Run `xdg-open` on an address the user confirmed.
    case open(String)
  }

  /// What the helper reports.
  enum Report: Sendable {
    /// The codes in a photo, with the size of the picture their corners are in.
    case photoCodes(URL, [DetectedCode], Size)
    /// An address could not be opened; the sentence says why.
    case openFailed(String)
  }

  /// Photo scans and link openings, on their own worker thread; their reports wake the loop.
  let helper: Worker<Job, Report>
  /// Wakes the render loop when a scan reports.
  let wake: RenderWake

  /// Starts the worker; its results and the photo scans wake the render loop through `wake`.
  init(wake: RenderWake) {
    self.wake = wake
    helper = Worker(name: "pinhole-scan-jobs", wake: { wake.wake() }) { job, emit in
      switch job {
      case .scanPhoto(let url):
        let image = try? ScanImageFile.load(url.path, region: nil)
        let codes = image.map { CodeScanner().scan($0) } ?? []
        let size = Size(width: Double(image?.width ?? 0), height: Double(image?.height ?? 0))
        emit(.photoCodes(url, codes, size))
      case .open(let address):
        if !ScanSide.openInBrowser(address) { emit(.openFailed(ScanSide.noOpenerMessage)) }
      }
    }
    worker = ScanWorker(interval: .milliseconds(100), wake: { wake.wake() }) {
      let scanner = CodeScanner(engine: .zxing)
      if let blank = LumaImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 4096))
      {
        _ = scanner.scan(blank)
      }
      return { scanner.scan($0) }
    }
  }
  /// Said when no `xdg-open` can open an address, as the viewer says for photos.
  static let noOpenerMessage = "Can't open the address: xdg-open is missing."

  /// Starts `xdg-open URL` (on the scan side's worker thread); the address was confirmed by
  /// the user and passes as one argument, never through a shell. False when `xdg-open` is
  /// not installed or did not start.
  static func openInBrowser(_ url: String) -> Bool {
    PhotoControllerWorker.launch("xdg-open", [url])
  }
}

extension PreviewApp {
  /// Copies the scan region's luma of the frame just shown to the scan worker, when it is due
  /// (at most ten a second). The copy is the region only, a few hundred kilobytes.
  func offerToScanner(_ frame: NV12Frame, at now: MonotonicTime) {
    guard scan.overlay.isScanning || isDetectingInPhotoMode else { return }
    let region = sensorRegion(for: frame.size)
    scan.worker.offer(at: now) {
      LumaImage(frame, region: region).map {
        ScanWorker.Job(
          image: $0, captureTime: frame.metadata.captureTime, sequence: frame.metadata.sequence)
      }
    }
  }

  /// Takes the worker's results and turns them into the codes on show.
  func updateScan(at now: MonotonicTime) {
    for report in scan.helper.events.drain() {
      switch report {
      case .photoCodes(let url, let codes, let size) where url == scan.photoURL:
        scan.photoCodes = codes
        scan.photoSize = size
        print("pinhole: viewer found \(codes.count) codes in \(url.lastPathComponent)")
        fflush(nil)
      case .photoCodes: break
      case .openFailed(let message):
        showScanNotice(message, seconds: 4)
        print("pinhole: \(message)")
        fflush(nil)
      }
    }
    let results = scan.worker.drainResults()
    // A scan still running when the mode was left reports into an empty screen.
    guard scan.overlay.isScanning || isDetectingInPhotoMode else {
      scan.shown = []
      return
    }
    for result in results {
      for code in result.codes {
        if let index = scan.shown.firstIndex(where: { Self.isSame($0.code, code) }) {
          scan.shown[index].code = code
          scan.shown[index].lastSeen = now
        } else {
          scan.shown.append(ScanSide.Shown(code: code, firstSeen: now, lastSeen: now))
          reportNewCode(code, captured: result.captureTime, at: now)
        }
      }
    }
    scan.shown.removeAll { now.seconds(since: $0.lastSeen) > ScanSide.holdSeconds }
    if let until = scan.noticeUntil, now >= until {
      scan.overlay.notice = nil
      scan.noticeUntil = nil
    }
  }

  /// Reads the codes in the photo the viewer is opening, on a background thread (a JPEG
  /// decode and a scan of the whole photo take tens of milliseconds).
  func scanPhoto(at url: URL) {
    scan.photoURL = url
    scan.photoCodes = []
    scan.helper.send(.scanPhoto(url))
  }

  /// The scan interface's state for this frame: region, cards with outlines in window pixels.
  func scanOverlayState() -> ScanOverlayState {
    var state = scan.overlay
    state.detectsCodesInPhotoMode = settings.detectsCodesInPhotoMode
    state.photoCards =
      photos.isViewerOpen
      ? scan.photoCodes.map {
        ScanCard(
          text: $0.text, typeName: $0.symbology.displayName, payload: CodePayload(parsing: $0.text),
          outline: Self.fractions($0.corners, of: scan.photoSize))
      } : []
    guard state.isScanning || isDetectingInPhotoMode, let size = model.mode?.size else {
      return state
    }
    if !scan.hasCustomRegion { state.region = Self.defaultRegion(for: displayedSize(of: size)) }
    scan.overlay.region = state.region
    guard let videoRect else { return state }
    let mapping = viewMapping(imageSize: size, videoRect: videoRect)
    state.cards = scan.shown.map { shown in
      let outline = shown.code.corners.map { corner in
        mapping.windowPoint(
          fromSensor: Point(
            x: corner.x / Double(max(size.width, 1)), y: corner.y / Double(max(size.height, 1))))
      }
      return ScanCard(
        text: shown.code.text, typeName: shown.code.symbology.displayName,
        payload: CodePayload(parsing: shown.code.text), outline: outline)
    }
    return state
  }

  /// Carries out an intent of the scan interface.
  func handle(_ action: ScanAction) {
    switch action {
    case .toggleMode: setScanning(!scan.overlay.isScanning)
    case .setRegion(let region):
      scan.overlay.region = region
      scan.hasCustomRegion = true
      scan.worker.resetPacing()
    case .copy(let text):
      let copied = Clipboard.setText(text)
      showScanNotice(copied ? "Copied" : "The clipboard refused the text")
      print("pinhole: scan copied \(text.utf8.count) bytes to the clipboard")
      fflush(nil)
    case .askToOpen(let url): scan.overlay.pendingURL = url
    case .cancelOpen: scan.overlay.pendingURL = nil
    case .open(let url):
      scan.overlay.pendingURL = nil
      guard CodePayload.isOpenableURL(url) else { return }
      scan.helper.send(.open(url))
      showScanNotice("Opening in the browser…")
    }
  }

  /// True when photo mode looks for codes: the saved setting is on, and the shutter takes
  /// photos of the live picture (not scan mode, not video, no viewer).
  var isDetectingInPhotoMode: Bool {
    settings.detectsCodesInPhotoMode && !scan.overlay.isScanning && recording.mode == .photo
      && !recording.isRecording && !photos.isViewerOpen
  }

  /// Turns "Detect codes in photo mode" on or off and saves it.
  func toggleCodeDetection() {
    settings.detectsCodesInPhotoMode.toggle()
    scan.shown = []
    scan.overlay.pendingURL = nil
    scan.worker.resetPacing()
    persistSettings()
    print(
      "pinhole: code detection in photo mode \(settings.detectsCodesInPhotoMode ? "on" : "off")")
    fflush(nil)
  }

  /// Enters or leaves scan mode. The worker stays: outside scan mode it is simply not offered
  /// frames.
  func setScanning(_ isOn: Bool) {
    scan.overlay.mode = isOn ? .scan : .photo
    scan.overlay.pendingURL = nil
    scan.shown = []
    if isOn {
      scan.worker.resetPacing()
      scan.modeStarted = MonotonicTime.now()
    }
    print("pinhole: scan mode \(isOn ? "on" : "off")")
    fflush(nil)
  }

  /// `points` as fractions of `size` (none when the size is empty).
  static func fractions(_ points: [Point], of size: Size) -> [Point] {
    guard size.width > 0, size.height > 0 else { return [] }
    return points.map { Point(x: $0.x / size.width, y: $0.y / size.height) }
  }

  /// Stops the worker at exit.
  func stopScanning() { scan.worker.stop() }

  /// The frame pixels under the scan region: its corners mapped back through mirroring and
  /// rotation, their bounding box.
  private func sensorRegion(for size: FrameSize) -> PixelRectangle {
    let region =
      scan.hasCustomRegion ? scan.overlay.region : Self.defaultRegion(for: displayedSize(of: size))
    let mapping = viewMapping(imageSize: size, videoRect: nil)
    let corners = [
      (region.minX, region.minY), (region.maxX, region.minY), (region.maxX, region.maxY),
      (region.minX, region.maxY),
    ].map { mapping.sensorPoint(fromImage: .init(x: $0.0, y: $0.1)) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let width = Double(size.width)
    let height = Double(size.height)
    let left = Int(((xs.min() ?? 0) * width).rounded())
    let top = Int(((ys.min() ?? 0) * height).rounded())
    return PixelRectangle(
      left: left, top: top, width: Int(((xs.max() ?? 1) * width).rounded()) - left,
      height: Int(((ys.max() ?? 1) * height).rounded()) - top
    ).clamped(to: size)
  }

  /// The central square, 60 % of the shorter side, as a part of the displayed picture.
  private static func defaultRegion(for displayed: (width: Double, height: Double)) -> Rect {
    let side = 0.6 * min(displayed.width, displayed.height)
    let width = displayed.width > 0 ? side / displayed.width : 0.6
    let height = displayed.height > 0 ? side / displayed.height : 0.6
    return Rect(x: (1 - width) / 2, y: (1 - height) / 2, width: width, height: height)
  }

  private func displayedSize(of size: FrameSize) -> (width: Double, height: Double) {
    let turned = model.quarterTurns % 2 == 1
    return turned
      ? (Double(size.height), Double(size.width)) : (Double(size.width), Double(size.height))
  }

  private func viewMapping(imageSize: FrameSize, videoRect: Rect?) -> ViewMapping {
    ViewMapping(
      videoRect: videoRect ?? Rect(x: 0, y: 0, width: 1, height: 1), imageSize: imageSize,
      isMirrored: model.isMirrored,
      rotation: ViewMapping.Rotation(rawValue: model.quarterTurns * 90) ?? .none)
  }

  /// Shows `text` for `seconds` (a confirmation is brief; a failure stays long enough to read).
  private func showScanNotice(_ text: String, seconds: Double = 1.5) {
    scan.overlay.notice = text
    scan.noticeUntil = MonotonicTime(
      nanoseconds: MonotonicTime.now().nanoseconds + UInt64(seconds * 1_000_000_000))
  }

  /// Logs each new card: the window test and the latency figure read these lines.
  private func reportNewCode(_ code: DetectedCode, captured: MonotonicTime, at now: MonotonicTime) {
    let sinceCapture = now >= captured ? Int((now.seconds(since: captured) * 1000).rounded()) : -1
    let card = "pinhole: scan card \(code.symbology.displayName) \"\(code.text)\" shown"
    if let started = scan.modeStarted, scan.overlay.isScanning {
      let sinceMode = Int((now.seconds(since: started) * 1000).rounded())
      print(
        "\(card) \(sinceMode) ms after scan mode started, \(sinceCapture) ms after its frame "
          + "was captured")
    } else {
      print("\(card) in photo mode, \(sinceCapture) ms after its frame was captured")
    }
    fflush(nil)
  }

  private static func isSame(_ a: DetectedCode, _ b: DetectedCode) -> Bool {
    a.text == b.text && a.symbology == b.symbology
  }

}
