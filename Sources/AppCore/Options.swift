// SPDX-License-Identifier: MIT
import CameraModel
import Localization
import Recording

/// What the command line asks Pinhole to do.
public struct Options: Hashable, Sendable {
  /// The main action.
  public enum Command: Hashable, Sendable {
    /// Open the window and preview (the default).
    case preview
    /// Print every camera with its formats, sizes and frame rates.
    case list
    /// Stream without a window for `seconds` and print measured figures; with `allModes`, for
    /// every format, size and frame rate in turn.
    case check(seconds: Double, allModes: Bool = false)
    /// Take one photo without a window and print its path; `path` is a file or folder.
    case snapshot(path: String?)
    /// Record video without a window until interrupted or `recordDuration` passes; `path` is
    /// a file or folder.
    case record(path: String?)
    /// Print every control of the camera.
    case controls
    /// Print the codes found in `files`, or, without files, each new code the camera sees.
    case scan(files: [String])
    /// Print usage.
    case help
    /// Print the version.
    case version
  }

  /// Which camera to open.
  public enum CameraChoice: Hashable, Sendable {
    /// The first real camera, or the simulated one when there is none.
    case automatic
    /// A V4L2 node by path ("/dev/video2") or by index ("2").
    case device(String)
    /// The built-in simulated camera.
    case simulated
  }

  /// The main action.
  public var command: Command = .preview
  /// Which camera to open.
  public var camera: CameraChoice = .automatic
  /// `--backend`: which way to reach cameras.
  public var backend = CaptureBackend.automatic
  /// `--portal`: ask the desktop's camera portal for the camera and reach it only through the
  /// PipeWire remote the portal opens (always so inside a Flatpak sandbox; see CameraPortal).
  public var usesPortal = false
  /// What the window says over the picture in place of its own notice: set at start-up from
  /// the camera portal's answer, never from the command line.
  public var cameraNotice: String?
  /// Format, size and frame rate wishes.
  public var modeRequest = ModeRequest()
  /// Start in fullscreen.
  public var isFullscreen = false
  /// Where photos go instead of the pictures folder.
  public var outputDirectory: String?
  /// How many photos one shutter press (or `--snapshot`) takes.
  public var burstCount = 1
  /// `--quality`: how many frames `--snapshot` merges into each photo.
  public var photoQuality = PhotoQuality.speed
  /// Controls to set before anything else, by their v4l2-ctl names, in order.
  public var controlSettings: [ControlSetting] = []
  /// Where to focus and meter before `--snapshot`, in normalised image coordinates.
  public var focusPoint: FocusPoint?
  /// Print reports as JSON rather than text.
  public var wantsJSON = false
  /// The simulated camera's objects hold still, where the standard scene puts them at its
  /// start: for demonstrations and tests that click a known object.
  public var isSceneStill = false
  /// Scan options (`--once`, `--roi`, `--scene-code`; see Options+Scan).
  public var scan = ScanOptions()
  /// Window options for the desktop (`--mode`, `--keep-camera-open`, `--new-window`; see
  /// Options+Desktop).
  public var desktop = DesktopOptions()
  /// `--duration`: how long `--record` records, in seconds; nil until interrupted.
  public var recordDuration: Double?
  /// `--no-audio`: record without sound.
  public var isAudioMuted = false
  /// `--sim-microphone`: the simulated camera flashes once a second and a simulated microphone
  /// clicks at the same instants, in place of the real microphone (for A/V sync tests).
  public var isMicrophoneSimulated = false
  /// `--codec`: how `--record` stores the picture.
  public var recordCodec = VideoCodec.h264
  /// `--video-quality`: how much recordings are compressed; nil keeps the remembered choice.
  public var videoQuality: VideoQuality?
  /// `--video-size`: the most lines a recording keeps; nil keeps the remembered choice.
  public var videoSizeLimit: VideoSizeLimit?
  /// `--report`, `--force` and `--check --controls` (see Options+Report).
  public var report = ReportOptions()
  /// `--latency` and `--sim-screen-delay` (see Options+Latency).
  public var latency = LatencyOptions()

