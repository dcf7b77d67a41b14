// SPDX-License-Identifier: MIT
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT turned into a flag that long command-line runs poll, so
/// an interrupted `--snapshot --burst` still saves and prints what it captured before exiting
/// with the signal's status, and an interrupted `--record` finishes its file. Any thread.
public enum TerminationSignals {
  /// The first signal received, 0 while none came.
  private static let received = Atomic<Int32>(0)

  /// Installs the handlers and forgets any signal received before. Call before the work that
  /// should be interruptible. With `repeatEndsAtOnce` (the default) a second signal ends the
  /// process the default way; without it, every signal only sets the flag (a recording
  /// finishing its file keeps going through a second Ctrl+C).
  public static func install(repeatEndsAtOnce: Bool = true) {
    received.store(0, ordering: .relaxed)
    for number in handled {
      // Only async-signal-safe work in the handlers: an atomic store and resetting the
      // dispositions.
      if repeatEndsAtOnce {
        signal(number) { number in
          TerminationSignals.received.store(number, ordering: .relaxed)
          signal(SIGINT, SIG_DFL)
          signal(SIGTERM, SIG_DFL)
          signal(SIGHUP, SIG_DFL)
          signal(SIGQUIT, SIG_DFL)
        }
      } else {
        signal(number) { TerminationSignals.received.store($0, ordering: .relaxed) }
      }
    }
  }

  /// The signals that end a run early.
  static let handled = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// The signal that asked the process to end, if one did.
  public static var pending: Int32? {
    let number = received.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }

  /// The exit status a shell reports for `signal`: 128 + its number.
  public static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }

  /// "SIGTERM", "SIGINT", or "signal N".
  public static func name(of signal: Int32) -> String {
    switch signal {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    case SIGQUIT: "SIGQUIT"
    default: "signal \(signal)"
    }
  }
}
