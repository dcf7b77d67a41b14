// SPDX-License-Identifier: MIT
import Metering

/// How a click-to-focus request is going: posted as `CaptureEvent.focus` when the search
/// starts, when it ends, and when the camera returns to focusing by itself.
public struct FocusReport: Hashable, Sendable {
  /// How the camera is focused on the clicked region.
  public enum Strategy: Hashable, Sendable {
    /// UVC 1.5 region of interest: the camera's own autofocus and exposure meter the region;
    /// Pinhole watches the region's sharpness to tell when the camera has settled.
    case regionOfInterest
    /// Pinhole moves `FOCUS_ABSOLUTE` itself, maximising the region's sharpness.
    case contrastDetect
    /// One autofocus scan of the camera's own (`AUTO_FOCUS_START`), wherever it looks.
    case autoFocusStart
    /// The camera has no focus control; only exposure (if any) follows the click.
    case none
  }

  /// Where the request stands.
  public enum Phase: Hashable, Sendable {
    /// The lens is searching (and exposure converging).
    case searching
    /// Focus is held at the best position found.
    case locked
    /// No sharpness peak was found (a featureless region) or the search ran too long; the
    /// lens went back to where it was. With a region of interest: the camera refused the
    /// region and no other strategy was left, or the region never settled within the frame
    /// limit (the camera then goes on focusing on it by itself).
    case failed
    /// The camera focuses and exposes by itself again.
    case continuous
  }

  /// The strategy in use.
  public var strategy: Strategy
  /// Where the request stands.
  public var phase: Phase
  /// Frames seen since the request, including those skipped while the lens travelled.
  public var framesTaken: Int
  /// The clicked region, in normalised image coordinates.
  public var region: RegionOfInterest
  /// True once exposure is held on the region (metered to mid-grey, then fixed; through the
  /// auto-exposure bias, the bias is fixed while the camera's auto exposure runs). Always
  /// false with a region of interest, whose metering the camera keeps doing by itself.
  public var exposureLocked: Bool

  /// Makes a report.
  public init(
    strategy: Strategy, phase: Phase, framesTaken: Int, region: RegionOfInterest,
    exposureLocked: Bool
  ) {
    self.strategy = strategy
    self.phase = phase
    self.framesTaken = framesTaken
    self.region = region
    self.exposureLocked = exposureLocked
  }

  /// One line for the terminal: "focus: contrast detect, locked after 17 frames; exposure
  /// locked".
  public var summary: String {
    let how: String
    switch strategy {
    case .regionOfInterest: how = "region of interest"
    case .contrastDetect: how = "contrast detect"
    case .autoFocusStart: how = "autofocus start"
    case .none: how = "no focus control"
    }
    let state: String
    switch phase {
    case .searching: state = "searching"
    case .locked: state = "locked"
    case .failed: state = "failed"
    case .continuous: state = "continuous"
    }
    let exposure = exposureLocked ? "exposure locked" : "exposure not locked"
    return "focus: \(how), \(state) after \(framesTaken) frames; \(exposure)"
  }
}
