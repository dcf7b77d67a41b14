// SPDX-License-Identifier: MIT
import Foundation
import Overlay
import Workers

/// How a launch goes on after the single-instance check.
public enum InstanceStart {
  /// A running window took over: this launch ends with status 0.
  case handedOver
  /// This launch opens its window; `link` listens for later launches (nil without a channel).
  case openWindow(InstanceLink?)
}

extension CameraWindow {
  /// Hands the launch to a Pinhole window already running on this display, or starts listening
  /// for later launches. `--new-window` opens a window of its own whatever runs.
  public static func claimInstance(
    options: Options, log: @Sendable (String) -> Void
  ) -> InstanceStart {
    let path = InstanceSocket.path(environment: ProcessInfo.processInfo.environment)
    let link = InstanceLink(
      path: path, message: InstanceMessage(startMode: options.desktop.startMode),
      handsOver: !options.desktop.opensNewWindow)
    switch link.claim() {
    case .handedOver:
      link.stop()
      // Only --mode travels; whatever else was asked for is named, not dropped silently.
      let report = InstanceHandover.report(
        arguments: Array(CommandLine.arguments.dropFirst()), mode: options.desktop.startMode)
      for line in report { log("pinhole: \(line)") }
      return .handedOver
    case .listening:
      return .openWindow(link)
    case .alone(let reason):
      link.stop()
      log("pinhole: a second launch will open a second window: \(reason).")
      return .openWindow(nil)
    }
  }

  /// Takes the channel the launch set up, and applies `--mode` and `--keep-camera-open`.
  public func adopt(_ link: InstanceLink?) {
    instance = link
    link?.wakes(wake)
    privacy = CameraPrivacy(keepsCameraOpen: options.desktop.keepsCameraOpen)
    if let mode = options.desktop.startMode { enter(mode) }
  }

  /// Follows later launches: each brings the window to the front, in its mode if it named one.
  func followInstanceRequests() {
    guard let instance else { return }
    for request in instance.requests.drain() {
      platform?.raise()
      if let mode = request.startMode { enter(mode) }
      needsPresent = true
      let mode = request.startMode.map { " in \($0.rawValue) mode" } ?? ""
      log("pinhole: another launch brought the window to the front\(mode)")
    }
  }

  /// Switches to photo, video or scan mode as the mode switch above the shutter would (a
  /// recording in progress keeps its mode).
  func enter(_ mode: StartMode) {
    let wantsScan = mode == .scan
    if scan.controller.isScanning != wantsScan { handle(ScanAction.toggleMode) }
    switch mode {
    case .photo: handle(RecordingAction.setMode(.photo))
    case .video: handle(RecordingAction.setMode(.video))
    case .scan: break
    }
  }
}