  /// Makes the default options (preview the first camera).
  public init() {}

  /// Parses the arguments after the program name.
  public init(parsing arguments: [String]) throws(OptionsError) {
    var rest = arguments[...]
    var seconds: Double?
    var wantsCheck = false
    var allModes = false
    var positionals: [String] = []
    // The action options given, in order: exactly one may be (help and version aside).
    var actions: [String] = []
    // Help and version answer whatever else the line asks for.
    var answer: Command?
    while let argument = rest.popFirst() {
      let (name, inline) = Self.split(argument)
      func value() throws(OptionsError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst() else { throw .missingValue(option: name) }
        return next
      }
      if Self.actionOptions.contains(name) { actions.append(name == "-l" ? "--list" : name) }
      switch name {
      case "-h", "--help": answer = .help
      case "--version": answer = answer ?? .version
      case "--list", "-l": command = .list
      case "--check": wantsCheck = true
      case "--all-modes": allModes = true
      case "--json": wantsJSON = true
      case "--controls":
        command = .controls
        if let inline { try report.parse(name, value: inline) }
      case "--snapshot":
        let path = inline ?? (rest.first.map { $0.hasPrefix("-") } == false ? rest.popFirst() : nil)
        if path == "" {
          throw .invalidValue(option: name, value: "", expected: tr("a file or folder name"))
        }
        command = .snapshot(path: path)
      case "--record":
        let path = inline ?? (rest.first.map { $0.hasPrefix("-") } == false ? rest.popFirst() : nil)
        if path == "" {
          throw .invalidValue(option: name, value: "", expected: tr("a file or folder name"))
        }
        command = .record(path: path)
      case "--duration":
        let text = try value()
        let number = try Self.positiveNumber(text, option: name)
        guard number <= Self.longestRecordSeconds else {
          throw .invalidValue(
            option: name, value: text, expected: tr("at most 604800 seconds (a week)"))
        }
        recordDuration = number
      case "--no-audio": isAudioMuted = true
      case "--sim-microphone": isMicrophoneSimulated = true
      case "--codec":
        let text = try value()
        guard let codec = VideoCodec(rawValue: text.lowercased()) else {
          throw .invalidValue(option: name, value: text, expected: tr("h264 or mjpeg"))
        }
        recordCodec = codec
      case "--video-quality":
        let text = try value()
        guard let quality = VideoQuality(rawValue: text.lowercased()) else {
          throw .invalidValue(option: name, value: text, expected: tr("high, standard or small"))
        }
        videoQuality = quality
      case "--video-size":
        let text = try value()
        guard let limit = VideoSizeLimit.allCases.first(where: { $0.option == text.lowercased() })
        else {
          throw .invalidValue(
            option: name, value: text, expected: tr("camera, 1080p, 720p or 480p"))
        }
        videoSizeLimit = limit
      case "--output-dir", "-o":
        let folder = try value()
        // An empty name would silently mean the current folder.
        guard !folder.isEmpty else {
          throw .invalidValue(option: name, value: folder, expected: tr("a folder name"))
        }
        outputDirectory = folder
      case "--burst":
        let text = try value()
        guard let count = Int(text), (1...100).contains(count) else {
          throw .invalidValue(option: name, value: text, expected: tr("a count from 1 to 100"))
        }
        burstCount = count
      case "--quality":
        let text = try value()
        guard let quality = PhotoQuality(rawValue: text.lowercased()) else {
          throw .invalidValue(option: name, value: text, expected: tr("speed, balanced or quality"))
        }
        photoQuality = quality
      case "--set":
        let text = try value()
        guard let setting = ControlSetting(parsing: text) else {
          throw .invalidValue(
            option: name, value: text, expected: tr("NAME=VALUE, e.g. brightness=128"))
        }
        controlSettings.append(setting)
      case "--focus-at":
        let text = try value()
        guard let point = FocusPoint(parsing: text) else {
          throw .invalidValue(
            option: name, value: text, expected: tr("X,Y between 0 and 1, e.g. 0.5,0.5"))
        }
        focusPoint = point
      case "--seconds":
        let text = try value()
        let number = try Self.positiveNumber(text, option: name)
        guard number <= Self.longestCheckSeconds else {
          throw .invalidValue(option: name, value: text, expected: tr("at most 86400 seconds"))
        }
        seconds = number
      case "--fullscreen", "-f": isFullscreen = true
      case "--still-scene": isSceneStill = true
      case "--portal": usesPortal = true
      case "--device", "-d": camera = .device(try value())
      case "--backend":
        let text = try value()
        guard let choice = CaptureBackend(rawValue: text) else {
          throw .invalidValue(option: name, value: text, expected: tr("auto, v4l2 or pipewire"))
        }
        backend = choice
      case "--camera":
        let choice = try value()
        guard choice == "sim" || choice == "simulated" else {
          throw .invalidValue(option: name, value: choice, expected: "sim")
        }
        camera = .simulated
      case "--size":
        let text = try value()
        guard let size = FrameSize(parsing: text) else {
          throw .invalidValue(
            option: name, value: text,
            expected: tr("WIDTHxHEIGHT, e.g. 1280x720, each side from 1 to 65535"))
        }
        modeRequest.size = size
      case "--fps":
        let text = try value()
        guard let rate = Double(text), rate > 0, rate <= Self.fastestRequestableRate else {
          throw .invalidValue(
            option: name, value: text, expected: tr("a frame rate above 0 and at most 1000"))
        }
        modeRequest.framesPerSecond = rate
      case "--mode", "--keep-camera-open", "--new-window", "--scale":
        try desktop.parse(
          name, value: name == "--mode" || name == "--scale" ? try value() : nil)
      case "--report", "--force":
        try report.parse(name, value: name == "--report" ? try value() : nil)
      case "--latency", "--sim-screen-delay":
        try latency.parse(name, value: name == "--latency" ? nil : try value())
      case "--scan", "--once", "--roi", "--scene-code":
        try scan.parse(name, value: name == "--scan" || name == "--once" ? nil : try value())
      case let file where !file.hasPrefix("-") || file == "-":
        positionals.append(file)
      case "--format":
        let text = try value()
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f })
        else {
          throw .invalidValue(
            option: name, value: text, expected: tr("a FOURCC such as YUYV or MJPG"))
        }
        modeRequest.format = PixelFormat(FourCC(text.uppercased()))
      default: throw .unknownOption(argument)
      }
    }
    if let answer {
      command = answer
      return
    }
    if wantsCheck, command == .controls {
      // `--check --controls` is the control exerciser, one action.
      report.exercisesControls = true
      command = .preview
      actions.removeAll { $0 == "--controls" }
    }
    if actions.count > 1 { throw .conflictingActions(actions) }
    if scan.isRequested, command == .preview { command = .scan(files: positionals) }
    if !positionals.isEmpty, !scan.isRequested { throw .unknownOption(positionals[0]) }
    if wantsCheck, command == .preview {
      command = .check(seconds: seconds ?? (allModes ? 3 : 5), allModes: allModes)
    }
    if seconds != nil, !wantsCheck { throw .optionNeedsCheck(option: "--seconds") }
    if allModes, !wantsCheck { throw .optionNeedsCheck(option: "--all-modes") }
    if report.path != nil, !wantsCheck { throw .optionNeedsCheck(option: "--report") }
    if !report.controlNames.isEmpty, !wantsCheck { throw .optionNeedsCheck(option: "--controls=") }
    if report.replacesExisting, report.path == nil { throw .optionNeedsReport(option: "--force") }
    if recordDuration != nil, !isRecording { throw .optionNeedsRecord(option: "--duration") }
  }

  /// True for `--record`.
  private var isRecording: Bool {
    if case .record = command { return true }
    return false
  }

  /// The highest `--fps` accepted: no camera streams faster, and larger values would overflow
  /// when turned into a frame interval.
  static let fastestRequestableRate = 1000.0

  /// The options that each name the one thing a run does.
  static let actionOptions: Set<String> = [
    "--list", "-l", "--check", "--controls", "--snapshot", "--record", "--scan",
  ]

  /// The longest `--duration` accepted: a week, longer than any disk holds at the default
  /// quality, small enough that every time derived from it stays in range.
  static let longestRecordSeconds = 604_800.0

  /// The longest `--seconds` accepted: a day, far beyond any check, small enough that every
  /// duration derived from it stays in range.
  static let longestCheckSeconds = 86_400.0

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func positiveNumber(_ text: String, option: String) throws(OptionsError)
    -> Double
  {
    guard let number = Double(text), number > 0, number.isFinite else {
      throw .invalidValue(option: option, value: text, expected: tr("a positive number"))
    }
    return number
  }
}

