// SPDX-License-Identifier: MIT

import CSDL2

#if canImport(Glibc)
  import Glibc
#endif

/// Process-wide SDL set-up: the version check and subsystem start. SDL state is global, so
/// this is an enum of static functions rather than an object. Main thread only.
enum SDLRuntime {
  /// `SDL_UpdateNVTexture` arrived in 2.0.16 and `SDL_RenderGeometry` in 2.0.18.
  static let requiredVersion = (major: 2, minor: 0, patch: 18)

  /// The linked SDL's version, as "2.26.5".
  static var linkedVersion: String {
    let version = linkedVersionNumbers
    return "\(version.major).\(version.minor).\(version.patch)"
  }

  private static var linkedVersionNumbers: (major: Int, minor: Int, patch: Int) {
    var version = SDL_version()
    SDL_GetVersion(&version)
    return (Int(version.major), Int(version.minor), Int(version.patch))
  }

  /// Throws unless the SDL found at run time (not the headers built against) is new enough.
  /// The answer is worked out once per process.
  static func checkVersion() throws(PlatformError) {
    try versionCheck.get()
  }

  private static let versionCheck: Result<Void, PlatformError> = {
    let found = linkedVersionNumbers
    let required = requiredVersion
    guard
      (found.major, found.minor, found.patch) >= (required.major, required.minor, required.patch)
    else {
      return .failure(
        .sdlTooOld(
          found: linkedVersion,
          required: "\(required.major).\(required.minor).\(required.patch)"))
    }
    return .success(())
  }()

  /// Makes the C library's character type UTF-8 when the environment's is not (the "C" locale
  /// of a bare session or a service). SDL's X11 backend converts the window title to the
  /// locale's character set for `WM_NAME` and sets `_NET_WM_NAME` only when Xlib's UTF-8
  /// conversion works in the locale: under "C" the title reached the window manager garbled
  /// ("Camera â\302\200\302\224 Pinhole") and without `_NET_WM_NAME`. Only `LC_CTYPE` changes, so
  /// number formatting is untouched.
  static func useUTF8CharacterType() {
    if setlocale(LC_CTYPE, "") != nil, isUTF8CharacterType { return }
    _ = setlocale(LC_CTYPE, "C.UTF-8")
  }

  /// Whether the current `LC_CTYPE` encodes characters as UTF-8.
  static var isUTF8CharacterType: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }

  /// Starts the SDL subsystems in `flags` (`SDL_INIT_VIDEO`, `SDL_INIT_EVENTS`) unless running.
  static func start(_ flags: UInt32) throws(PlatformError) {
    try checkVersion()
    guard SDL_WasInit(flags) != flags else { return }
    // SDL asks X11 compositors to stop compositing its windows, which suits games in
    // full-screen but makes a desktop app's window flicker and lose its shadow.
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    // Closing the window must not turn into SDL_QUIT: the app may ask about unsaved photos
    // first. SDL_QUIT then only means a signal or the session ending.
    SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")
    let environment = displayEnvironment
    if flags & SDL_INIT_VIDEO != 0,
      DisplayRequirement.missingDisplay(environment: environment) != nil
    {
      throw .noDisplay(named: nil)
    }
    if flags & SDL_INIT_VIDEO != 0 { useUTF8CharacterType() }
    guard SDL_InitSubSystem(flags) == 0 else {
      // A display is named but SDL reached none (an X server gone, a wrong number).
      if flags & SDL_INIT_VIDEO != 0, environment["SDL_VIDEODRIVER"] == nil,
        let display = DisplayRequirement.namedDisplay(environment: environment)
      {
        throw .noDisplay(named: display)
      }
      throw .initializationFailed(reason: lastError)
    }
    if flags & SDL_INIT_VIDEO != 0, let driver = SDL_GetCurrentVideoDriver(),
      DisplayRequirement.isSilentFallback(driver: String(cString: driver), environment: environment)
    {
      SDL_QuitSubSystem(flags)
      throw .noDisplay(named: DisplayRequirement.namedDisplay(environment: environment))
    }
    if flags & SDL_INIT_VIDEO != 0 { forwardHangUpAndQuitSignals() }
  }

  /// SIGHUP (the terminal closed, the session ended) and SIGQUIT (Ctrl+\\) end the window as
  /// SIGTERM does: SDL turns SIGTERM into its quit event, and the app then finishes a recording
  /// and rescues photos held in memory. Raising a signal is async-signal-safe.
  private static func forwardHangUpAndQuitSignals() {
    for number in [SIGHUP, SIGQUIT] {
      signal(number) { _ in _ = raise(SIGTERM) }
    }
  }

  /// The variables `DisplayRequirement` reads, from the process environment.
  private static var displayEnvironment: [String: String] {
    var values: [String: String] = [:]
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }

  /// SDL's message for the most recent failure; SDL2_ttf reports through it too
  /// (`TTF_GetError` is a macro for `SDL_GetError`).
  static var lastError: String { String(cString: SDL_GetError()) }
}
