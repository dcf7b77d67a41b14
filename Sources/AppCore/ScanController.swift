// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Localization
import Metering
import Overlay
import Scanning

/// The window's scan side: scan mode, the scan region, the codes on show (held a moment so
/// cards do not flicker), the codes of the photo the viewer shows, and the confirmation before
/// an address opens.
///
/// It does no I/O. What needs the outside world comes out as an `Effect` for the app to carry
/// out: putting text on the clipboard, opening an address, reading a photo, restarting the
/// scan worker's pacing, and the log lines the window tests wait on. The app feeds back the
/// scan worker's results and the effects' outcomes.
///
/// Main thread only.
public struct ScanController {
  /// How long a code stays on screen after the last scan that saw it: scans of a moving or
  /// blurred code miss now and then, and cards should not flicker.
  public static let holdSeconds = 1.0
  /// How long a confirmation (tr("Copied")) shows.
  public static let confirmationTime = Duration.milliseconds(1500)
  /// How long a failure shows: long enough to read.
  public static let failureTime = Duration.seconds(4)
  /// Said when no `xdg-open` can open an address, as the viewer says for photos.
  public static let noOpenerMessage = "Can't open the address: xdg-open is missing."

  /// Something for the app to do.
  public enum Effect: Hashable, Sendable {
    /// Put the text on the clipboard, then call `copyFinished(_:at:)` with the outcome.
    case copyToClipboard(String)
    /// Start `xdg-open` on an address the user confirmed (off the render loop); call
    /// `openFailed(at:)` if it could not start.
    case open(String)
    /// Read the codes in the photo at this file (off the render loop), then call
    /// `photoScanned(_:codes:size:)`.
    case scanPhoto(URL)
    /// The scan worker's pacing starts again, so the next offered frame is scanned at once.
    case resetPacing
    /// A line for the log.
    case log(String)
    /// Ask NetworkManager to join this network (off the render loop); call
    /// `wiFiConnectionFinished(ssid:failure:at:)` with the outcome.
    case connectWiFi(WiFiNetwork)
    /// Empty the clipboard if it still holds exactly this text (a copied Wi-Fi password whose
    /// time is up); anything copied since stays.
    case clearClipboard(ifHolding: String)
  }

  /// How the picture is shown: for mapping the region onto the frame and codes onto the
  /// window.
  public struct View: Hashable, Sendable {
    /// The frame's size.
    public var imageSize: FrameSize
    /// Clockwise quarter turns of the preview.
    public var quarterTurns: Int
    /// Whether the preview is mirrored.
    public var isMirrored: Bool
    /// Where the picture is drawn in the window; nil before the first frame is placed.
    public var videoRect: Rect?

    /// Describes a view.
    public init(imageSize: FrameSize, quarterTurns: Int, isMirrored: Bool, videoRect: Rect?) {
      self.imageSize = imageSize
      self.quarterTurns = quarterTurns
      self.isMirrored = isMirrored
      self.videoRect = videoRect
    }
  }

  /// A code on show, with when it was first and last seen.
  public struct Shown: Hashable, Sendable {
    /// The code, corners in frame pixels as last seen.
    public var code: DetectedCode
    /// When a scan first found it.
    public var firstSeen: MonotonicTime
    /// When a scan last found it.
    public var lastSeen: MonotonicTime
  }

  /// What the overlay shows, before cards are placed for a frame.
  public private(set) var overlay = ScanOverlayState()
  /// True once the user dragged a corner; until then the region follows the picture's shape
  /// (the central 60 % square).
  public private(set) var hasCustomRegion = false
  /// The codes on show.
  public private(set) var shown: [Shown] = []
  private var modeStarted: MonotonicTime?
  private var noticeUntil: MonotonicTime?
  /// The photo the viewer opened last, whose codes are wanted, and what was found in it.
  private var photoURL: URL?
  private var photoCodes: [DetectedCode] = []
  private var photoSize = Size(width: 0, height: 0)
  /// The secret last copied (a Wi-Fi password) and when, until it is taken off the clipboard.
  var clipboardSecret: (text: String, copiedAt: MonotonicTime)?

  /// Starts in photo mode with the default region.
  public init() {}

  /// True in scan mode.
  public var isScanning: Bool { overlay.isScanning }

