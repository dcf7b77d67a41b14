// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Localization
import MediaStore
import Overlay

#if canImport(Glibc)
  import Glibc
#endif

/// What Pinhole remembers between runs: the last camera, the shutter sound, the self-timer and
/// per-camera control values. Stored as JSON in `$XDG_CONFIG_HOME/pinhole/settings.json`
/// (default `~/.config/pinhole`), replaced atomically (temporary file, then rename).
public struct AppSettings: Codable, Hashable, Sendable {
  /// Identity of the camera used last.
  public var lastCameraIdentity: String?
  /// True when the shutter sound is off.
  public var isMuted = false
  /// Self-timer delay in seconds (0, 3 or 10).
  public var timerSeconds = 0
  /// When the photo flash fires; nil until the user first chose (off).
  public var flashMode: PhotoController.FlashMode?
  /// Control values per camera identity, by control ID.
  public var controlValues: [String: [UInt32: Int64]] = [:]
  /// True when the viewfinder looks for QR codes and bar codes in photo mode too (off unless
  /// the user turned it on).
  public var detectsCodesInPhotoMode = false
  /// True when the rule-of-thirds grid is drawn over the picture.
  public var showsGrid = false
  /// The capture device recordings take their sound from; nil for the default input.
  public var microphoneName: String?
  /// True when recordings are made without sound.
  public var isMicrophoneMuted = false
  /// The exposure compensation per camera identity, in thirds of a stop (only cameras where
  /// it is not zero).
  public var exposureCompensation: [String: Int] = [:]
  /// True when the camera keeps streaming while the window is minimised or hidden.
  public var keepsCameraOpenWhenHidden = false
  /// How many frames the shutter merges into a photo (the settings panel's "Photo quality").
  public var photoQuality = PhotoQuality.speed
  /// The viewfinder aids that are on, and the zebras' level (all off by default).
  public var viewfinderAids = ViewfinderAidSettings()
  /// The folder photos are saved in, chosen in the settings; nil for the user's pictures
  /// folder's "Pinhole". `--output-dir` wins over it for one run.
  public var photoFolder: String?
  /// The folder recordings are saved in; nil for the user's videos folder's "Pinhole".
  public var videoFolder: String?
  /// How much recordings are compressed.
  public var videoQuality = VideoQuality.standard
  /// The most lines a recording keeps.
  public var videoSizeLimit = VideoSizeLimit.camera
  /// True when the picture stays as the camera gives it however the machine is held (off:
  /// with an orientation sensor, the picture follows the machine).
  public var locksOrientation = false
  /// How large the overlay's text is, on top of the desktop's scale.
  public var textSize = TextSize.normal
  /// Seconds the record button counts down before recording (0, 3 or 10).
  public var recordingCountdownSeconds = 0
  /// The microphone's gain in decibels (−12…+24; see `MicrophoneGain`).
  public var microphoneGainDecibels = 0

  /// Makes default settings.
  public init() {}

  private enum CodingKeys: String, CodingKey {
    case lastCameraIdentity, isMuted, timerSeconds, flashMode, controlValues
    case detectsCodesInPhotoMode, showsGrid, microphoneName, isMicrophoneMuted
    case exposureCompensation, keepsCameraOpenWhenHidden, photoQuality, viewfinderAids
    case photoFolder, videoFolder, videoQuality, videoSizeLimit
    case locksOrientation, textSize, recordingCountdownSeconds, microphoneGainDecibels
  }

