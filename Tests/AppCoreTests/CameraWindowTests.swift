// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Overlay
import PhotoPipeline
import Synchronization
import Testing
import Workers

/// The desktop a window's controllers ask for, recorded.
private final class RecordedPlatform: WindowPlatform {
  var titles: [String] = []
  var images: [ImageID: Thumbnail] = [:]
  var clipboard: String?
  var shutterSounds = 0
  var fullscreenToggles = 0

  func setTitle(_ title: String) { titles.append(title) }
  func raise() {}
  func toggleFullscreen() { fullscreenToggles += 1 }
  var drawableHeight: Int { 720 }
  var refreshRate: Int? { 60 }
  func setImage(_ id: ImageID, _ image: Thumbnail) { images[id] = image }
  func removeImage(_ id: ImageID) { images[id] = nil }
  func setVideoImage(_ id: ImageID, frame: NV12Frame, quarterTurns: Int) -> Bool { true }
  func openSoundOutput(sampleRate: Int, channelCount: Int) -> any SoundOutputOpening {
    NoSoundDevice()
  }
  func playShutterSound() { shutterSounds += 1 }
  func setClipboardText(_ text: String) -> Bool {
    clipboard = text
    return true
  }
  func clipboardText() -> String? { clipboard }
}

/// A sound device that never opens: videos play silent.
private final class NoSoundDevice: SoundOutputOpening {
  func take() -> (any SoundOutput)?? { .some(nil) }
}

/// The log lines a window wrote.
private final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
  func contains(_ part: String) -> Bool { all.contains { $0.contains(part) } }
}

/// A window on the simulated camera, with its files in a folder of its own, run iteration by
/// iteration as the render loop runs it, without drawing.
private final class WindowRig {
  let folder: URL
  let core: CameraWindow
  let platform = RecordedPlatform()
  let log = LogLines()
  let wakes = Semaphore()
  var framesShown = 0

  init(_ arguments: [String] = []) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-window-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let options = try Options(
      parsing: ["--still-scene", "--no-audio", "--output-dir", folder.path] + arguments)
    let wakes = self.wakes
    let log = self.log
    core = CameraWindow(
      options: options, cameras: [],
      microphones: MicrophoneAccess(list: { [] }, open: { _ in throw AudioInputFailure("none") }),
      wake: { wakes.signal() }, log: { log.append($0) },
      environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path])
    core.platform = platform
  }

  deinit {
    core.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// One iteration of the render loop, the drawing left out.
  func iterate() {
    core.photos.inputReadAt = MonotonicTime.now()
    guard core.followNews(isMinimized: false) else { return }
    if let frame = core.takeFrameToShow() {
      core.frameShown(frame, at: MonotonicTime.now())
      framesShown += 1
    }
    core.updateSides()
    let state = core.overlayState(
      isFullscreen: false, time: core.overlayTime, windowSize: Size(width: 1280, height: 720))
    core.presented(state, at: MonotonicTime.now(), buildStart: MonotonicTime.now())
  }

  /// Runs iterations, each after a wake, until `condition` holds; false after ten seconds.
  func run(until condition: () -> Bool) -> Bool {
    let start = MonotonicTime.now()
    while !condition() {
      guard MonotonicTime.now().seconds(since: start) < 10 else { return false }
      _ = wakes.wait(timeout: .milliseconds(100))
      iterate()
    }
    return true
  }

  var photosOnDisk: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".jpg") }
  }
}

@Suite("The camera window without its drawing")
struct CameraWindowTests {
  @Test("opens on the simulated camera and shows its frames")
  func showsFrames() throws {
    let rig = try WindowRig()
    #expect(rig.run { rig.framesShown >= 3 })
    guard case .streaming = rig.core.model.cameraState else {
      Issue.record("the camera is \(rig.core.model.cameraState), not streaming")
      return
    }
  }

  @Test("the shutter writes a photo, clicks, and its thumbnail reaches the window")
  func shutterWritesAPhoto() throws {
    let rig = try WindowRig()
    #expect(rig.run { rig.framesShown >= 1 })
    // The click is read after that frame was presented, as the loop reads input.
    rig.core.photos.inputReadAt = MonotonicTime.now()
    rig.core.perform(.photo(.shutter))
    #expect(rig.run { rig.photosOnDisk.count == 1 && !rig.platform.images.isEmpty })
    #expect(rig.platform.shutterSounds == 1)
  }

  @Test("a record request the camera cannot follow yet is refused with a reason in the log")
  func refusedRecordingIsLogged() throws {
    let rig = try WindowRig(["--mode", "video"])
    rig.core.perform(.recording(.setMode(.video)))
    #expect(rig.log.contains("pinhole: mode: video"))
    // No frame was taken yet: the camera is still opening.
    rig.core.perform(.recording(.start))
    #expect(rig.log.contains("pinhole: recording: request refused:"))
  }

  @Test("switching cameras while recording does not wait for the file, which is still saved")
  func switchingCamerasWhileRecordingDoesNotWait() throws {
    let rig = try WindowRig()
    #expect(rig.run { rig.framesShown >= 1 })
    rig.core.perform(.recording(.setMode(.video)))
    rig.core.perform(.recording(.start))
    #expect(
      rig.run {
        rig.core.recording.isRecording
          && rig.core.recording.overlayState(canRecord: true).byteCount > 0
      })
    rig.core.perform(.camera(.selectCamera(0)))
    // The switch came back before the file was finished: that happens on its own thread.
    #expect(rig.core.recording.isActive && !rig.core.recording.isRecording)
    #expect(rig.run { !rig.core.recording.isActive })
    #expect(rig.log.contains("pinhole: Saved Pinhole "), "\(rig.log.all)")
    let videos = try FileManager.default.contentsOfDirectory(atPath: rig.folder.path)
      .filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") }
    #expect(videos.count == 1, "\(videos)")
    #expect(rig.run { rig.framesShown >= 5 })
  }

  @Test("the full-screen key reaches the window")
  func fullscreen() throws {
    let rig = try WindowRig()
    rig.core.perform(.toggleFullscreen)
    #expect(rig.platform.fullscreenToggles == 1)
  }
}

@Suite("The folders offered for saving")
struct CameraWindowSaveFolderTests {
  @Test("opening the settings lists the folders again: a folder made since is offered")
  func openingTheSettingsListsAgain() throws {
    let rig = try WindowRig()
    let documents = rig.folder.appendingPathComponent("Documents").path
    #expect(rig.run { rig.core.photos.controller.saveFolders?.candidates.isEmpty == false })
    #expect(rig.core.photos.controller.saveFolders?.candidates.contains(documents) == false)
    try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
    rig.core.perform(.camera(.toggleSettings))
    #expect(
      rig.run { rig.core.photos.controller.saveFolders?.candidates.contains(documents) == true })
  }
}