  /// Carries out an intent of the scan interface.
  public mutating func handle(_ action: ScanAction, at now: MonotonicTime) -> [Effect] {
    switch action {
    case .toggleMode:
      return setScanning(!overlay.isScanning, at: now)
    case .setRegion(let region):
      overlay.region = region
      hasCustomRegion = true
      return [.resetPacing]
    case .copy(let text):
      return [
        .copyToClipboard(text),
        .log("pinhole: scan copied \(text.utf8.count) bytes to the clipboard"),
      ]
    case .copySecret(let text): return copySecret(text, at: now)
    case .connectWiFi(let network): return connect(to: network, at: now)
    case .askToOpen(let url):
      overlay.pendingURL = url
      return []
    case .cancelOpen:
      overlay.pendingURL = nil
      return []
    case .open(let url):
      overlay.pendingURL = nil
      guard CodePayload.isOpenableURL(url) else {
        return [.log("pinhole: scan: not opening \"\(url)\": not a web address")]
      }
      showNotice(tr("Opening in the browser…"), for: Self.confirmationTime, at: now)
      return [.open(url)]
    }
  }

  /// Enters or leaves scan mode. The scan worker stays: outside scan mode it is simply not
  /// offered frames.
  public mutating func setScanning(_ isOn: Bool, at now: MonotonicTime) -> [Effect] {
    overlay.mode = isOn ? .scan : .photo
    overlay.pendingURL = nil
    shown = []
    var effects: [Effect] = []
    if isOn {
      modeStarted = now
      effects.append(.resetPacing)
    }
    effects.append(.log("pinhole: scan mode \(isOn ? "on" : "off")"))
    return effects
  }

  /// "Detect codes in photo mode" was turned on or off: what was on show goes.
  public mutating func detectionChanged(isOn: Bool) -> [Effect] {
    shown = []
    overlay.pendingURL = nil
    return [.resetPacing, .log("pinhole: code detection in photo mode \(isOn ? "on" : "off")")]
  }

  /// The clipboard took the text, or refused it.
  public mutating func copyFinished(_ isCopied: Bool, at now: MonotonicTime) {
    let text = isCopied ? tr("Copied") : tr("The clipboard refused the text")
    showNotice(text, for: isCopied ? Self.confirmationTime : Self.failureTime, at: now)
  }

  /// `xdg-open` could not start.
  public mutating func openFailed(at now: MonotonicTime) -> [Effect] {
    showNotice(Self.noOpenerMessage, for: Self.failureTime, at: now)
    return [.log("pinhole: \(Self.noOpenerMessage)")]
  }

  /// The viewer opens the photo at `url`: its codes are read in the background.
  public mutating func viewPhoto(at url: URL) -> [Effect] {
    photoURL = url
    photoCodes = []
    return [.scanPhoto(url)]
  }

  /// The codes found in a photo, with the size of the picture their corners are in. A photo
  /// the viewer has since left is ignored.
  public mutating func photoScanned(_ url: URL, codes: [DetectedCode], size: Size) -> [Effect] {
    guard url == photoURL else { return [] }
    photoCodes = codes
    photoSize = size
    return [.log("pinhole: viewer found \(codes.count) codes in \(url.lastPathComponent)")]
  }

  /// Takes the scan worker's results: new codes join those on show (and are logged with how
  /// long they took), codes unseen for `holdSeconds` leave, an expired notice goes.
  /// `isLooking` says whether codes are wanted now (scan mode, or detection in photo mode); a
  /// scan still running when that ended reports into an empty screen.
  public mutating func receive(
    _ results: [ScanWorker.Result], isLooking: Bool, at now: MonotonicTime
  ) -> [Effect] {
    defer { expireNotice(at: now) }
    guard isLooking else {
      shown = []
      return []
    }
    var effects: [Effect] = []
    for result in results {
      for code in result.codes {
        if let index = shown.firstIndex(where: { Self.isSame($0.code, code) }) {
          shown[index].code = code
          shown[index].lastSeen = now
        } else {
          shown.append(Shown(code: code, firstSeen: now, lastSeen: now))
          effects.append(.log(newCodeLine(code, captured: result.captureTime, at: now)))
        }
      }
    }
    shown.removeAll { now.seconds(since: $0.lastSeen) > Self.holdSeconds }
    return effects
  }

