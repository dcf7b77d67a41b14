// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@testable import AppCore

/// What the settings panel says about the controls a PipeWire node does not pass on.
@Suite struct ControlsNoteTests {
  static let node = DeviceInfo(
    path: "pipewire:v4l2_input.cam", name: "Cam", driver: "pipewire", busInfo: "",
    kind: .pipewire)

  static func control(_ id: ControlID) -> CameraControl {
    CameraControl(
      id: id, name: "\(id)", kind: .integer, minimum: 0, maximum: 10, step: 1, defaultValue: 5,
      value: 5)
  }

  @Test func aNodeWithoutControlsSaysItOffersNone() {
    #expect(
      ControlsNote.text(for: Self.node, controls: [])
        == "This camera offers no controls through PipeWire.")
  }

  @Test func theFeaturesWithoutTheirControlsAreNamed() {
    let text = ControlsNote.text(for: Self.node, controls: [Self.control(.brightness)])
    #expect(text == "Not offered through PipeWire: focus, exposure, white balance.")
    let all = [
      Self.control(.brightness), Self.control(.focusAbsolute), Self.control(.exposureAuto),
      Self.control(ControlID(rawValue: 0x0098_090c)),
    ]
    #expect(ControlsNote.text(for: Self.node, controls: all) == "")
  }

  @Test func aV4L2CameraHasNoNote() {
    let device = DeviceInfo(path: "/dev/video0", name: "Cam", driver: "uvcvideo", busInfo: "")
    #expect(ControlsNote.text(for: device, controls: []) == "")
  }
}
