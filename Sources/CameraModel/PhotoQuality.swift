// SPDX-License-Identifier: MIT

/// How much work a photo gets: one frame at once, or a burst merged for less noise.
public enum PhotoQuality: String, CaseIterable, Hashable, Sendable, Codable {
  /// The frame on screen at the shutter (zero shutter lag), as it is.
  case speed
  /// The last 4 frames merged: no wait, about half the noise.
  case balanced
  /// 8 frames merged: the least noise, at the cost of a moment's processing.
  case quality

  /// Frames that go into one photo.
  public var frameCount: Int {
    switch self {
    case .speed: 1
    case .balanced: 4
    case .quality: 8
    }
  }

  /// The name shown in the settings and written to the photo: "Speed", "Balanced", "Quality".
  public var title: String {
    switch self {
    case .speed: "Speed"
    case .balanced: "Balanced"
    case .quality: "Quality"
    }
  }

  /// The next setting, for a control that steps through them: Speed, Balanced, Quality, Speed.
  public var next: PhotoQuality {
    switch self {
    case .speed: .balanced
    case .balanced: .quality
    case .quality: .speed
    }
  }

  /// What the photo's EXIF ImageDescription says about how it was made: "Pinhole: 4 frames
  /// merged, Balanced", or "Pinhole: 1 frame, Speed".
  public func photoDescription(framesMerged: Int) -> String {
    framesMerged > 1
      ? "Pinhole: \(framesMerged) frames merged, \(title)" : "Pinhole: 1 frame, \(title)"
  }
}
