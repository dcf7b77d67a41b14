// SPDX-License-Identifier: MIT
import Localization

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
    case .photo: tr("Photo")
    case .video: tr("Video")
    }
  }
}

/// A segment of the mode switch above the shutter: the two shooting modes and the scan mode.
/// Scanning is its own interface (ScanOverlay), so it is a segment here but not a shooting mode.
enum ModeSegment: Hashable, CaseIterable {
  case photo, video, scan

  /// The segment's label.
  var label: String {
    switch self {
    case .photo: tr("Photo")
    case .video: tr("Video")
    case .scan: tr("Scan")
    }
  }

  /// The segment showing as current in `state`.
  static func current(in state: OverlayState) -> ModeSegment {
    if state.scan.mode == .scan { return .scan }
    return state.recording.mode == .video ? .video : .photo
  }

  /// The intents that make this segment current from `state`.
  func intents(from state: OverlayState) -> [OverlayAction] {
    let isScanning = state.scan.mode == .scan
    switch self {
    case .scan:
      return isScanning ? [] : [.scan(.toggleMode)]
    case .photo, .video:
      let wanted: ShootingMode = self == .photo ? .photo : .video
      var intents: [OverlayAction] = isScanning ? [.scan(.toggleMode)] : []
      if wanted != state.recording.mode { intents.append(.recording(.setMode(wanted))) }
      return intents
    }
  }
}
