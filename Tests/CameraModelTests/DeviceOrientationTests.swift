// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@Suite("Device orientation")
struct DeviceOrientationTests {
  @Test("iio-sensor-proxy's names map to the machine's clockwise turn; undefined is no news")
  func sensorProxyNames() {
    let names = ["normal", "left-up", "bottom-up", "right-up"]
    #expect(
      names.map { DeviceOrientation(sensorProxyName: $0)?.clockwiseQuarterTurns } == [0, 1, 2, 3])
    #expect(DeviceOrientation(sensorProxyName: "undefined") == nil)
    #expect(DeviceOrientation(sensorProxyName: "") == nil)
    #expect(DeviceOrientation(sensorProxyName: "Left-Up") == nil)
  }

  @Test("a camera looking away turns with the machine; one facing the user turns back")
  func pictureTurnsByFacing() {
    let away = DeviceOrientation.allCases.map { $0.pictureQuarterTurns(cameraFacesUser: false) }
    let facing = DeviceOrientation.allCases.map { $0.pictureQuarterTurns(cameraFacesUser: true) }
    // normal, left-up (machine turned a quarter clockwise), bottom-up, right-up.
    #expect(away == [0, 1, 2, 3])
    #expect(facing == [0, 3, 2, 1])
  }

  @Test("R's turns add to the device's, wrapping at a full turn; none while not followed")
  func userTurnsAddToDeviceTurns() {
    for user in -5...9 {
      for device in 0..<4 {
        let combined = DeviceOrientation.combinedQuarterTurns(userTurns: user, deviceTurns: device)
        #expect(combined == (((user + device) % 4) + 4) % 4, "user \(user) device \(device)")
        #expect((0..<4).contains(combined))
      }
      #expect(
        DeviceOrientation.combinedQuarterTurns(userTurns: user, deviceTurns: nil)
          == ((user % 4) + 4) % 4)
    }
    #expect(DeviceOrientation.combinedQuarterTurns(userTurns: 3, deviceTurns: 1) == 0)
    #expect(DeviceOrientation.combinedQuarterTurns(userTurns: Int.max, deviceTurns: Int.max) == 2)
  }
}