  /// The scan interface's state for this frame: the region, and the cards with outlines in
  /// window pixels. `view` is nil while no camera mode is known.
  public mutating func overlayState(
    view: View?, isLooking: Bool, detectsInPhotoMode: Bool, isViewerOpen: Bool
  ) -> ScanOverlayState {
    var state = overlay
    state.detectsCodesInPhotoMode = detectsInPhotoMode
    state.photoCards =
      isViewerOpen
      ? photoCodes.map {
        ScanCard(
          text: $0.text, typeName: $0.symbology.displayName, payload: CodePayload(parsing: $0.text),
          outline: Self.fractions($0.corners, of: photoSize))
      } : []
    guard isLooking, let view else { return state }
    if !hasCustomRegion { state.region = Self.defaultRegion(for: view) }
    overlay.region = state.region
    guard let videoRect = view.videoRect else { return state }
    let mapping = Self.mapping(view, videoRect: videoRect)
    let width = Double(max(view.imageSize.width, 1))
    let height = Double(max(view.imageSize.height, 1))
    state.cards = shown.map { shown in
      let outline = shown.code.corners.map { corner in
        mapping.windowPoint(fromSensor: Point(x: corner.x / width, y: corner.y / height))
      }
      return ScanCard(
        text: shown.code.text, typeName: shown.code.symbology.displayName,
        payload: CodePayload(parsing: shown.code.text), outline: outline)
    }
    return state
  }

  /// The frame pixels under the scan region: its corners mapped back through mirroring and
  /// rotation, their bounding box, inside the frame.
  public func sensorRegion(for view: View) -> PixelRectangle {
    let region = hasCustomRegion ? overlay.region : Self.defaultRegion(for: view)
    let mapping = Self.mapping(view, videoRect: nil)
    let corners = [
      (region.minX, region.minY), (region.maxX, region.minY), (region.maxX, region.maxY),
      (region.minX, region.maxY),
    ].map { mapping.sensorPoint(fromImage: .init(x: $0.0, y: $0.1)) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let width = Double(view.imageSize.width)
    let height = Double(view.imageSize.height)
    let left = Int(((xs.min() ?? 0) * width).rounded())
    let top = Int(((ys.min() ?? 0) * height).rounded())
    return PixelRectangle(
      left: left, top: top, width: Int(((xs.max() ?? 1) * width).rounded()) - left,
      height: Int(((ys.max() ?? 1) * height).rounded()) - top
    ).clamped(to: view.imageSize)
  }

  /// `points` as fractions of `size` (none when the size is empty).
  public static func fractions(_ points: [Point], of size: Size) -> [Point] {
    guard size.width > 0, size.height > 0 else { return [] }
    return points.map { Point(x: $0.x / size.width, y: $0.y / size.height) }
  }

  /// The central square, 60 % of the shorter side of the picture as shown, as a part of it.
  static func defaultRegion(for view: View) -> Rect {
    let turned = view.quarterTurns % 2 == 1
    let size = view.imageSize
    let displayed =
      turned
      ? (width: Double(size.height), height: Double(size.width))
      : (width: Double(size.width), height: Double(size.height))
    let side = 0.6 * min(displayed.width, displayed.height)
    let width = displayed.width > 0 ? side / displayed.width : 0.6
    let height = displayed.height > 0 ? side / displayed.height : 0.6
    return Rect(x: (1 - width) / 2, y: (1 - height) / 2, width: width, height: height)
  }

  private static func mapping(_ view: View, videoRect: Rect?) -> ViewMapping {
    ViewMapping(
      videoRect: videoRect ?? Rect(x: 0, y: 0, width: 1, height: 1), imageSize: view.imageSize,
      isMirrored: view.isMirrored,
      rotation: ViewMapping.Rotation(rawValue: (view.quarterTurns % 4) * 90) ?? .none)
  }

  mutating func showNotice(_ text: String, for time: Duration, at now: MonotonicTime) {
    overlay.notice = text
    noticeUntil = now.advanced(by: time)
  }

  private mutating func expireNotice(at now: MonotonicTime) {
    if let until = noticeUntil, now >= until {
      overlay.notice = nil
      noticeUntil = nil
    }
  }

  /// The log line of a new card: the window test and the latency figure read these.
  private func newCodeLine(
    _ code: DetectedCode, captured: MonotonicTime, at now: MonotonicTime
  ) -> String {
    let sinceCapture = now >= captured ? Int((now.seconds(since: captured) * 1000).rounded()) : -1
    let card = "pinhole: scan card \(code.symbology.displayName) \"\(code.text)\" shown"
    if let started = modeStarted, overlay.isScanning {
      let sinceMode = Int((now.seconds(since: started) * 1000).rounded())
      return
        "\(card) \(sinceMode) ms after scan mode started, \(sinceCapture) ms after its frame "
        + "was captured"
    }
    return "\(card) in photo mode, \(sinceCapture) ms after its frame was captured"
  }

  private static func isSame(_ a: DetectedCode, _ b: DetectedCode) -> Bool {
    a.text == b.text && a.symbology == b.symbology
  }
}
