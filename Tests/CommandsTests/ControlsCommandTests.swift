// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Testing

@testable import Commands

@Suite struct ControlsCommandTests {
  func settings(_ texts: String...) -> [ControlSetting] {
    texts.compactMap { ControlSetting(parsing: $0) }
  }

  func device() throws -> (V4L2Device, FakeControlKernel) {
    let kernel = FakeControlKernel()
    return (try V4L2Device(path: "/dev/video0", system: kernel), kernel)
  }

  @Test func listsControlsLikeV4L2Ctl() throws {
    let (device, _) = try device()
    let text = ControlListing.text(try device.controls())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "User Controls")
    #expect(
      lines.contains(
        "                     brightness 0x00980900 (int)    : min=0 max=255 step=1 "
          + "default=128 value=128 flags=slider"))
    #expect(
      lines.contains(
        "                 gain_automatic 0x00980912 (bool)   : default=0 value=0 flags=update"))
    #expect(
      lines.contains("                         button 0x0098f901 (button) : flags=write-only"))
    #expect(
      lines.contains(
        "                        bitmask 0x0098f908 (bitmask): max=0x00000f0f "
          + "default=0x00000101 value=0x00000101"))
    #expect(lines.contains("Camera Controls"))
    #expect(
      lines.contains(
        "                  auto_exposure 0x009a0901 (menu)   : min=0 max=3 default=3 value=3 "
          + "(Aperture Priority Mode) flags=update"))
    #expect(lines.contains("\t\t\t\t1: Manual Mode"))
    #expect(lines.contains("\t\t\t\t3: -8000 (0xffffffffffffe0c0)"))
    #expect(lines.contains("\t\t\t\t1: 2000 (0x7d0)"))
    #expect(lines.contains { $0.contains("focus_absolute") && $0.hasSuffix("flags=inactive") })
  }

  @Test func appliesSettingsByNameInOneRequestBeforeListing() throws {
    let (device, kernel) = try device()
    let command = ControlsCommand(
      settings: settings(
        "focus_automatic_continuous=off", "Focus, Absolute=120", "auto_exposure=manual mode",
        "brightness=0x20", "integer_menu=-8000"))
    let controls = try command.apply(to: device)
    #expect(kernel.writes.count == 1)
    // Automatic-mode switches go first (focus auto off, exposure manual), then the values.
    #expect(kernel.writes.first?.map(\.value) == [0, 1, 120, 32, 3])
    #expect(controls.first { $0.id == .focusAbsolute }?.value == 120)
  }

  @Test func anUnknownNameIsASentenceNamingTheKnownOnes() throws {
    let (device, kernel) = try device()
    let command = ControlsCommand(settings: settings("zoom=2"))
    #expect {
      _ = try command.apply(to: device)
    } throws: { error in
      guard case .unknownControl(let name, let known) = error as? ControlSettingError else {
        return false
      }
      return name == "zoom" && known.contains("focus_absolute")
    }
    #expect(kernel.writes.isEmpty)
  }

  @Test(arguments: [
    ("brightness=300", "brightness cannot be set to '300': it is out of range (0…255)."),
    (
      "brightness=-9223372036854775808",
      "brightness cannot be set to '-9223372036854775808': it is out of range (0…255)."
    ),
    (
      "brightness=99999999999999999999",
      "brightness cannot be set to '99999999999999999999': it is out of range (0…255)."
    ),
    ("brightness=bright", "brightness cannot be set to 'bright'; expected a whole number."),
    (
      "auto_exposure=2",
      "auto_exposure cannot be set to '2'; expected one of 1 (Manual Mode), "
        + "3 (Aperture Priority Mode)."
    ),
    (
      "gain_automatic=maybe",
      "gain_automatic cannot be set to 'maybe'; expected 0 or 1 (off or on)."
    ),
    ("string=abc", "string can be read but not set."),
  ])
  func badValuesAreRefusedBeforeTheDriverSeesThem(_ text: String, _ sentence: String) throws {
    let (device, kernel) = try device()
    let command = ControlsCommand(settings: settings(text))
    #expect {
      _ = try command.apply(to: device)
    } throws: { error in
      (error as? ControlSettingError)?.userMessage == sentence
    }
    #expect(kernel.writes.isEmpty)
  }

  @Test func aValueTheDriverRefusesIsASentenceToo() throws {
    let (device, _) = try device()
    let command = ControlsCommand(settings: settings("focus_absolute=100"))
    #expect {
      _ = try command.apply(to: device)
    } throws: { error in
      guard let error = error as? ControlSettingError, case .rejected(let names, _) = error else {
        return false
      }
      return names == ["focus_absolute"] && error.userMessage.contains("automatic mode off")
    }
  }

  @Test func runOpensListsAndClosesTheCamera() {
    let camera = FakeCamera()
    let result = ControlsCommand().run(
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() })
    #expect(result == .success("The camera has no controls."))
    #expect(camera.openDeviceCount == 0)
  }

  @Test func applyingToACameraWithoutControlsFails() {
    let camera = FakeCamera()
    let result = ControlsCommand(settings: settings("brightness=1")).apply(
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() })
    #expect(result == .failure(.unknownControl(name: "brightness", known: [])))
  }

  @Test func nothingToSetDoesNotOpenTheCamera() {
    let camera = FakeCamera()
    let result = ControlsCommand().apply(
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() })
    #expect(result == .success([]))
    #expect(camera.openCount == 0)
  }

  @Test func aCameraThatWillNotOpenIsReported() {
    var script = FakeCamera.Script()
    script.openFailures = [.deviceBusy(device: "/dev/video-fake")]
    let camera = FakeCamera(script: script)
    let result = ControlsCommand().run(
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() })
    #expect(result == .failure(.camera(.deviceBusy(device: "/dev/video-fake"))))
  }
}
