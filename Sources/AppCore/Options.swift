// SPDX-License-Identifier: MIT
import CameraModel

/// What the command line asks Pinhole to do.
public struct Options: Hashable, Sendable {
  /// The main action.
  public enum Command: Hashable, Sendable {
    /// Open the window and preview (the default).
    case preview
    /// Print every camera with its formats, sizes and frame rates.
    case list
    /// Stream without a window for `seconds` and print measured figures.
    case check(seconds: Double)
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
  /// Format, size and frame rate wishes.
  public var modeRequest = ModeRequest()
  /// Start in fullscreen.
  public var isFullscreen = false

  /// Makes the default options (preview the first camera).
  public init() {}

  /// Parses the arguments after the program name.
  public init(parsing arguments: [String]) throws(OptionsError) {
    var rest = arguments[...]
    var seconds: Double?
    var wantsCheck = false
    while let argument = rest.popFirst() {
      let (name, inline) = Self.split(argument)
      func value() throws(OptionsError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst() else { throw .missingValue(option: name) }
        return next
      }
      switch name {
      case "-h", "--help": command = .help
      case "--version": command = .version
      case "--list", "-l": command = .list
      case "--check": wantsCheck = true
      case "--seconds": seconds = try Self.positiveNumber(try value(), option: name)
      case "--fullscreen", "-f": isFullscreen = true
      case "--device", "-d": camera = .device(try value())
      case "--camera":
        let choice = try value()
        guard choice == "sim" || choice == "simulated" else {
          throw .invalidValue(option: name, value: choice, expected: "sim")
        }
        camera = .simulated
      case "--size":
        let text = try value()
        guard let size = FrameSize(parsing: text) else {
          throw .invalidValue(option: name, value: text, expected: "WIDTHxHEIGHT, e.g. 1280x720")
        }
        modeRequest.size = size
      case "--fps": modeRequest.framesPerSecond = try Self.positiveNumber(try value(), option: name)
      case "--format":
        let text = try value()
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f })
        else {
          throw .invalidValue(option: name, value: text, expected: "a FOURCC such as YUYV or MJPG")
        }
        modeRequest.format = PixelFormat(FourCC(text.uppercased()))
      default: throw .unknownOption(argument)
      }
    }
    if wantsCheck, command == .preview { command = .check(seconds: seconds ?? 5) }
    if seconds != nil, !wantsCheck { throw .optionNeedsCheck(option: "--seconds") }
  }

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
      throw .invalidValue(option: option, value: text, expected: "a positive number")
    }
    return number
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

  /// One sentence for the terminal.
  public var userMessage: String {
    switch self {
    case .unknownOption(let option):
      "Unknown option '\(option)'. Run 'pinhole --help' for the list."
    case .missingValue(let option):
      "\(option) needs a value."
    case .invalidValue(let option, let value, let expected):
      "\(option) got '\(value)'; expected \(expected)."
    case .optionNeedsCheck(let option):
      "\(option) only applies to --check."
    }
  }
}
