// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

/// The UVC 1.5 region of interest: a compound rectangle control and a bitmask written
/// together with one VIDIOC_S_EXT_CTRLS.
///
/// uvcvideo exposes the UVC Region of Interest control as two V4L2 controls:
/// `V4L2_CID_UVC_REGION_OF_INTEREST_RECT` (a `struct v4l2_rect` in sensor pixels, which it
/// equates with the pixels of the current stream) and `..._AUTO` (which automatic functions
/// use it). The camera receives both in one UVC SET_CUR, so they belong in one request; see
/// https://docs.kernel.org/userspace-api/media/drivers/uvcvideo.html.
extension V4L2Device {
  /// `V4L2_CTRL_TYPE_RECT` (Linux 6.12): a compound control holding one `struct v4l2_rect`.
  /// Debian 12's headers predate it.
  static let rectangleControlType: UInt32 = 0x0107

  /// Writes the region rectangle, clamped into the configured stream size, and the
  /// `automatic` bits (limited to those the camera lists) in one atomic VIDIOC_S_EXT_CTRLS
  /// with `which` = CUR_VAL, then returns the controls re-read from the driver.
  ///
  /// - Throws: `.controlNotSupported` when either control is missing or the rectangle is not
  ///   a RECT control; `.system(call: "VIDIOC_S_EXT_CTRLS", errno:)` when the driver refuses.
  ///
  /// Capture thread only.
  public func setRegionOfInterest(_ rectangle: PixelRectangle, automatic: RegionAutomation)
    throws(CaptureError) -> [CameraControl]
  {
    if controlState.descriptions == nil { _ = try controls() }
    guard let area = controlState.description(of: .regionOfInterestRect),
      area.type == V4L2Device.rectangleControlType
    else { throw .controlNotSupported(.regionOfInterestRect, device: info.path) }
    guard let bits = controlState.description(of: .regionOfInterestAuto), bits.isScalar else {
      throw .controlNotSupported(.regionOfInterestAuto, device: info.path)
    }
    let placed = configuration.map { rectangle.clamped(to: $0.mode.size) } ?? rectangle
    let mask = V4L2Device.driverValue(Int64(automatic.rawValue), for: bits.control)
    var payload = V4L2Device.rect(placed)
    try withUnsafeMutablePointer(to: &payload) { (pointer) throws(CaptureError) in
      var list = [
        V4L2Device.compoundControl(area, pointer), V4L2Device.extendedControl(bits, value: mask),
      ]
      try exchange(.setExtendedControls, &list)
    }
    return try controls()
  }

  /// The kernel's rectangle for `rectangle`; the fields are 32-bit, so values saturate.
  static func rect(_ rectangle: PixelRectangle) -> v4l2_rect {
    v4l2_rect(
      left: Int32(clamping: rectangle.left), top: Int32(clamping: rectangle.top),
      width: UInt32(clamping: rectangle.width), height: UInt32(clamping: rectangle.height))
  }

  /// A `v4l2_ext_control` for the compound `description` whose payload is `pointer`'s
  /// rectangle: `size` says how many bytes the driver copies from `ptr`.
  private static func compoundControl(
    _ description: V4L2ControlDescription, _ pointer: UnsafeMutablePointer<v4l2_rect>
  ) -> v4l2_ext_control {
    var control = v4l2_ext_control()
    control.id = description.control.id.rawValue
    control.size = UInt32(MemoryLayout<v4l2_rect>.size)
    control.ptr = UnsafeMutableRawPointer(pointer)
    return control
  }
}
