// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import SimulatedCamera
import Testing

@Suite("Camera controller: controls, modes and saved settings")
struct CameraControllerControlsTests {
  @Test("a control the user sets goes to the camera and is saved for that camera")
  func setControlIsSentAndSaved() throws {
    let rig = CameraControllerRig()
    try rig.open()
    rig.controller.handle(.setControl(.brightness, 30), overlayTime: 0)
    try rig.run()
    #expect(rig.controlRequests.last == [ControlAssignment(.brightness, 30)])
    #expect(try rig.value(of: .brightness) == 30)
    let identity = rig.device.identity
    #expect(rig.settings.controlValues[identity]?[ControlID.brightness.rawValue] == 30)
    #expect(rig.controller.savedControlValues == rig.settings.controlValues[identity])
  }

  @Test("a refused control shows the camera's reason until the camera reports again")
  func refusalShowsUntilTheNextReport() throws {
    let rig = CameraControllerRig()
    try rig.open()
    // Automatic focus is on, so the camera refuses a manual focus on its own (EACCES).
    rig.controller.handle(.setControl(.focusAbsolute, 40), overlayTime: 0)
    try rig.run()
    #expect(rig.controller.rejection == "\(ControlID.focusAbsolute): refused")
    #expect(try rig.value(of: .focusAbsolute) != 40)
    rig.controller.handle(.setControl(.brightness, 10), overlayTime: 0)
    try rig.run()
    #expect(rig.controller.rejection == nil)
  }

