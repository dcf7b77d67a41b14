// SPDX-License-Identifier: MIT

/// What the shutter does: the Photo | Video switch beside it. More modes (a document scan) can
/// join; the switch shows every case in order.
public enum ShootingMode: String, Hashable, Sendable, CaseIterable {
  /// The shutter takes photos.
  case photo
  /// The shutter starts and stops a recording.
  case video

  /// The switch's label.
  public var label: String {
    switch self {
    case .photo: "Photo"
    case .video: "Video"
    }
  }

  /// The mode after this one, for the key that cycles through them (V).
  public var next: ShootingMode {
    let all = Self.allCases
    guard let index = all.firstIndex(of: self) else { return self }
    return all[(index + 1) % all.count]
  }
}
