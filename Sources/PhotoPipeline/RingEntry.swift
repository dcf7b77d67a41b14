// SPDX-License-Identifier: MIT
import CameraModel

/// One frame remembered by `FrameRing`: what was on screen, and from when.
///
/// MJPEG frames are remembered as the camera's own JPEG bytes (a few hundred kilobytes); raw
/// frames as the pool's NV12 frame itself, which the ring owns until it evicts or hands it out.
/// Not `Sendable`: a raw entry carries its frame, and moves between threads only `sending`.
public struct RingEntry {
  /// The pixels of a remembered frame.
  public enum Content {
    /// A pool frame; whoever takes the entry must give it back to the pool when done.
    case raw(NV12Frame)
    /// The camera's compressed bytes (a JPEG, possibly without Huffman tables).
    case compressed([UInt8])
  }

  /// The pixels.
  public var content: Content
  /// Frame size in pixels.
  public var size: FrameSize
  /// The capture facts of the frame (sequence, capture time, colorimetry).
  public var metadata: FrameMetadata
  /// When the frame went on screen.
  public var presentedAt: MonotonicTime

  /// Makes an entry.
  public init(
    content: Content, size: FrameSize, metadata: FrameMetadata, presentedAt: MonotonicTime
  ) {
    self.content = content
    self.size = size
    self.metadata = metadata
    self.presentedAt = presentedAt
  }

  /// The pool frame inside a raw entry; nil for compressed ones.
  public var rawFrame: NV12Frame? {
    if case .raw(let frame) = content { return frame }
    return nil
  }
}
