// SPDX-License-Identifier: MIT
import Localization

/// The window needs a display. Without `DISPLAY` or `WAYLAND_DISPLAY`, SDL can still start an
/// off-screen video driver, and the app then runs invisibly at full speed while holding the
/// camera; Pinhole refuses that unless the off-screen driver was asked for by name
/// (`SDL_VIDEODRIVER=dummy` in tests). Pure functions of the environment. Any thread.
public enum DisplayRequirement {
  /// Video drivers that show nothing on any screen.
  public static let offScreenDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

  /// The sentence to print when no display can be reached, or nil when one may be.
  public static func missingDisplay(environment: [String: String]) -> String? {
    if let driver = environment["SDL_VIDEODRIVER"], !driver.isEmpty { return nil }
    let display = environment["DISPLAY"] ?? ""
    let wayland = environment["WAYLAND_DISPLAY"] ?? ""
    guard display.isEmpty, wayland.isEmpty else { return nil }
    return noDisplaySentence
  }

  /// True when SDL chose `driver` by itself although it shows nothing.
  public static func isSilentFallback(driver: String, environment: [String: String]) -> Bool {
    let requested = environment["SDL_VIDEODRIVER"] ?? ""
    return offScreenDrivers.contains(driver.lowercased()) && requested.isEmpty
  }

  /// The display the environment names: `WAYLAND_DISPLAY`, else `DISPLAY`; nil for neither.
  public static func namedDisplay(environment: [String: String]) -> String? {
    for name in ["WAYLAND_DISPLAY", "DISPLAY"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return nil
  }

  /// What to do when the display the environment names cannot be reached.
  public static func unreachableSentence(display: String) -> String {
    tr(
      """
      The display %1$s cannot be reached, so the window cannot be shown. Check that its \
      graphical session still runs (and DISPLAY or WAYLAND_DISPLAY names it), or use \
      'pinhole --check' or 'pinhole --snapshot' without a window.
      """, display)
  }

  /// What to do without a display.
  public static var noDisplaySentence: String {
    tr(
      """
      No display: neither DISPLAY nor WAYLAND_DISPLAY is set, so the window cannot be shown. \
      Run Pinhole in a graphical session, or use 'pinhole --check' or 'pinhole --snapshot' \
      without a window.
      """)
  }
}
