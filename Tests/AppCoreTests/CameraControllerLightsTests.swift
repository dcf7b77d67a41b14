// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Lighting
import Overlay
import Testing

@Suite("Camera controller: flash and torch")
struct CameraControllerLightsTests {
  /// A webcam node, whose lights are looked for once its controls arrive.
  private let webcam = DeviceInfo(
    path: "/dev/video0", name: "Webcam", driver: "uvcvideo", busInfo: "usb-1",
    identity: "usb-1:webcam", kind: .v4l2)

  /// A camera node's own flash controls: LED mode (off, flash, torch), strobe, intensity.
  private func flashControls() throws -> FlashControls {
    let controls = [
      CameraControl(
        id: .flashLEDMode, name: "LED Mode", kind: .menu, minimum: 0, maximum: 2, step: 1,
        defaultValue: 0, value: 0, menu: [0: "Off", 1: "Flash", 2: "Torch"]),
      CameraControl(
        id: .flashStrobe, name: "Strobe", kind: .button, minimum: 0, maximum: 0, step: 0,
        defaultValue: 0, value: 0),
      CameraControl(
        id: .flashTorchIntensity, name: "Torch Intensity", kind: .integer, minimum: 0,
        maximum: 100, step: 1, defaultValue: 50, value: 50),
    ]
    return try #require(FlashControls(controls))
  }

  /// Lights that the camera node's own controls drive.
  private func cameraLights() throws -> LightsWorker.Lights {
    var lights = LightsWorker.Lights()
    lights.canStrobe = true
    lights.canTorch = true
    lights.strobeControls = try flashControls()
    lights.torchControls = try flashControls()
    return lights
  }

  /// Lights on a flash sub-device, which the lights worker drives.
  private var subdeviceLights: LightsWorker.Lights {
    var lights = LightsWorker.Lights()
    lights.canStrobe = true
    lights.canTorch = true
    return lights
  }

  private func controller(settings: AppSettings = AppSettings()) -> CameraController {
    CameraController(device: webcam, cameras: [webcam], settings: settings)
  }

  @Test("the flash cycles off, on, auto and back, each choice told and saved")
  func flashModeCycles() {
    let controller = controller()
    #expect(controller.flashMode == .off)
    var seen: [PhotoController.FlashMode] = []
    for _ in 0..<3 {
      controller.handle(.cycleFlashMode, overlayTime: 0)
      seen.append(controller.flashMode)
      #expect(controller.drainEffects() == [.setFlashMode(controller.flashMode), .saveSettings])
      var settings = AppSettings()
      controller.store(into: &settings)
      #expect(settings.flashMode == controller.flashMode)
    }
    #expect(seen == [.on, .auto, .off])
    #expect(controller.overlayState().flashMode?.mode == .off)
  }

  @Test("the saved flash mode is the one in force at start, and none saved means off")
  func flashModeComesFromTheSettings() {
    var settings = AppSettings()
    settings.flashMode = .auto
    #expect(controller(settings: settings).flashMode == .auto)
    var stored = AppSettings()
    controller().store(into: &stored)
    #expect(stored.flashMode == nil)
  }

