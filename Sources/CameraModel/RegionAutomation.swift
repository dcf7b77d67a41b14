// SPDX-License-Identifier: MIT

/// What a UVC 1.5 camera's automatic functions take from its region of interest: the bits of
/// `V4L2_CID_UVC_REGION_OF_INTEREST_AUTO` (`ControlID.regionOfInterestAuto`).
///
/// The values are `V4L2_UVC_REGION_OF_INTEREST_AUTO_*` from the kernel's `uvcvideo.h`
/// (Linux 6.12 and later), which mirror the bmAutoControls field of the UVC 1.5 Region of
/// Interest control; older kernel headers lack them, so they are spelled out here.
public struct RegionAutomation: OptionSet, Hashable, Sendable {
  /// The raw bitmask the control takes.
  public var rawValue: UInt32

  /// Makes a set from raw bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Auto exposure meters the region.
  public static let exposure = RegionAutomation(rawValue: 1 << 0)
  /// Auto iris meters the region.
  public static let iris = RegionAutomation(rawValue: 1 << 1)
  /// Auto white balance measures the region.
  public static let whiteBalance = RegionAutomation(rawValue: 1 << 2)
  /// Autofocus focuses on the region.
  public static let focus = RegionAutomation(rawValue: 1 << 3)
  /// Face detection looks in the region.
  public static let faceDetect = RegionAutomation(rawValue: 1 << 4)
  /// The camera detects an object in the region and follows it.
  public static let detectAndTrack = RegionAutomation(rawValue: 1 << 5)
  /// Image stabilisation keeps the region steady.
  public static let imageStabilization = RegionAutomation(rawValue: 1 << 6)
  /// Encoding spends more bits on the region.
  public static let higherQuality = RegionAutomation(rawValue: 1 << 7)
}
