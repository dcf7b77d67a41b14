// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import DesktopBus
import MediaStore
import Overlay
import Testing

@Suite("Camera controller: the picture follows the machine's orientation")
struct CameraControllerOrientationTests {
  @Test("without a sensor nothing turns and neither the lock's switch nor its key exist")
  func noSensorChangesNothing() {
    let rig = CameraControllerRig()
    #expect(rig.controller.model.quarterTurns == 0)
    #expect(!rig.controller.overlayState().hasOrientationSensor)
  }

  @Test("each orientation turns the simulated camera's picture with the machine")
  func followsEachOrientation() {
    let rig = CameraControllerRig()
    var turns: [Int] = []
    for orientation in [DeviceOrientation.normal, .leftUp, .bottomUp, .rightUp, .normal] {
      rig.controller.deviceOrientationChanged(orientation)
      turns.append(rig.controller.model.quarterTurns)
    }
    #expect(turns == [0, 1, 2, 3, 0])
    #expect(rig.controller.overlayState().hasOrientationSensor)
  }

  @Test("a webcam facing the user turns the other way")
  func userFacingCameraTurnsBack() {
    var webcam = CameraControllerRig.simulatedDevice
    webcam.driver = "uvcvideo"
    let rig = CameraControllerRig(device: webcam)
    rig.controller.deviceOrientationChanged(.leftUp)
    #expect(rig.controller.model.quarterTurns == 3)
  }

  @Test("R adds its quarter turn to the device's, and keeps it when the machine turns")
  func rotateAddsToDevice() {
    let rig = CameraControllerRig()
    rig.controller.deviceOrientationChanged(.leftUp)
    rig.controller.handle(.rotate, overlayTime: 0)
    #expect(rig.controller.model.quarterTurns == 2)
    rig.controller.deviceOrientationChanged(.rightUp)
    #expect(rig.controller.model.quarterTurns == 0)
    rig.controller.deviceOrientationChanged(.normal)
    #expect(rig.controller.model.quarterTurns == 1)
  }

  @Test("the lock holds the picture still, is saved, and is read back")
  func lockHoldsStillAndIsSaved() throws {
    let rig = CameraControllerRig()
    rig.controller.deviceOrientationChanged(.leftUp)
    rig.controller.handle(.toggleOrientationLock, overlayTime: 0)
    try rig.run()
    #expect(rig.settings.locksOrientation)
    #expect(rig.controller.overlayState().isOrientationLocked)
    for orientation in DeviceOrientation.allCases {
      rig.controller.deviceOrientationChanged(orientation)
      #expect(rig.controller.model.quarterTurns == 0)
    }
    rig.controller.handle(.rotate, overlayTime: 0)
    #expect(rig.controller.model.quarterTurns == 1)
    let again = CameraControllerRig(settings: rig.settings)
    again.controller.deviceOrientationChanged(.bottomUp)
    #expect(again.controller.model.quarterTurns == 0)
    again.controller.handle(.toggleOrientationLock, overlayTime: 0)
    #expect(again.controller.model.quarterTurns == 2)
  }

  @Test("the device's turn survives switching to another camera")
  func survivesCameraSwitch() {
    let rig = CameraControllerRig()
    rig.controller.deviceOrientationChanged(.bottomUp)
    rig.controller.open(CameraControllerRig.simulatedDevice, notice: nil)
    #expect(rig.controller.model.quarterTurns == 2)
  }

  @Test("a saved photo's EXIF orientation is the device's turn plus R's")
  func photoOrientationComposes() {
    let fixture = ControllerFixture()
    let rig = CameraControllerRig()
    var orientations: [PhotoMetadata.Orientation] = []
    var shot: UInt32 = 0
    for rotations in 0..<2 {
      for orientation in [DeviceOrientation.normal, .leftUp, .bottomUp, .rightUp] {
        rig.controller.deviceOrientationChanged(orientation)
        fixture.controller.quarterTurns = rig.controller.model.quarterTurns
        shot += 1
        fixture.present(shot, atMilliseconds: 40 * UInt64(shot))
        fixture.controller.handle(.shutter, readAt: fixture.clock.now)
        orientations.append(fixture.writer.jobs.last?.orientation ?? .up)
        _ = fixture.controller.drainEffects()
      }
      if rotations == 0 { rig.controller.handle(.rotate, overlayTime: 0) }
    }
    #expect(orientations == [.up, .right, .down, .left, .right, .down, .left, .up])
  }

  @Test("a PropertiesChanged signal's orientation is read; other changes are not news")
  func readsPropertiesChanged() {
    func change(_ interface: String, _ values: [String: BusValue]) -> BusArguments {
      BusArguments([
        .string(interface), .options(values), .array(elementSignature: "s", []),
      ])
    }
    let sensor = SensorProxy.interface
    #expect(
      SensorProxy.orientation(
        inChange: change(sensor, ["AccelerometerOrientation": .string("left-up")])) == .leftUp)
    #expect(
      SensorProxy.orientation(
        inChange: change(sensor, ["AccelerometerOrientation": .string("undefined")])) == nil)
    #expect(
      SensorProxy.orientation(inChange: change(sensor, ["LightLevel": .double(3)])) == nil)
    #expect(
      SensorProxy.orientation(
        inChange: change("other.Interface", ["AccelerometerOrientation": .string("left-up")]))
        == nil)
    #expect(
      SensorProxy.orientation(
        inChange: change(sensor, ["AccelerometerOrientation": .uint32(1)])) == nil)
    #expect(SensorProxy.orientation(inChange: BusArguments([.string(sensor)])) == nil)
  }
}
