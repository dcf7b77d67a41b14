// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Overlay
import Testing

@Suite("Camera controller: cameras, busy cameras and panels")
struct CameraControllerCamerasTests {
  private func webcam(_ number: Int) -> DeviceInfo {
    DeviceInfo(
      path: "/dev/video\(number)", name: "Webcam \(number)", driver: "uvcvideo",
      busInfo: "usb-\(number)", identity: "usb-\(number):webcam", kind: .v4l2)
  }

  @Test("a camera plugged in while only the fallback simulated camera shows opens at once")
  func newcomerReplacesTheFallback() {
    let controller = CameraController(
      device: CameraRoster.simulated, notice: CameraSelection.noCameraNotice, cameras: [],
      settings: AppSettings())
    controller.apply(.cameras([webcam(0)]))
    #expect(controller.drainEffects() == [.switchCamera(webcam(0))])
    #expect(controller.roster.cameras.map(\.identity).first == webcam(0).identity)
  }

  @Test("a camera plugged in while another camera shows is only listed")
  func newcomerIsListed() {
    let controller = CameraController(
      device: webcam(0), cameras: [webcam(0)], settings: AppSettings())
    controller.apply(.cameras([webcam(0), webcam(1)]))
    #expect(controller.drainEffects().isEmpty)
    #expect(controller.overlayState().cameras.count == 3)
    #expect(controller.overlayState().currentCameraIndex == 0)
  }

  @Test("a busy camera is looked up once, and its holders show only while it stays busy")
  func busyCameraIsLookedUpOnce() {
    let camera = webcam(0)
    let controller = CameraController(device: camera, cameras: [camera], settings: AppSettings())
    let busy = CameraState.failed(camera, .deviceBusy(device: camera.path))
    controller.apply([.stateChanged(busy)], overlayTime: 0)
    #expect(controller.drainEffects() == [.lookUpHolders(path: camera.path)])
    controller.apply([.stateChanged(.opening(camera)), .stateChanged(busy)], overlayTime: 0)
    #expect(controller.drainEffects().isEmpty)
    controller.apply(.holders(path: "/dev/video9", names: ["other"]))
    #expect(controller.model.heldBy == nil)
    controller.apply(.holders(path: camera.path, names: ["firefox"]))
    #expect(controller.model.heldBy == ["firefox"])
    controller.apply(.holders(path: camera.path, names: []))
    #expect(controller.model.heldBy == nil)
  }

  @Test("the camera button moves to the next camera; the menu picks one and closes")
  func switchingFromTheInterface() {
    let cameras = [webcam(0), webcam(1)]
    let controller = CameraController(device: cameras[0], cameras: cameras, settings: AppSettings())
    controller.handle(.nextCamera, overlayTime: 0)
    #expect(controller.drainEffects() == [.switchCamera(cameras[1])])
    controller.handle(.toggleCameraMenu, overlayTime: 0)
    #expect(controller.overlayState().isCameraMenuOpen)
    controller.handle(.selectCamera(2), overlayTime: 0)
    #expect(!controller.overlayState().isCameraMenuOpen)
    #expect(controller.drainEffects() == [.switchCamera(CameraRoster.simulated)])
    controller.handle(.selectCamera(7), overlayTime: 0)
    #expect(controller.drainEffects().isEmpty)
  }

  @Test("panels open and close, the settings panel scrolls, and code detection is passed on")
  func panels() {
    let controller = CameraController(
      device: webcam(0), cameras: [webcam(0)], settings: AppSettings())
    controller.handle(.toggleSettings, overlayTime: 0)
    controller.handle(.scrollSettings(by: 30), overlayTime: 0)
    controller.handle(.toggleHUD, overlayTime: 0)
    let state = controller.overlayState()
    #expect(state.isSettingsOpen)
    #expect(state.settingsOffset == 30)
    #expect(state.isHUDVisible)
    // No mode yet: no figures to show.
    #expect(state.hud == nil)
    controller.handle(.toggleCodeDetection, overlayTime: 0)
    #expect(controller.drainEffects() == [.toggleCodeDetection])
  }
}