  /// Reads settings JSON; any key may be missing (an older file, or one written by hand with
  /// only the keys someone wanted to set): each missing key takes its default. A key that is
  /// present with a value of the wrong type still makes the file damaged.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    lastCameraIdentity = try container.decodeIfPresent(String.self, forKey: .lastCameraIdentity)
    isMuted = try container.decodeIfPresent(Bool.self, forKey: .isMuted) ?? false
    timerSeconds = try container.decodeIfPresent(Int.self, forKey: .timerSeconds) ?? 0
    flashMode = try container.decodeIfPresent(PhotoController.FlashMode.self, forKey: .flashMode)
    controlValues =
      try container.decodeIfPresent([String: [UInt32: Int64]].self, forKey: .controlValues) ?? [:]
    detectsCodesInPhotoMode =
      try container.decodeIfPresent(Bool.self, forKey: .detectsCodesInPhotoMode) ?? false
    showsGrid = try container.decodeIfPresent(Bool.self, forKey: .showsGrid) ?? false
    microphoneName = try container.decodeIfPresent(String.self, forKey: .microphoneName)
    isMicrophoneMuted =
      try container.decodeIfPresent(Bool.self, forKey: .isMicrophoneMuted) ?? false
    exposureCompensation =
      try container.decodeIfPresent([String: Int].self, forKey: .exposureCompensation) ?? [:]
    keepsCameraOpenWhenHidden =
      try container.decodeIfPresent(Bool.self, forKey: .keepsCameraOpenWhenHidden) ?? false
    // An unknown name (a newer Pinhole's, or typed by hand) falls back to Speed.
    photoQuality =
      try container.decodeIfPresent(String.self, forKey: .photoQuality)
      .flatMap(PhotoQuality.init(rawValue:)) ?? .speed
    viewfinderAids =
      try container.decodeIfPresent(ViewfinderAidSettings.self, forKey: .viewfinderAids)
      ?? ViewfinderAidSettings()
    // Only absolute paths: a relative one would depend on where Pinhole was started.
    photoFolder = try container.decodeIfPresent(String.self, forKey: .photoFolder)
      .flatMap { $0.hasPrefix("/") ? $0 : nil }
    videoFolder = try container.decodeIfPresent(String.self, forKey: .videoFolder)
      .flatMap { $0.hasPrefix("/") ? $0 : nil }
    // Unknown names (a newer Pinhole's, or typed by hand) fall back to the defaults.
    videoQuality =
      try container.decodeIfPresent(String.self, forKey: .videoQuality)
      .flatMap(VideoQuality.init(rawValue:)) ?? .standard
    videoSizeLimit =
      try container.decodeIfPresent(String.self, forKey: .videoSizeLimit)
      .flatMap(VideoSizeLimit.init(rawValue:)) ?? .camera
    locksOrientation =
      try container.decodeIfPresent(Bool.self, forKey: .locksOrientation) ?? false
    // An unknown name (a newer Pinhole's, or typed by hand) falls back to Normal.
    textSize =
      try container.decodeIfPresent(String.self, forKey: .textSize)
      .flatMap(TextSize.init(rawValue:)) ?? .normal
    recordingCountdownSeconds =
      try container.decodeIfPresent(Int.self, forKey: .recordingCountdownSeconds) ?? 0
    microphoneGainDecibels =
      try container.decodeIfPresent(Int.self, forKey: .microphoneGainDecibels) ?? 0
  }

  /// The settings file for `environment`.
  public static func fileURL(environment: [String: String]) -> URL? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return URL(fileURLWithPath: config).appendingPathComponent("pinhole/settings.json")
    }
    guard let home = environment["HOME"] else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".config/pinhole/settings.json")
  }

  /// The self-timer delays the settings may hold; anything else in the file (a huge or negative
  /// number typed by hand) is clamped into this range where it is read.
  public static let timerSecondsRange = 0...10

  /// Reads the settings; defaults when the file is missing or unreadable (a damaged file must
  /// not stop the camera from opening). See `loadReporting(from:)` for what went wrong.
  public static func load(from url: URL?) -> AppSettings { loadReporting(from: url).settings }

  /// Reads the settings and says what was wrong with the file, if anything. A file that is not
  /// valid settings JSON is moved aside to `settings.json.bad` (or `.bad-2`, …, never over an
  /// earlier one) before the defaults are used, so the next save cannot overwrite it; a
  /// folder at the settings path is left alone and reported, since every save would fail.
  public static func loadReporting(from url: URL?) -> SettingsLoad {
    guard let url else { return SettingsLoad(settings: AppSettings(), problem: nil) }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      return SettingsLoad(settings: AppSettings(), problem: nil)
    }
    if isFolder.boolValue {
      return SettingsLoad(settings: AppSettings(), problem: .notAFile(url))
    }
    guard let data = try? Data(contentsOf: url) else {
      return SettingsLoad(settings: AppSettings(), problem: .unreadable(url))
    }
    guard let settings = decode(data) else {
      let kept = moveAside(url)
      return SettingsLoad(settings: AppSettings(), problem: .damaged(url, keptAs: kept))
    }
    return SettingsLoad(settings: settings, problem: nil)
  }

  /// The settings in `data` (a settings file's bytes), every number clamped into range; nil
  /// when the bytes are not settings JSON.
  public static func decode(_ data: Data) -> AppSettings? {
    guard var settings = try? JSONDecoder().decode(AppSettings.self, from: data) else {
      return nil
    }
    settings.clampToRanges()
    return settings
  }

  /// Brings every number read from the file into the range the app works with.
  mutating func clampToRanges() {
    timerSeconds = min(
      max(timerSeconds, Self.timerSecondsRange.lowerBound),
      Self.timerSecondsRange.upperBound)
    recordingCountdownSeconds = RecordingController.countdownChoice(recordingCountdownSeconds)
    microphoneGainDecibels = MicrophoneGain(decibels: microphoneGainDecibels).decibels
  }

  /// Renames the damaged file to the first free `NAME.bad`, `NAME.bad-2`, …; nil when it could
  /// not be moved.
  private static func moveAside(_ url: URL) -> URL? {
    let placed = try? FreeName(.firstFree(attempts: 100)).move(url.path) { attempt in
      url.path + (attempt == 1 ? ".bad" : ".bad-\(attempt)")
    }
    return placed.map { URL(fileURLWithPath: $0) }
  }

  /// Writes the settings atomically; answers false when the folder cannot be written.
  @discardableResult
  public func save(to url: URL?) -> Bool {
    guard let url else { return false }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(self).write(to: url, options: .atomic)
      return true
    } catch {
      return false
    }
  }
}

