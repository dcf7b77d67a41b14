// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Hotplug
import Synchronization
import Workers

extension CameraWindow {
  /// Follows cameras being plugged in and out through the device monitor, whose thread scans
  /// after each hotplug event; the camera controller decides whether to switch. An unplugged
  /// camera needs nothing here: its session reports the disconnect and reopens it by identity
  /// when it is back.
  func handleDeviceEvents() {
    let answers = devices.drainEvents()
    if !answers.isEmpty { needsPresent = true }
    for answer in answers { camera.apply(answer) }
    performCameraEffects()
  }

  /// Stops the current camera and opens `camera` in the same window. The render loop waits
  /// neither for the old camera to close (the new session's thread does) nor for a recording's
  /// file to be finished (the recording-files thread does).
  func switchCamera(to camera: DeviceInfo) {
    stopRecordingForCameraSwitch()
    let previous = session
    previous.requestStop()
    source = CameraSource(
      camera.kind == .simulated ? .simulated(notice: nil) : .device(camera),
      stillScene: options.isSceneStill, sceneCode: options.scan.sceneCode,
      syncBeacon: options.isMicrophoneSimulated,
      screenDelayMilliseconds: options.latency.simulatedDelayMilliseconds)
    Self.useMicrophone(
      named: recording.microphoneName, source: source, options: options,
      microphones: microphones, in: recording)
    self.camera.open(source.device, notice: source.notice)
    session = Self.makeSession(source: source, options: options, wake: wake)
    session.start(after: previous)
    platform?.setTitle(model.windowTitle)
    performCameraEffects()
  }
}

extension CameraWindow {
  /// Writes the settings on the settings writer's thread: the render loop does no file I/O, and
  /// the writes land in the order they were made.
  /// A failed save is said once on stderr; a settings path known to be unusable (a folder, a
  /// damaged file that could not be moved aside) is not written at all.
  func persistSettings() {
    if settingsProblem?.blocksSaving == true { return }
    settingsWriter.send(settings)
  }

  /// The settings writer: one save at a time, in order; a failed save is said once on stderr.
  static func makeSettingsWriter(
    url: URL?, log: @escaping @Sendable (String) -> Void
  ) -> Worker<AppSettings, Never> {
    let hasReportedFailure = Atomic<Bool>(false)
    return Worker(name: "pinhole-settings", on: .shared) { settings, _ in
      guard !settings.save(to: url), let url,
        !hasReportedFailure.exchange(true, ordering: .relaxed)
      else { return }
      log("pinhole: settings cannot be saved to \(url.path).")
    }
  }
}