  @Test("a real camera's lights are looked for once its controls arrive; the simulated not")
  func lightsAreDiscoveredForRealCamerasOnly() throws {
    let controller = controller()
    let controls = try CameraControllerRig().camera.controls()
    controller.apply([.controlsChanged(controls)], overlayTime: 0)
    #expect(
      controller.drainEffects() == [
        .lights(.close), .setFlashSource(.screen),
        .lights(.discover(videoNode: "/dev/video0", controls: controls)),
      ])
    controller.apply([.controlsChanged(controls)], overlayTime: 0)
    #expect(controller.drainEffects().isEmpty)
    let rig = CameraControllerRig()
    try rig.open()
    #expect(!rig.effects.contains { if case .lights(.discover) = $0 { true } else { false } })
  }

  @Test("the camera's own flash fires through the capture thread: mode first, then strobe")
  func cameraFlashControlsFireInOrder() throws {
    let controller = controller()
    controller.apply(.found(try cameraLights()))
    #expect(controller.drainEffects() == [.setFlashSource(.led)])
    #expect(controller.overlayState().flashMode?.kind == .led)
    let now = MonotonicTime(nanoseconds: 5_000_000_000)
    controller.fireFlash(at: now)
    let batches = try flashControls().strobeBatches().map { batch in
      CameraControllerEffect.capture(.setControls(batch.map { ControlAssignment($0.0, $0.1) }))
    }
    let firing = FlashFiring(firedAt: now, duration: controller.lights.flashDuration)
    #expect(controller.drainEffects() == batches + [.flashFired(firing, problem: nil)])
  }

  @Test("a flash sub-device fires through the lights worker, whose answer reaches the photos")
  func subdeviceFlashFiresThroughTheWorker() {
    let controller = controller()
    controller.apply(.found(subdeviceLights))
    _ = controller.drainEffects()
    controller.fireFlash(at: .now())
    #expect(controller.drainEffects() == [.lights(.strobe)])
    controller.apply(.fired(nil, problem: "The flash is still charging."))
    #expect(
      controller.drainEffects() == [.flashFired(nil, problem: "The flash is still charging.")])
  }

  @Test("without a LED the flash fires nothing and the shot goes ahead unlit")
  func noLEDFiresNothing() {
    let controller = controller()
    controller.fireFlash(at: .now())
    #expect(controller.drainEffects() == [.flashFired(nil, problem: nil)])
    #expect(controller.flashSource == .screen)
  }

  @Test("without a LED the torch is the screen's ring light, told to the camera once")
  func screenTorchLightsTheRing() {
    let controller = controller()
    #expect(controller.screenLightChange(flash: false) == nil)
    controller.handle(.toggleTorch, overlayTime: 0)
    #expect(controller.isTorchOn)
    #expect(controller.drainEffects().isEmpty)
    #expect(controller.overlayState().torch == .init(kind: .screen, isOn: true))
    #expect(controller.screenLightChange(flash: false) == 1.0 / 3)
    #expect(controller.screenLightChange(flash: false) == nil)
    #expect(controller.screenLightChange(flash: true) == 1)
    controller.handle(.adjustTorch(by: -0.5), overlayTime: 0)
    #expect(controller.screenLightChange(flash: false) == 0.5 / 3)
    controller.handle(.toggleTorch, overlayTime: 0)
    #expect(controller.screenLightChange(flash: false) == 0)
  }

  @Test("the torch's strength stays between a tenth and full, and a lit LED follows it")
  func torchStrengthIsClampedAndFollowed() throws {
    let controller = controller()
    controller.apply(.found(try cameraLights()))
    controller.handle(.toggleTorch, overlayTime: 0)
    controller.handle(.adjustTorch(by: -5), overlayTime: 0)
    #expect(controller.torchStrength == 0.1)
    controller.handle(.adjustTorch(by: 5), overlayTime: 0)
    #expect(controller.torchStrength == 1)
    let writes = try flashControls().torchWrites(strength: 1)
    #expect(
      controller.drainEffects().last
        == .capture(.setControls(writes.map { ControlAssignment($0.0, $0.1) })))
    controller.handle(.toggleTorch, overlayTime: 0)
    #expect(
      controller.drainEffects()
        == [.capture(.setControls([ControlAssignment(.flashLEDMode, 0)]))])
  }

  @Test("a torch on a sub-device goes through the lights worker; one found late lights up")
  func subdeviceTorch() {
    let controller = controller()
    controller.handle(.toggleTorch, overlayTime: 0)
    #expect(controller.drainEffects().isEmpty)
    controller.apply(.found(subdeviceLights))
    #expect(controller.drainEffects() == [.setFlashSource(.led), .lights(.setTorch(strength: 1))])
    #expect(controller.overlayState().torch == .init(kind: .led, isOn: true))
    #expect(controller.screenLightChange(flash: false) == nil)
  }

  @Test("a torch the LED refuses goes off and says why")
  func torchFailureTurnsItOff() {
    let controller = controller()
    controller.apply(.found(subdeviceLights))
    controller.handle(.toggleTorch, overlayTime: 0)
    controller.apply(.torchFailed("The torch could not be turned on."))
    #expect(!controller.isTorchOn)
    #expect(controller.rejection == "The torch could not be turned on.")
  }

  @Test("switching cameras turns the torch off and gives the flash back to the screen")
  func switchingCamerasResetsTheLights() {
    let controller = controller()
    controller.apply(.found(subdeviceLights))
    controller.handle(.toggleTorch, overlayTime: 0)
    _ = controller.drainEffects()
    controller.open(webcam, notice: nil)
    #expect(!controller.isTorchOn)
    #expect(controller.flashSource == .screen)
    #expect(
      controller.drainEffects() == [.lights(.close), .setFlashSource(.screen), .saveSettings])
  }
}
