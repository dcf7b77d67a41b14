// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

@Suite("Camera interface goldens")
struct CameraGoldenTests {
  private let golden = GoldenAssertion()

  private func check(
    _ name: String, _ state: OverlayState, scale: Double = 1, time: Double = 0,
    pointer: Point? = nil
  ) throws {
    let frame = CameraScene.frame(state, scale: scale, time: time, pointer: pointer)
    let image = CameraScene.render(frame.commands, scale: scale)
    try golden.verify(image, named: "camera-" + name)
    try golden.verify(
      text: frame.commands.map(\.description).joined(separator: "\n") + "\n",
      named: "camera-" + name + ".commands")
  }

  @Test func settingsPanelListsModeAndGroupedControls() throws {
    try check("settings", CameraScene.settingsState(), pointer: Point(x: 560, y: 258))
  }

  @Test func settingsPanelScrolledShowsLaterControlsAndIndicator() throws {
    try check("settingsScrolled", CameraScene.settingsState(offset: 400))
  }

  @Test func settingsPanelOnHiDPIScalesWithPixelScale() throws {
    try check("settingsHiDPI", CameraScene.settingsState(scale: 2), scale: 2)
  }
}
