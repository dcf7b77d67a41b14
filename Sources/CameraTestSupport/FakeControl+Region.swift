// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

/// Controls of cameras that focus and expose by themselves: a UVC 1.5 region of interest and
/// a sensor driver's auto-exposure bias.
extension FakeControl {
  /// uvcvideo's two region-of-interest controls: the rectangle (a RECT compound control,
  /// 16 bytes of `v4l2_rect`, starting as the whole of a 640x480 stream) and the bitmask of
  /// automatic functions that use it (all eight UVC bits valid, auto exposure by default).
  public static var regionOfInterest: [FakeControl] {
    var rectangle = FakeControl(
      0x0098_1ae1, "Region of Interest Rectangle", type: FakeControl.rectangleType)
    let whole = PixelRectangle(covering: FrameSize(width: 640, height: 480))
    rectangle.payload = FakeControl.bytes(of: whole)
    return [
      rectangle,
      FakeControl(
        0x0098_1ae2, "Region of Interest Auto Ctrls", type: V4L2_CTRL_TYPE_BITMASK,
        range: 0...0xff, step: 0, defaultValue: 0x01),
    ]
  }

  /// `AUTO_EXPOSURE_BIAS` as an integer menu of 1/3-EV levels from -2 to +2 EV (in 1/1000 EV,
  /// as sensor drivers give it), at 0 EV (index 6) by default.
  public static var exposureBiasMenu: FakeControl {
    let levels: [Int64] = [
      -2000, -1667, -1333, -1000, -667, -333, 0, 333, 667, 1000, 1333, 1667, 2000,
    ]
    var menu: [Int64: String] = [:]
    for (index, level) in levels.enumerated() { menu[Int64(index)] = String(level) }
    return FakeControl(
      0x009a_0913, "Auto Exposure, Bias", type: V4L2_CTRL_TYPE_INTEGER_MENU,
      range: 0...Int64(levels.count - 1), defaultValue: 6, menu: menu)
  }

  /// A webcam that focuses and meters by itself: the auto-exposure menu, continuous
  /// autofocus, manual focus, and the region of interest; no exposure time or gain.
  public static var regionOfInterestWebcam: [FakeControl] {
    let keep: Set<UInt32> = [0x009a_0001, 0x009a_0901, 0x009a_090a, 0x009a_090c]
    return webcam.filter { keep.contains($0.id) } + regionOfInterest
  }

  /// The bytes of `rectangle` as a `struct v4l2_rect`.
  public static func bytes(of rectangle: PixelRectangle) -> [UInt8] {
    var rect = v4l2_rect(
      left: Int32(rectangle.left), top: Int32(rectangle.top), width: UInt32(rectangle.width),
      height: UInt32(rectangle.height))
    return withUnsafeBytes(of: &rect) { Array($0) }
  }

  /// The rectangle in `bytes` of a `struct v4l2_rect`; nil for any other length.
  public static func rectangle(in bytes: [UInt8]) -> PixelRectangle? {
    guard bytes.count == MemoryLayout<v4l2_rect>.size else { return nil }
    var rect = v4l2_rect()
    withUnsafeMutableBytes(of: &rect) { $0.copyBytes(from: bytes) }
    return PixelRectangle(
      left: Int(rect.left), top: Int(rect.top), width: Int(rect.width), height: Int(rect.height))
  }
}
