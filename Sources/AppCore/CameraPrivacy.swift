// SPDX-License-Identifier: MIT

/// The privacy rule: the camera streams only while someone can see what it shows. While the
/// window is minimised or hidden the camera is closed, so its light goes off, and it opens again
/// when the window shows. A recording keeps it open (closing it would cut the video short), and
/// so do `--keep-camera-open` and the setting "Keep the camera on when hidden".
///
/// A pure value; the render loop feeds it the window's state each iteration. Main thread.
public struct CameraPrivacy: Hashable, Sendable {
  /// What to do with the camera after an update.
  public enum Change: Hashable, Sendable {
    /// Stop streaming and close the device.
    case closeCamera
    /// Open the camera again and stream.
    case reopenCamera
  }

  /// `--keep-camera-open` or the setting: never close the camera for a hidden window.
  public var keepsCameraOpen: Bool
  /// True while the rule has the camera closed.
  public private(set) var isCameraClosed = false

  /// Makes the rule; the camera starts open.
  public init(keepsCameraOpen: Bool = false) {
    self.keepsCameraOpen = keepsCameraOpen
  }

  /// Whether the camera should be open for a window in this state.
  public static func wantsCamera(isWindowVisible: Bool, isRecording: Bool, keepsCameraOpen: Bool)
    -> Bool
  {
    isWindowVisible || isRecording || keepsCameraOpen
  }

  /// Follows the window's state; returns the change to make, if any.
  public mutating func update(isWindowVisible: Bool, isRecording: Bool) -> Change? {
    let wanted = Self.wantsCamera(
      isWindowVisible: isWindowVisible, isRecording: isRecording,
      keepsCameraOpen: keepsCameraOpen)
    switch (wanted, isCameraClosed) {
    case (false, false):
      isCameraClosed = true
      return .closeCamera
    case (true, true):
      isCameraClosed = false
      return .reopenCamera
    default:
      return nil
    }
  }
}
