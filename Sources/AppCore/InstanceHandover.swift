// SPDX-License-Identifier: MIT

/// What a second launch tells the person when a running window takes it over: the window comes
/// to the front and takes `--mode`; every other option of the launch (a camera, a folder, a
/// size) stays with the launch, and is named on stderr rather than dropped without a word.
public enum InstanceHandover {
  /// The launch's arguments that the running window does not take over, as typed: all but
  /// `--mode MODE` (or `--mode=MODE`), which the window follows.
  public static func argumentsNotPassedOn(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--mode" {
        _ = rest.popFirst()
      } else if !argument.hasPrefix("--mode=") {
        kept.append(argument)
      }
    }
    return kept
  }

  /// The lines for stderr after a handover: that the window came forward (in `mode`), and,
  /// when some were not passed on, which options and how to have them.
  public static func report(arguments: [String], mode: StartMode?) -> [String] {
    let shown = mode.map { " in \($0.rawValue) mode" } ?? ""
    var lines = ["Pinhole is already running; its window was brought to the front\(shown)."]
    let ignored = argumentsNotPassedOn(arguments)
    if !ignored.isEmpty {
      let typed = ignored.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }
      lines.append(
        "The running window keeps its own settings; these options were not passed on: "
          + typed.joined(separator: " ")
          + ". Quit it first, or add --new-window to open a window with them.")
    }
    return lines
  }
}
