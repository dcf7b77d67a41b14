// SPDX-License-Identifier: MIT
import CameraModel

/// The camera interface's buttons at the right of the top bar (settings gear, camera switch,
/// torch, flash; each only when it applies) and the camera drop-down list. Main thread only.
struct CameraTopBar {
  /// One top-bar button.
  enum Button: Hashable, CaseIterable {
    /// Opens and closes the settings panel; only with controls or modes to set.
    case settings
    /// Opens the camera list; only with more than one camera.
    case camera
    /// Turns the torch on and off; only with a torch.
    case torch
    /// Cycles the flash mode; only with a flash.
    case flash
  }

  /// The pointer's relation to the buttons and the list's lines this frame.
  struct Responses {
    /// One response per entry of `buttons`.
    var buttons: [ControlResponse] = []
    /// One response per camera in the open list.
    var menuRows: [ControlResponse] = []
  }

  /// The buttons shown, right to left, with their rectangles.
  let buttons: [(Button, Rect)]
  /// The camera list's background, when it is open.
  let menu: Rect?
  /// What the app wants shown.
  let state: OverlayState
  /// Drawing helpers at the frame's scale.
  let painter: CameraPainter
  /// The whole window, which an open list covers to catch clicks outside it.
  let bounds: Rect

  /// Button diameter, in points.
  static let buttonSize = 36.0
  /// Height of one line of the camera list, in points.
  static let menuRowHeight = 34.0

  /// Lays the buttons out from the right end of `layout.topBar`.
  init(state: OverlayState, layout: OverlayLayout, painter: CameraPainter) {
    self.state = state
    self.painter = painter
    bounds = layout.bounds
    let camera = state.camera
    // No controls and no modes: nothing to set, so no gear (the S key still opens the panel).
    let hasSettings = !camera.controls.isEmpty || !camera.modes.isEmpty || camera.isSettingsOpen
    let shown: [Button] = [
      hasSettings ? .settings : nil, camera.cameras.count > 1 ? .camera : nil,
      camera.torch == nil ? nil : .torch,
      // The flash only lights photos: no button in video or scan mode, where it does nothing.
      camera.flashMode == nil || !state.isTakingPhotos ? nil : .flash,
    ].compactMap { $0 }
    let size = painter.px(Self.buttonSize)
    let gap = painter.px(4)
    var x = layout.topBar.maxX - painter.px(10)
    var placed: [(Button, Rect)] = []
    for button in shown {
      x -= size
      placed.append(
        (
          button,
          Rect(x: x, y: (layout.topBar.center.y - size / 2).rounded(), width: size, height: size)
        ))
      x -= gap
    }
    buttons = placed
    let cameraButton = placed.first { $0.0 == .camera }?.1
    menu = cameraButton.flatMap { button in
      camera.isCameraMenuOpen
        ? Self.menuRect(below: button, state: camera, layout: layout, painter: painter) : nil
    }
  }

  /// Width of the top bar's right end the buttons use, in drawable pixels; the status line
  /// should end left of it.
  var reservedWidth: Double {
    guard let leftmost = buttons.last?.1 else { return 0 }
    return bounds.maxX - leftmost.minX + painter.px(6)
  }

  private static func menuRect(
    below button: Rect, state: CameraOverlayState, layout: OverlayLayout, painter: CameraPainter
  ) -> Rect {
    let width = min(painter.px(260), layout.bounds.width - painter.px(16))
    let height = painter.px(menuRowHeight) * Double(state.cameras.count) + painter.px(12)
    let x = max(min(button.maxX, layout.bounds.maxX - painter.px(8)) - width, painter.px(8))
    return Rect(x: x, y: button.maxY + painter.px(6), width: width, height: height)
  }

  /// The rectangle of camera `index`'s line in the open list.
  func menuRow(_ index: Int, in menu: Rect) -> Rect {
    let height = painter.px(Self.menuRowHeight)
    return Rect(
      x: menu.minX + painter.px(6), y: menu.minY + painter.px(6) + Double(index) * height,
      width: menu.width - painter.px(12), height: height)
  }

  /// How much one wheel notch over the torch button changes its strength.
  static let torchStepPerNotch = 0.1

  /// Updates the list (topmost), the buttons, then, while the list is open, a catcher over
  /// the whole window so a click outside closes the list and does nothing else. The wheel
  /// over the torch button dims or brightens it.
  func update(
    tracker: inout PointerTracker, wheel: Point, actions: inout [OverlayAction]
  ) -> Responses {
    var responses = Responses()
    if let menu {
      for index in state.camera.cameras.indices {
        let id = ControlID("camera-menu-\(index)")
        let rect = menuRow(index, in: menu)
        let entry = FocusEntry(
          id: id, role: .listItem, name: state.camera.cameras[index].name,
          state: FocusState(isSelected: index == state.camera.currentCameraIndex), rect: rect,
          group: menu, layer: 1)
        let row = tracker.update(id, rect: rect, focus: entry)
        if row.isClicked { actions.append(.camera(.selectCamera(index))) }
        responses.menuRows.append(row)
      }
      _ = tracker.update(ControlID("camera-menu"), rect: menu)
    }
    for (button, rect) in buttons {
      let id = ControlID("camera-button-\(button)")
      let response = tracker.update(
        id, rect: rect,
        focus: FocusEntry(id: id, role: .button, name: "", rect: rect, shape: .circle))
      if response.isClicked { actions.append(.camera(Self.action(of: button))) }
      if button == .torch, response.isHovered, wheel.y != 0 {
        actions.append(.camera(.adjustTorch(by: wheel.y * Self.torchStepPerNotch)))
      }
      responses.buttons.append(response)
    }
    if menu != nil,
      tracker.update(ControlID("camera-menu-outside"), rect: bounds).isClicked
    {
      actions.append(.camera(.toggleCameraMenu))
    }
    return responses
  }

  /// The intent of a click on `button`.
  static func action(of button: Button) -> CameraAction {
    switch button {
    case .settings: .toggleSettings
    case .camera: .toggleCameraMenu
    case .torch: .toggleTorch
    case .flash: .cycleFlashMode
    }
  }
}