/// What `AppSettings.loadReporting(from:)` read, and what was wrong with the file.
public struct SettingsLoad: Sendable {
  /// The settings in force: the file's, or the defaults.
  public var settings: AppSettings
  /// Why the file's settings are not in force, if they are not.
  public var problem: SettingsProblem?
}

/// Something wrong with the settings file, said once to the user.
public enum SettingsProblem: Hashable, Sendable {
  /// The file is not valid settings JSON; it was moved to `keptAs` (nil if it could not be).
  case damaged(URL, keptAs: URL?)
  /// A folder (or other non-file) sits at the settings path: settings cannot be saved.
  case notAFile(URL)
  /// The file exists but cannot be read (permissions).
  case unreadable(URL)

  /// One sentence for the notice and the terminal.
  public var userMessage: String {
    switch self {
    case .damaged(let url, let kept?):
      tr(
        "The settings file %1$s was damaged; it was kept as %2$s and the defaults are used.",
        url.path, kept.lastPathComponent)
    case .damaged(let url, nil):
      tr(
        """
        The settings file %1$s is damaged and could not be moved aside; the defaults are used and \
        settings will not be saved.
        """,
        url.path)
    case .notAFile(let url):
      tr("Settings cannot be saved: %1$s is a folder, not a file.", url.path)
    case .unreadable(let url):
      tr("The settings file %1$s cannot be read; the defaults are used.", url.path)
    }
  }

  /// True when saving over the settings path must not happen (it would fail, or replace a file
  /// that was not moved aside).
  public var blocksSaving: Bool {
    switch self {
    case .damaged(_, let kept): kept == nil
    case .notAFile, .unreadable: true
    }
  }
}