  @Test("a button control is pressed with the value 1 and not saved")
  func triggerSendsOneAndSavesNothing() {
    let rig = CameraControllerRig()
    rig.controller.handle(.triggerControl(.focusAuto), overlayTime: 0)
    #expect(
      rig.controller.drainEffects() == [.capture(.setControls([ControlAssignment(.focusAuto, 1)]))])
  }

  @Test("the values saved for a camera are set again once its controls arrive, once")
  func savedValuesAreRestoredWhenTheCameraOpens() throws {
    var settings = AppSettings()
    let identity = CameraControllerRig.simulatedDevice.identity
    settings.controlValues[identity] = [
      ControlID.brightness.rawValue: 37, ControlID.gain.rawValue: 0,
    ]
    let rig = CameraControllerRig(settings: settings)
    try rig.open()
    // Gain already reads 0: only brightness needs setting.
    #expect(rig.controlRequests == [[ControlAssignment(.brightness, 37)]])
    #expect(try rig.value(of: .brightness) == 37)
    try rig.deliver([.controlsChanged(rig.camera.controls())])
    #expect(rig.controlRequests.count == 1)
  }

  @Test("reset runs in two requests, automatic modes first, and leaves nothing saved")
  func resetReachesTheDefaults() throws {
    let rig = CameraControllerRig()
    try rig.open()
    for (id, value) in [
      (ControlID.exposureAuto, Int64(1)), (.exposureAbsolute, 300), (.brightness, 30),
    ] {
      rig.controller.handle(.setControl(id, value), overlayTime: 0)
      try rig.run()
    }
    #expect(rig.settings.controlValues[rig.device.identity]?.count == 3)
    let before = rig.controlRequests.count
    rig.controller.handle(.resetControls, overlayTime: 0)
    try rig.run()
    let requests = rig.controlRequests.dropFirst(before).map { $0.map(\.id) }
    #expect(requests.count == 2)
    #expect(requests.first == [.exposureAuto])
    #expect(Set(requests.last ?? []) == [.brightness])
    for control in try rig.camera.controls() where control.isEditable {
      #expect(control.value == control.defaultValue, "\(control.name)")
    }
    #expect(rig.settings.controlValues[rig.device.identity] == nil)
    #expect(rig.controller.rejection == nil)
  }

  @Test("a reset of a camera already at its defaults sends nothing and saves the defaults")
  func resetAtDefaultsSendsNothing() throws {
    let rig = CameraControllerRig()
    try rig.open()
    rig.controller.handle(.resetControls, overlayTime: 0)
    try rig.run()
    rig.commands.removeAll()
    let saves = rig.saveCount
    rig.controller.handle(.resetControls, overlayTime: 0)
    try rig.run()
    #expect(rig.controlRequests.isEmpty)
    #expect(rig.saveCount == saves + 1)
    #expect(rig.settings.controlValues[rig.device.identity] == nil)
  }

  @Test("a reset the camera refuses half-way saves what the camera holds after the refusal")
  func refusedResetKeepsTheFileInStep() throws {
    let rig = CameraControllerRig()
    try rig.open()
    rig.controller.handle(.setControl(.brightness, 30), overlayTime: 0)
    try rig.run()
    // A list that claims an automatic white balance the camera does not have: the automatic
    // step is refused as a whole (EINVAL). The camera reports its controls before the
    // refusal, so the manual step has gone out by then; the file follows its answer too.
    var controls = try rig.camera.controls()
    let focusAuto = try #require(controls.first { $0.id == .focusAuto })
    var whiteBalance = focusAuto
    whiteBalance.id = ControlID(rawValue: 0x0098_090c)
    whiteBalance.value = 0
    controls.append(whiteBalance)
    try rig.deliver([.controlsChanged(controls)])
    rig.controller.handle(.resetControls, overlayTime: 0)
    try rig.run()
    #expect(rig.rejections.count == 1)
    #expect(rig.rejections.first??.hasSuffix("refused") == true)
    let held = ControlReset.savedValues(try rig.camera.controls())
    #expect(rig.settings.controlValues[rig.device.identity] == held)
    #expect(rig.controller.savedControlValues == held)
  }

  @Test("the modes offered are the camera's own, not the emulated ones")
  func modesComeFromTheCapabilities() throws {
    let rig = CameraControllerRig()
    try rig.open()
    let capabilities = try rig.camera.capabilities()
    let native = capabilities.formats.filter { !$0.isEmulated }
    #expect(!rig.controller.modes.isEmpty)
    #expect(Set(rig.controller.modes.map(\.format)) == Set(native.map(\.format)))
    #expect(rig.controller.overlayState().modes == rig.controller.modes)
  }

  @Test("choosing a mode asks the capture thread to reconfigure for it")
  func selectModeReconfigures() throws {
    let rig = CameraControllerRig()
    try rig.open()
    let mode = try #require(rig.controller.modes.last)
    rig.controller.handle(.selectMode(mode), overlayTime: 0)
    try rig.run()
    #expect(
      rig.commands.last
        == .reconfigure(
          ModeRequest(
            format: mode.format, size: mode.size,
            framesPerSecond: mode.interval.framesPerSecond)))
  }

  @Test("the saved settings survive the settings file and reach a new controller")
  func settingsRoundTrip() throws {
    let rig = CameraControllerRig()
    try rig.open()
    rig.controller.handle(.setControl(.brightness, 40), overlayTime: 0)
    rig.controller.handle(.cycleFlashMode, overlayTime: 0)
    try rig.run()
    let data = try JSONEncoder().encode(rig.settings)
    let reloaded = try #require(AppSettings.decode(data))
    let next = CameraController(device: rig.device, cameras: [], settings: reloaded)
    #expect(next.controlValues == rig.controller.controlValues)
    #expect(next.flashMode == rig.controller.flashMode)
    var stored = AppSettings()
    next.store(into: &stored)
    #expect(stored.controlValues == reloaded.controlValues)
    #expect(stored.flashMode == reloaded.flashMode)
  }

  @Test("switching cameras forgets the old camera's controls and remembers the new one")
  func openStartsOver() throws {
    let rig = CameraControllerRig()
    try rig.open()
    #expect(!rig.controller.controls.isEmpty)
    rig.effects.removeAll()
    let webcam = DeviceInfo(
      path: "/dev/video0", name: "Webcam", driver: "uvcvideo", busInfo: "usb-1",
      identity: "usb-1:webcam", kind: .v4l2)
    rig.controller.open(webcam, notice: nil)
    try rig.run()
    #expect(rig.controller.controls.isEmpty)
    #expect(rig.controller.modes.isEmpty)
    #expect(rig.controller.model.device == webcam)
    #expect(rig.controller.model.isMirrored)
    #expect(rig.settings.lastCameraIdentity == "usb-1:webcam")
    #expect(rig.effects == [.lights(.close), .setFlashSource(.screen)])
    rig.controller.open(CameraControllerRig.simulatedDevice, notice: nil)
    try rig.run()
    #expect(rig.settings.lastCameraIdentity == nil)
  }
  @Test("the exposure compensation is saved for the camera and taken up when it opens again")
  func compensationIsSavedAndRestored() throws {
    let rig = CameraControllerRig()
    try rig.open()
    rig.controller.handle(.setExposureCompensation(thirds: 4), overlayTime: 0)
    try rig.run()
    #expect(rig.settings.exposureCompensation[rig.device.identity] == 4)
    let again = CameraControllerRig(settings: rig.settings)
    #expect(again.controller.overlayState().exposureCompensationThirds == 4)
    // A value edited by hand beyond the range is clamped.
    var edited = rig.settings
    edited.exposureCompensation[rig.device.identity] = 1_000_000
    #expect(CameraControllerRig(settings: edited).controller.viewfinder.compensationThirds == 6)
  }

  @Test("a saved compensation is written to the bias control once the camera reports it")
  func savedCompensationDrivesTheBiasControl() throws {
    var settings = AppSettings()
    settings.exposureCompensation[CameraControllerRig.simulatedDevice.identity] = 3
    let rig = CameraControllerRig(settings: settings)
    let bias = CameraControl(
      id: .autoExposureBias, name: "Exposure Bias", kind: .integer, minimum: -2000,
      maximum: 2000, step: 1, defaultValue: 0, value: 0)
    rig.controller.apply([.controlsChanged([bias])], overlayTime: 0)
    let effects = rig.controller.drainEffects()
    #expect(effects.contains(.capture(.setControls([ControlAssignment(.autoExposureBias, 1000)]))))
  }

  @Test("reset to defaults puts the compensation back to zero and forgets it")
  func resetClearsTheCompensation() throws {
    let rig = CameraControllerRig()
    try rig.open()
    rig.controller.handle(.setExposureCompensation(thirds: -2), overlayTime: 0)
    try rig.run()
    rig.controller.handle(.resetControls, overlayTime: 0)
    try rig.run()
    #expect(rig.controller.viewfinder.compensationThirds == 0)
    #expect(rig.settings.exposureCompensation.isEmpty)
  }
  @Test("keeping the camera on while hidden is a saved setting the overlay shows")
  func keepCameraOpenIsSaved() throws {
    let rig = CameraControllerRig()
    #expect(!rig.controller.overlayState().keepsCameraOpen)
    rig.controller.handle(.toggleKeepCameraOpen, overlayTime: 0)
    try rig.run()
    #expect(rig.settings.keepsCameraOpenWhenHidden)
    let again = CameraControllerRig(settings: rig.settings)
    #expect(again.controller.keepsCameraOpen)
    #expect(again.controller.overlayState().keepsCameraOpen)
  }
}