/// A control to set from the command line: `--set focus_absolute=120`.
public struct ControlSetting: Hashable, Sendable {
  /// The control's v4l2-ctl name.
  public var name: String
  /// The value as typed: a number, or a menu entry's name.
  public var value: String

  /// Parses "NAME=VALUE".
  public init?(parsing text: String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
    name = String(text[..<equals])
    value = String(text[text.index(after: equals)...])
    guard !value.isEmpty else { return nil }
  }
}

/// A point of the picture in normalised coordinates: (0, 0) top left, (1, 1) bottom right.
public struct FocusPoint: Hashable, Sendable {
  /// Horizontal position, 0…1.
  public var x: Double
  /// Vertical position, 0…1.
  public var y: Double

  /// Parses "X,Y" with both in 0…1.
  public init?(parsing text: String) {
    let parts = text.split(separator: ",")
    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]),
      (0...1).contains(x), (0...1).contains(y)
    else { return nil }
    self.x = x
    self.y = y
  }
}

/// A command line Pinhole cannot follow.
public enum OptionsError: Error, Hashable, Sendable {
  /// An option Pinhole does not know.
  case unknownOption(String)
  /// An option that needs a value came last.
  case missingValue(option: String)
  /// An option's value has the wrong form.
  case invalidValue(option: String, value: String, expected: String)
  /// An option only makes sense together with `--check`.
  case optionNeedsCheck(option: String)
  /// An option only makes sense together with `--record`.
  case optionNeedsRecord(option: String)
  /// An option only makes sense together with `--report`.
  case optionNeedsReport(option: String)
  /// More than one action was asked for (`--snapshot` and `--record`, say), or one twice.
  case conflictingActions([String])

