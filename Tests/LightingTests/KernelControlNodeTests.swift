// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Lighting
import Testing

/// The control-only node on the real kernel, without libv4l2 (which refuses nodes that do not
/// answer VIDIOC_QUERYCAP, as sub-devices do).
@Suite("Control nodes on the kernel")
struct KernelControlNodeTests {
  /// /dev/null answers no V4L2 request at all, as a node without controls would: opening it
  /// succeeds, the control lookup finds nothing, and the flash is refused.
  @Test func aNodeWithoutCapabilitiesOpensAndHasNoFlash() throws {
    let node = try V4L2ControlNode(path: "/dev/null")
    #expect(try node.controls([.flashLEDMode, .brightness]).isEmpty)
    node.close()
    #expect(throws: FlashError.noFlashControls(device: "/dev/null")) {
      try SubdeviceFlash(path: "/dev/null")
    }
  }

  /// Runs where a camera exists (the vivid VM): its controls read through the plain kernel
  /// path as through libv4l2.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/video0")))
  func readsACamerasControlsWithoutLibV4L2() throws {
    let node = try V4L2ControlNode(path: "/dev/video0")
    let controls = try node.controls([.brightness, .flashLEDMode])
    let brightness = try #require(controls.first)
    #expect(controls.count == 1 && brightness.id == .brightness)
    #expect((brightness.minimum...brightness.maximum).contains(brightness.value))
    try node.set([(.brightness, brightness.minimum)])
    #expect(try node.controls([.brightness]).first?.value == brightness.minimum)
  }
}
