// SPDX-License-Identifier: MIT

/// Why EXIF could not be added to a photo. The photo itself can still be saved without it.
public enum EXIFError: Error, Equatable, Sendable {
  /// The bytes do not start with a JPEG start-of-image marker (FF D8).
  case notJPEG
  /// A marker segment's length runs past the end of the data.
  case malformedSegment(offset: Int)
  /// libexif could not allocate or serialise the block.
  case encodingFailed
  /// The EXIF block exceeds the 65,533 bytes one APP1 segment can hold.
  case segmentTooLarge(bytes: Int)
}
