// SPDX-License-Identifier: MIT

/// How much a recording is compressed: the settings panel's "Video quality".
public enum VideoQuality: String, CaseIterable, Hashable, Sendable, Codable {
  /// Close to the camera's picture; the largest files.
  case high
  /// Clean for a webcam's picture at about half High's size.
  case standard
  /// Visibly softer, about half Standard's size: for long recordings.
  case small

  /// x264's constant rate factor: each 6 up halves the bit rate, roughly.
  public var constantRateFactor: Int {
    switch self {
    case .high: 18
    case .standard: 23
    case .small: 28
    }
  }

  /// The name shown in the settings: "High", "Standard", "Small".
  public var title: String {
    switch self {
    case .high: "High"
    case .standard: "Standard"
    case .small: "Small"
    }
  }

  /// The next setting, for a line that steps through them: High, Standard, Small, High.
  public var next: VideoQuality {
    switch self {
    case .high: .standard
    case .standard: .small
    case .small: .high
    }
  }
}

/// The largest picture a recording keeps: the settings panel's "Video size". A camera whose
/// picture is larger is scaled down (aspect kept) before encoding; a smaller one is recorded
/// as it is.
public enum VideoSizeLimit: String, CaseIterable, Hashable, Sendable, Codable {
  /// The camera's picture, whatever its size.
  case camera
  /// At most 1080 lines.
  case lines1080
  /// At most 720 lines.
  case lines720
  /// At most 480 lines.
  case lines480

  /// The most lines kept; nil for the camera's own.
  public var lines: Int? {
    switch self {
    case .camera: nil
    case .lines1080: 1080
    case .lines720: 720
    case .lines480: 480
    }
  }

  /// The command line's word: "camera", "1080p", "720p", "480p".
  public var option: String {
    lines.map { "\($0)p" } ?? "camera"
  }

  /// The name shown in the settings: "Camera's", "1080p", "720p", "480p".
  public var title: String {
    lines.map { "\($0)p" } ?? "Camera's"
  }

  /// The next setting, for a line that steps through them.
  public var next: VideoSizeLimit {
    switch self {
    case .camera: .lines1080
    case .lines1080: .lines720
    case .lines720: .lines480
    case .lines480: .camera
    }
  }

  /// The size a camera picture of `size` is recorded at: `size` itself when it has no more
  /// lines than the limit, else scaled to the limit's lines with its aspect kept, both sides
  /// even (as 4:2:0 needs) and at least 2.
  public func recordedSize(for size: FrameSize) -> FrameSize {
    guard let lines, size.width > 0, size.height > lines else { return size }
    let width = Double(size.width) * Double(lines) / Double(size.height)
    let even = { (value: Double) in max(2, Int((value / 2).rounded()) * 2) }
    return FrameSize(width: even(width), height: even(Double(lines)))
  }
}
