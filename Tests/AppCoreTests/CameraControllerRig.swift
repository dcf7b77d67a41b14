// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import SimulatedCamera

/// A camera controller wired to a simulated camera the way the app wires it to a capture
/// session, but on the test's thread: control requests are set on the camera at once and
/// answered as the session answers them (the controls, or on a refusal the controls as they
/// are and then the refusal); settings saves land in `settings`. Everything else the
/// controller asks for is kept in `effects`.
final class CameraControllerRig {
  /// The simulated camera's description.
  static let simulatedDevice = SimulatedCamera.Options(framesPerSecond: 30).deviceInfo

  let camera: SimulatedCamera
  let controller: CameraController
  /// The settings file as the app would write it.
  var settings: AppSettings
  /// Effects other than control requests and saves, oldest first.
  var effects: [CameraControllerEffect] = []
  /// Every capture command sent, oldest first.
  var commands: [CaptureCommand] = []
  /// How many times the settings were saved.
  var saveCount = 0
  /// The notice shown after each refusal, oldest first.
  var rejections: [String?] = []

  /// A rig for `device` (the simulated camera's own description unless given) whose settings
  /// file starts as `settings`.
  init(device: DeviceInfo? = nil, settings: AppSettings = AppSettings()) {
    let options = SimulatedCamera.Options(framesPerSecond: 30)
    camera = SimulatedCamera(options: options)
    self.settings = settings
    controller = CameraController(
      device: device ?? options.deviceInfo, cameras: [], settings: settings)
  }

  /// The device the controller shows.
  var device: DeviceInfo { controller.model.device }

  /// Reports the camera open, as a session does once it streams: its modes and controls.
  func open() throws {
    let capabilities = try camera.capabilities()
    try deliver([.capabilities(capabilities), .controlsChanged(camera.controls())])
  }

  /// Hands `events` to the controller, then carries out what it asks until it asks nothing.
  func deliver(_ events: [CaptureEvent]) throws {
    controller.apply(events, overlayTime: 0)
    try run()
  }

  /// Carries out the controller's effects until none are left.
  func run() throws {
    var pending = controller.drainEffects()
    while !pending.isEmpty {
      for effect in pending {
        switch effect {
        case .capture(.setControls(let assignments)):
          commands.append(.setControls(assignments))
          try answer(assignments)
        case .capture(let command): commands.append(command)
        case .saveSettings:
          controller.store(into: &settings)
          saveCount += 1
        default: effects.append(effect)
        }
      }
      pending = controller.drainEffects()
    }
  }

  /// Sets `assignments` on the camera and reports the outcome as the capture session does.
  private func answer(_ assignments: [ControlAssignment]) throws {
    do {
      let controls = try camera.setControls(assignments.map { ($0.id, $0.value) })
      controller.apply([.controlsChanged(controls)], overlayTime: 0)
    } catch {
      controller.apply([.controlsChanged(try camera.controls())], overlayTime: 0)
      controller.apply(
        [.controlRejected(control: "\(assignments[0].id)", reason: "refused")],
        overlayTime: 0)
      rejections.append(controller.rejection)
    }
  }

  /// The camera's current value of `id`.
  func value(of id: ControlID) throws -> Int64? {
    try camera.controls().first { $0.id == id }?.value
  }

  /// The control requests sent, as (control, value) lists.
  var controlRequests: [[ControlAssignment]] {
    commands.compactMap {
      if case .setControls(let assignments) = $0 { assignments } else { nil }
    }
  }
}
