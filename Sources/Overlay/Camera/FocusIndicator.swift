// SPDX-License-Identifier: MIT
import CameraModel

/// Where the camera is focusing and how far it got, for the focus reticle.
public struct FocusIndicator: Hashable, Sendable {
  /// How far the focus run got.
  public enum Phase: Hashable, Sendable {
    /// The lens is still moving; the reticle pulses.
    case searching
    /// Focus (and exposure) are held at the point; the reticle settles and fades, an "AF-L"
    /// badge stays.
    case locked
    /// The camera could not focus there; the reticle turns red and fades.
    case failed
  }

  /// The point in the video, normalised so (0, 0) is the top-left and (1, 1) the bottom-right
  /// of the picture as shown.
  public var position: Point
  /// How far the focus run got.
  public var phase: Phase
  /// When the phase began, on the clock of `OverlayInput.time`; animations count from it.
  public var startTime: Double

  /// Makes an indicator.
  public init(position: Point, phase: Phase, startTime: Double) {
    self.position = position
    self.phase = phase
    self.startTime = startTime
  }
}
