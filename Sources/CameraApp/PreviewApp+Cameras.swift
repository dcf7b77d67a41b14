// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Hotplug
import Synchronization
import Workers

extension PreviewApp {
  /// Follows cameras being plugged in and out through the device monitor, whose thread scans
  /// after each hotplug event. A camera that appears while only the fallback simulated camera is
  /// shown opens at once; an unplugged camera needs nothing here: its session reports the
  /// disconnect and reopens it by identity when it is back.
  func handleDeviceEvents() {
    let answers = devices.drainEvents()
    if !answers.isEmpty { needsPresent = true }
    for answer in answers {
      switch answer {
      case .cameras(let cameras):
        let newcomers = roster.update(with: cameras)
        if model.notice == CameraSelection.noCameraNotice, let camera = newcomers.first {
          switchCamera(to: camera)
        }
      case .holders(let path, let names):
        guard case .deviceBusy(path)? = model.failure else { continue }
        model.heldBy = names.isEmpty ? nil : names
      }
    }
  }

  /// Stops the current camera and opens `camera` in the same window.
  func switchCamera(to camera: DeviceInfo) {
    finishRecording()
    session.stop()
    closeFlashUnits()
    self.camera.isTorchOn = false
    self.camera.viewfinder.resetZoom()
    source = CameraSource(
      camera.kind == .simulated ? .simulated(notice: nil) : .device(camera),
      stillScene: options.isSceneStill, sceneCode: options.scan.sceneCode)
    model = PreviewModel(device: source.device, notice: source.notice)
    self.camera.controls = []
    self.camera.modes = []
    self.camera.focus = nil
    self.camera.hasRestoredControls = false
    session = Self.makeSession(source: source, options: options, wake: wake)
    session.start()
    roster.select(source.device)
    window.setTitle(model.windowTitle)
    settings.lastCameraIdentity = camera.kind == .simulated ? nil : camera.identity
    persistSettings()
  }

  /// Asks the device monitor who holds a busy camera, for the notice under the top bar. It
  /// runs once when the camera becomes busy, not on every retry.
  func lookUpBusyHolders(of path: String) {
    devices.send(.lookUpHolders(path: path))
  }
}

extension PreviewApp {
  /// Writes the settings on the settings writer's thread: the render loop does no file I/O, and
  /// the writes land in the order they were made.
  /// A failed save is said once on stderr; a settings path known to be unusable (a folder, a
  /// damaged file that could not be moved aside) is not written at all.
  func persistSettings() {
    if settingsProblem?.blocksSaving == true { return }
    settingsWriter.send(settings)
  }

  /// The settings writer: one save at a time, in order; a failed save is said once on stderr.
  static func makeSettingsWriter(url: URL?) -> Worker<AppSettings, Never> {
    let hasReportedFailure = Atomic<Bool>(false)
    return Worker(name: "pinhole-settings") { settings, _ in
      guard !settings.save(to: url), let url,
        !hasReportedFailure.exchange(true, ordering: .relaxed)
      else { return }
      FileHandle.standardError.write(
        Data("pinhole: settings cannot be saved to \(url.path).\n".utf8))
    }
  }
}
