// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Overlay
import Scanning
import Workers

/// The scan side of the window: its controller and the two threads that carry out its work.
/// Main thread only.
struct ScanSide {
  /// The mode, the region, the codes on show.
  var controller = ScanController()
  /// The scanning thread. It starts with the window and waits idle outside scan mode, so its
  /// decoder is loaded and warmed up before the first Q (the first ZXing call costs far more
  /// than the later ones).
  let worker: ScanWorker

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
    /// An address could not be opened.
    case openFailed
  }

  /// Photo scans and link openings, on their own worker thread; their reports wake the loop.
  let helper: Worker<Job, Report>
  /// Joins scanned Wi-Fi networks through NetworkManager, on its own thread.
  let wifi: WiFiConnector
  /// True once NetworkManager answered: Wi-Fi cards offer Connect.
  var canConnectWiFi = false

  /// Starts both threads; their results wake the render loop through `wake`.
  init(wake: @escaping @Sendable () -> Void) {
    wifi = WiFiConnector(wake: wake)
    helper = Worker(name: "pinhole-scan-jobs", on: .shared, wake: wake) { job, emit in
      switch job {
      case .scanPhoto(let url):
        let image = try? ScanImageFile.load(url.path, region: nil)
        let codes = image.map { CodeScanner().scan($0) } ?? []
        let size = Size(width: Double(image?.width ?? 0), height: Double(image?.height ?? 0))
        emit(.photoCodes(url, codes, size))
      case .open(let address):
        // The address was confirmed by the user and passes as one argument, never through
        // a shell.
        if !PhotoControllerWorker.launch("xdg-open", [address]) { emit(.openFailed) }
      }
    }
    worker = ScanWorker(interval: .milliseconds(100), wake: wake) {
      let scanner = CodeScanner(engine: .zxing)
      if let blank = LumaImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 4096))
      {
        _ = scanner.scan(blank)
      }
      return { scanner.scan($0) }
    }
  }
}

extension CameraWindow {
  /// Copies the scan region's luma of the frame just shown to the scan worker, when it is due
  /// (at most ten a second). The copy is the region only, a few hundred kilobytes.
  func offerToScanner(_ frame: NV12Frame, at now: MonotonicTime) {
    guard scan.controller.isScanning || isDetectingInPhotoMode else { return }
    let region = scan.controller.sensorRegion(for: scanView(of: frame.size, videoRect: nil))
    scan.worker.offer(at: now) {
      LumaImage(frame, region: region).map {
        ScanWorker.Job(
          image: $0, captureTime: frame.metadata.captureTime, sequence: frame.metadata.sequence)
      }
    }
  }

  /// Takes the threads' results to the controller.
  func updateScan(at now: MonotonicTime) {
    for report in scan.helper.events.drain() {
      switch report {
      case .photoCodes(let url, let codes, let size):
        perform(scan.controller.photoScanned(url, codes: codes, size: size))
      case .openFailed:
        perform(scan.controller.openFailed(at: now))
      }
    }
    for event in scan.wifi.drainEvents() {
      needsPresent = true
      switch event {
      case .available: scan.canConnectWiFi = true
      case .connecting(let ssid):
        perform(scan.controller.wiFiConnectionFinished(ssid: ssid, failure: nil, at: now))
      case .failed(let ssid, let message):
        perform(scan.controller.wiFiConnectionFinished(ssid: ssid, failure: message, at: now))
      }
    }
    perform(scan.controller.clipboardDue(at: now))
    let isLooking = scan.controller.isScanning || isDetectingInPhotoMode
    perform(scan.controller.receive(scan.worker.drainResults(), isLooking: isLooking, at: now))
  }

  /// Reads the codes in the photo the viewer is opening, on a background thread (a JPEG
  /// decode and a scan of the whole photo take tens of milliseconds).
  func scanPhoto(at url: URL) { perform(scan.controller.viewPhoto(at: url)) }

  /// The scan interface's state for this frame.
  func scanOverlayState() -> ScanOverlayState {
    let view = model.mode.map { scanView(of: $0.size, videoRect: videoRect) }
    var state = scan.controller.overlayState(
      view: view, isLooking: scan.controller.isScanning || isDetectingInPhotoMode,
      detectsInPhotoMode: settings.detectsCodesInPhotoMode, isViewerOpen: photos.isViewerOpen)
    state.canConnectWiFi = scan.canConnectWiFi
    return state
  }

  /// Carries out an intent of the scan interface.
  func handle(_ action: ScanAction) {
    perform(scan.controller.handle(action, at: MonotonicTime.now()))
  }

  /// True when photo mode looks for codes: the saved setting is on, and the shutter takes
  /// photos of the live picture (not scan mode, not video, no viewer).
  var isDetectingInPhotoMode: Bool {
    settings.detectsCodesInPhotoMode && !scan.controller.isScanning && recording.mode == .photo
      && !recording.isRecording && !photos.isViewerOpen
  }

  /// Turns "Detect codes in photo mode" on or off and saves it.
  func toggleCodeDetection() {
    settings.detectsCodesInPhotoMode.toggle()
    persistSettings()
    perform(scan.controller.detectionChanged(isOn: settings.detectsCodesInPhotoMode))
  }

  /// Stops the worker at exit.
  func stopScanning() {
    scan.worker.stop()
    scan.wifi.stop()
  }

  private func scanView(of size: FrameSize, videoRect: Rect?) -> ScanController.View {
    ScanController.View(
      imageSize: size, quarterTurns: model.quarterTurns, isMirrored: model.isMirrored,
      videoRect: videoRect)
  }

  /// Carries out the controller's effects.
  private func perform(_ effects: [ScanController.Effect]) {
    for effect in effects {
      switch effect {
      case .copyToClipboard(let text):
        scan.controller.copyFinished(
          platform?.setClipboardText(text) ?? false, at: MonotonicTime.now())
      case .open(let address): scan.helper.send(.open(address))
      case .scanPhoto(let url): scan.helper.send(.scanPhoto(url))
      case .resetPacing: scan.worker.resetPacing()
      case .log(let line): log(line)
      case .connectWiFi(let network): scan.wifi.connect(to: network)
      case .clearClipboard(let secret):
        if platform?.clipboardText() == secret, platform?.setClipboardText("") == true {
          log("pinhole: scan: the copied password was taken off the clipboard")
        }
      }
    }
  }
}
