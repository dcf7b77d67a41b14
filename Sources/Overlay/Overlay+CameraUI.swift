// SPDX-License-Identifier: MIT

import CameraModel

/// Interaction results of the camera interface for one frame, passed from its update to its
/// drawing.
struct CameraUIResponses {
  /// The settings panel's lines, when it is open.
  var settings: SettingsPanel.Responses?
}

extension Overlay {
  /// Updates the camera interface's widgets (before the bars and the video claim the pointer)
  /// and appends their intents.
  func updateCameraUI(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> CameraUIResponses {
    var responses = CameraUIResponses()
    if let panel = settingsPanel(state: state, layout: layout) {
      responses.settings = panel.update(tracker: &tracker, input: input, actions: &actions)
    }
    return responses
  }

  /// Draws the camera interface above the bars and banners.
  func drawCameraUI(
    _ responses: CameraUIResponses, into commands: inout [DrawCommand], layout: OverlayLayout,
    state: OverlayState, time: Double
  ) {
    if let panel = settingsPanel(state: state, layout: layout), let rows = responses.settings {
      panel.draw(rows, into: &commands)
    }
  }

  /// Intents of keys the camera interface owns: S settings, Tab or I the test-bench figures,
  /// C the next camera and Ctrl+1…9 a given one, M mirror, R rotate. Keys held with Ctrl,
  /// Alt or Super are left alone except Ctrl+digit.
  func cameraKeyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction] {
    let camera = state.camera
    if case .digit(let digit) = press.key, press.modifiers == .control {
      let index = digit - 1
      guard index >= 0, index < camera.cameras.count, camera.cameras.count > 1 else { return [] }
      return [.camera(.selectCamera(index))]
    }
    guard press.modifiers.isDisjoint(with: [.control, .alt, .logo]) else { return [] }
    let action: CameraAction? =
      switch press.key {
      case .s: .toggleSettings
      case .tab, .i: .toggleHUD
      case .c where camera.cameras.count > 1: .nextCamera
      case .m: .toggleMirror
      case .r: .rotate
      case .escape where camera.isCameraMenuOpen: .toggleCameraMenu
      case .escape where camera.isSettingsOpen: .toggleSettings
      default: nil
      }
    return action.map { [.camera($0)] } ?? []
  }

  private func cameraPainter(_ layout: OverlayLayout) -> CameraPainter {
    CameraPainter(text: text, scale: layout.scale)
  }

  private func settingsPanel(state: OverlayState, layout: OverlayLayout) -> SettingsPanel? {
    guard state.camera.isSettingsOpen else { return nil }
    return SettingsPanel(
      layout: SettingsLayout(state: state, layout: layout), state: state,
      painter: cameraPainter(layout))
  }
}
