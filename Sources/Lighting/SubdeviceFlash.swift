// SPDX-License-Identifier: MIT
import CameraModel
import Capture

/// A flash controller's V4L2 sub-device (`/dev/v4l-subdevN`), driven through its flash-class
/// controls.
///
/// The node stays open for the unit's lifetime: the kernel's LED flash glue
/// (`v4l2-flash-led-class`) turns the LED off when the last descriptor closes, which would end
/// a torch the moment it was switched on. While it is open the same LED's sysfs files are
/// locked, so discovery offers one or the other.
///
/// One thread only: the thread that opened it makes every call.
public final class SubdeviceFlash {
  /// The node ("/dev/v4l-subdev3").
  public let path: String
  /// The flash controls as last read.
  public private(set) var controls: FlashControls
  private let node: V4L2ControlNode

  /// Opens the node and reads its flash controls.
  ///
  /// - Throws: `.noFlashControls` when it has no LED mode control, `.control` when it cannot
  ///   be opened or read.
  public init(path: String, system: any V4L2System = KernelV4L2System()) throws(FlashError) {
    self.path = path
    let opened: V4L2ControlNode
    let described: [CameraControl]
    do {
      opened = try V4L2ControlNode(path: path, system: system)
      described = try opened.controls(ControlID.flashControls)
    } catch {
      throw .control(error)
    }
    guard let found = FlashControls(described) else {
      opened.close()
      throw .noFlashControls(device: path)
    }
    node = opened
    controls = found
  }

  /// Reads the controls again (the ready flag and the timeout change behind Pinhole's back).
  public func refresh() throws(FlashError) {
    do {
      if let found = FlashControls(try node.controls(ControlID.flashControls)) {
        controls = found
      }
    } catch {
      throw .control(error)
    }
  }

  /// Sets the torch to `strength` (0…1 of its intensity range; 0 is off).
  public func setTorch(strength: Double) throws(FlashError) {
    guard controls.canTorch else { throw .torchUnsupported }
    try write(controls.torchWrites(strength: strength))
  }

  /// Fires one flash: LED mode flash and software strobe source, then the strobe button.
  /// Returns when it was fired and how long it lasts (the timeout control, else
  /// `FlashUnit.defaultFlashDuration`).
  public func strobe() throws(FlashError) -> FlashFiring {
    guard controls.canStrobe else { throw .strobeUnsupported }
    let batches = controls.strobeBatches()
    var firedAt = MonotonicTime.now()
    for (index, batch) in batches.enumerated() {
      if index == batches.count - 1 { firedAt = MonotonicTime.now() }
      try write(batch)
    }
    let duration = controls.flashDuration ?? FlashUnit.defaultFlashDuration
    return FlashFiring(firedAt: firedAt, duration: duration)
  }

  /// Closes the node; the kernel then turns the LED off.
  public func close() { node.close() }

  private func write(_ changes: [(ControlID, Int64)]) throws(FlashError) {
    do {
      try node.set(changes)
    } catch {
      throw .control(error)
    }
  }
}
