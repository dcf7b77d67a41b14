// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Dispatch
import Hotplug

extension PreviewApp {
  /// Follows cameras being plugged in and out. A hotplug event starts a scan on a background
  /// queue (opening each node is device I/O the render loop must not wait for); its result is
  /// picked up on a later frame. A camera that appears while only the fallback simulated camera
  /// is shown opens at once; an unplugged camera needs nothing here: its session reports the
  /// disconnect and reopens it by identity when it is back.
  func handleHotplug() {
    if let monitor, !monitor.events().isEmpty {
      let results = scanResults
      DispatchQueue.global(qos: .userInitiated).async {
        let cameras = CameraSource.discover()
        results.withLock { $0 = cameras }
      }
    }
    guard let cameras = scanResults.withLock({ $0.take() }) else { return }
    let newcomers = roster.update(with: cameras)
    if model.notice == CameraSelection.noCameraNotice, let camera = newcomers.first {
      switchCamera(to: camera)
    }
  }

  /// Stops the current camera and opens `camera` in the same window.
  func switchCamera(to camera: DeviceInfo) {
    finishRecording()
    session.stop()
    closeFlashUnits()
    self.camera.isTorchOn = false
    source = CameraSource(
      camera.kind == .simulated ? .simulated(notice: nil) : .device(camera),
      stillScene: options.isSceneStill)
    model = PreviewModel(device: source.device, notice: source.notice)
    self.camera.controls = []
    self.camera.modes = []
    self.camera.focus = nil
    self.camera.hasRestoredControls = false
    session = Self.makeSession(source: source, options: options)
    session.start()
    roster.select(source.device)
    window.setTitle(model.windowTitle)
    settings.lastCameraIdentity = camera.kind == .simulated ? nil : camera.identity
    persistSettings()
  }

  /// Names the programs holding a busy camera, for the notice under the top bar. Reading /proc
  /// takes a few milliseconds, so it runs once when the camera becomes busy, not on every retry.
  func lookUpBusyHolders(of path: String) {
    let names = DeviceHolders().holders(of: path).map(\.programName)
    model.heldBy = names.isEmpty ? nil : Array(Set(names)).sorted()
  }
}

extension PreviewApp {
  /// Writes the settings on a serial background queue: the render loop does no file I/O, and
  /// the writes land in the order they were made.
  func persistSettings() {
    let snapshot = settings
    let url = settingsURL
    Self.settingsQueue.async { snapshot.save(to: url) }
  }

  static let settingsQueue = DispatchQueue(label: "pinhole.settings")
}
