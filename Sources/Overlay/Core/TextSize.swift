// SPDX-License-Identifier: MIT
import Localization

/// How large the overlay's text is drawn, on top of the desktop's scale: the settings panel's
/// "Text size". Layout measures text at this size, so rows and pills grow with it.
public enum TextSize: String, CaseIterable, Hashable, Sendable, Codable {
  /// 0.85 times the normal size.
  case small
  /// The normal size.
  case normal
  /// 1.25 times the normal size.
  case large
  /// 1.5 times the normal size.
  case larger

  /// The factor text sizes are multiplied by.
  public var factor: Double {
    switch self {
    case .small: 0.85
    case .normal: 1
    case .large: 1.25
    case .larger: 1.5
    }
  }

  /// The name the settings panel shows.
  public var title: String {
    switch self {
    case .small: tr("Small")
    case .normal: tr("Normal")
    case .large: tr("Large")
    case .larger: tr("Larger")
    }
  }

  /// The size after this one, wrapping from Larger to Small.
  public var next: TextSize {
    let all = Self.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }
}
