// SPDX-License-Identifier: MIT

import CameraModel

/// What the app tells the camera interface each frame: the controls and modes to offer, the
/// focus feedback, the test-bench figures, the cameras to switch between and the lights.
///
/// The app owns every piece of it, including which panels are open and how far the settings
/// panel is scrolled; the overlay only raises `CameraAction` intents to change them.
public struct CameraOverlayState: Hashable, Sendable {
  /// The camera's controls in driver order; the settings panel groups them by class.
  public var controls: [CameraControl] = []
  /// A remark the settings panel shows under the controls: which ones the way in to the
  /// camera does not offer ("Not offered through PipeWire: focus, exposure."); empty for none.
  public var controlsNote = ""
  /// True while the settings panel is shown.
  public var isSettingsOpen = false
  /// How far the settings panel is scrolled, in window points from its top (0 shows the top).
  public var settingsOffset = 0.0
  /// Every mode the camera can stream; the settings panel shows a "Mode" section when it is
  /// not empty.
  public var modes: [CaptureMode] = []
  /// The mode in force, highlighted among `modes`.
  public var currentMode: CaptureMode?
  /// True when the camera can focus at a point (it has a focus or region control); without
  /// it nothing focus-related is drawn.
  public var canFocus = false
  /// The focus reticle to draw, or `nil` for none.
  public var focus: FocusIndicator?
  /// True while exposure is locked at the focus point; shows an "AE-L" badge.
  public var isExposureLocked = false
  /// True while the test-bench figures are shown.
  public var isHUDVisible = false
  /// The test-bench figures; the panel is drawn only when this is set and `isHUDVisible`.
  public var hud: HUDFigures?
  /// The cameras to choose from, in the order Ctrl+1…9 picks them.
  public var cameras: [DeviceInfo] = []
  /// The index into `cameras` of the camera in use.
  public var currentCameraIndex = 0
  /// True while the camera drop-down list under the camera button is open.
  public var isCameraMenuOpen = false
  /// The torch, or `nil` when the camera has none (no button then).
  public var torch: LightControlState?
  /// How bright a screen torch's ring light is, 0…1.
  public var torchStrength = 1.0
  /// The flash, or `nil` when the camera has none (no button then).
  public var flashMode: FlashModeState?

  /// The open choice list of the settings panel, or `nil` when none is open.
  public var picker: SettingsPicker?
  /// The camera's name for the settings panel's title.
  public var settingsTitle = ""
  /// True when the camera stays on while the window is hidden.
  public var keepsCameraOpen = false
  /// How large the overlay's text is (the settings panel's "Text size").
  public var textSize = TextSize.normal
  /// True when the machine has an orientation sensor the picture can follow (the lock's
  /// switch and key exist only then).
  public var hasOrientationSensor = false
  /// True when the picture does not follow the machine's orientation.
  public var isOrientationLocked = false
  /// True while the rule-of-thirds grid is drawn over the picture.
  public var showsGrid = false
  /// The viewfinder aids that are on, and the zebras' level.
  public var aids = ViewfinderAidSettings()
  /// The latency patch while a measurement runs; nil otherwise.
  public var latency: LatencyPatchState?
  /// Exposure compensation in thirds of a stop, −6…6 (−2…+2 EV).
  public var exposureCompensationThirds = 0
  /// What the exposure compensation drives, said under its slider ("Camera's exposure bias",
  /// "Pinhole's metering on click").
  public var exposureCompensationNote = ""
  /// The digital zoom factor (1 for none); above 1 the badge shows it and drags pan.
  public var zoomFactor = 1.0

  /// Makes the state of a camera with nothing to show.
  public init() {}
}
