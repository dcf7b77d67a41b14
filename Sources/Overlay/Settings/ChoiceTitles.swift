// SPDX-License-Identifier: MIT
import CameraModel
import Localization

// The settings panel's names of the photo and video choices, in the user's language. The
// models' own `title` stays English: the photo quality's is written into EXIF.

extension PhotoQuality {
  /// "Speed", "Balanced", "Quality" in the user's language.
  var settingsTitle: String {
    switch self {
    case .speed: tr("Speed")
    case .balanced: tr("Balanced")
    case .quality: tr("Quality")
    }
  }
}

extension VideoQuality {
  /// "High", "Standard", "Small" in the user's language.
  var settingsTitle: String {
    switch self {
    case .high: tr("High")
    case .standard: tr("Standard")
    case .small: tr("Small")
    }
  }
}

extension VideoSizeLimit {
  /// "Camera's", "1080p", "720p", "480p", the first in the user's language.
  var settingsTitle: String {
    lines == nil ? tr("Camera's") : title
  }
}
