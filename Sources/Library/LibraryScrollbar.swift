// SPDX-License-Identifier: MIT
import CameraModel

/// The grid's scrollbar: where its thumb sits for a scroll offset, and the offset a dragged
/// thumb asks for. Works in any unit, as long as the track, the content and the viewport share
/// it.
public struct LibraryScrollbar: Hashable, Sendable {
  /// The shortest thumb, so a long library still has one to grab.
  public static let minimumThumb = 24.0

  /// The track's length.
  public var track: Double
  /// The content's length.
  public var content: Double
  /// The viewport's length.
  public var viewport: Double

  /// Makes a scrollbar.
  public init(track: Double, content: Double, viewport: Double) {
    self.track = max(track, 0)
    self.content = max(content, 0)
    self.viewport = max(viewport, 0)
  }

  /// True when the content is longer than the viewport, so there is something to scroll.
  public var isScrollable: Bool { content > viewport && track > 0 }

  /// The thumb's length.
  public var thumbLength: Double {
    guard isScrollable else { return track }
    return min(max(track * viewport / content, Self.minimumThumb), track)
  }

  /// Where the thumb starts along the track for `offset`.
  public func thumbStart(offset: Double) -> Double {
    guard isScrollable else { return 0 }
    let fraction = min(max(offset / (content - viewport), 0), 1)
    return fraction * (track - thumbLength)
  }

  /// The offset for a thumb starting at `start` along the track.
  public func offset(thumbStart start: Double) -> Double {
    guard isScrollable, track > thumbLength, start.isFinite else { return 0 }
    let fraction = min(max(start / (track - thumbLength), 0), 1)
    return fraction * (content - viewport)
  }
}
