// SPDX-License-Identifier: MIT
import CameraModel

/// What a JPEG's frame header says about the image, read without decoding any pixels.
public struct JPEGHeader: Hashable, Sendable {
  /// Image size in pixels.
  public var size: FrameSize
  /// Chroma layout.
  public var subsampling: JPEGSubsampling
}