  /// One sentence for the terminal.
  public var userMessage: String {
    switch self {
    case .unknownOption(let option):
      tr("Unknown option '%1$s'. Run 'pinhole --help' for the list.", option)
    case .missingValue(let option):
      tr("%1$s needs a value.", option)
    case .invalidValue(let option, let value, let expected):
      tr("%1$s got '%2$s'; expected %3$s.", option, value, expected)
    case .optionNeedsCheck(let option):
      tr("%1$s only applies to --check.", option)
    case .optionNeedsRecord(let option):
      tr("%1$s only applies to --record.", option)
    case .optionNeedsReport(let option):
      tr("%1$s only applies to --check --report FILE.", option)
    case .conflictingActions(let names):
      Self.conflictSentence(names)
    }
  }
}

extension OptionsError {
  /// "--snapshot and --record cannot be combined: Pinhole does one of them per run." or
  /// "--record was given twice: …".
  fileprivate static func conflictSentence(_ names: [String]) -> String {
    var distinct: [String] = []
    for name in names where !distinct.contains(name) { distinct.append(name) }
    guard distinct.count > 1 else {
      return tr("%1$s was given twice; give it once, with the one path it should use.", names[0])
    }
    let listed = tr(
      "%1$s and %2$s", distinct.dropLast().joined(separator: ", "), distinct.last ?? "")
    return tr("%1$s cannot be combined: Pinhole does one of them per run.", listed)
  }
}
