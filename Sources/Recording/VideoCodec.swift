// SPDX-License-Identifier: MIT

/// How the picture is stored.
public enum VideoCodec: String, Hashable, Sendable, CaseIterable {
  /// H.264 through libx264, from the NV12 frames, in fragmented MP4 with AAC sound.
  case h264
  /// The camera's own JPEG frames, stored as they came (Huffman tables added), in Matroska.
  case mjpeg

  /// The file extension of the container this codec is written in by default.
  public var defaultFileExtension: String {
    switch self {
    case .h264: "mp4"
    case .mjpeg: "mkv"
    }
  }
}
