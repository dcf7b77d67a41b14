// SPDX-License-Identifier: MIT
import Glibc
import SystemCalls

/// What a second launch says to the running window over the instance socket, and what it
/// hears back: one short line of printable ASCII each.
///
///     pinhole 1 activate mode=video\n      (the launch: come to the front, in video mode)
///     ok\n                                 (the window: done)
///
/// The version ("1") lets a later Pinhole change the line; `key=value` fields this version
/// does not know are skipped, so an older window still comes to the front.
public struct InstanceMessage: Hashable, Sendable {
  /// The mode the window should switch to; nil leaves it as it is.
  public var startMode: StartMode?

  /// The longest line read, newline included; anything longer is refused.
  public static let maximumLength = 128
  /// The most fields a line may have, the three fixed ones included.
  static let maximumFields = 8
  /// The window's answer to a line it followed.
  public static let acknowledgement: [UInt8] = Array("ok\n".utf8)

  /// Makes a request to come to the front, in `startMode` when given.
  public init(startMode: StartMode? = nil) {
    self.startMode = startMode
  }

  /// The line to send.
  public var encoded: [UInt8] {
    var line = "pinhole 1 activate"
    if let startMode { line += " mode=\(startMode.rawValue)" }
    return Array((line + "\n").utf8)
  }

  /// Parses one received line; nil unless it is a whole, well-formed line of this protocol.
  public init?(parsing bytes: [UInt8]) {
    guard (2...Self.maximumLength).contains(bytes.count), bytes.last == 0x0A else { return nil }
    let line = bytes.dropLast()
    // Printable ASCII only: no second line, no control bytes, no UTF-8 to normalise.
    guard line.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    let fields = line.split(separator: 0x20, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    guard (3...Self.maximumFields).contains(fields.count), fields[0] == "pinhole",
      fields[1] == "1", fields[2] == "activate"
    else { return nil }
    var startMode: StartMode?
    for field in fields.dropFirst(3) {
      guard let equals = field.firstIndex(of: "="), equals != field.startIndex else { return nil }
      let key = field[..<equals]
      let value = field[field.index(after: equals)...]
      guard key == "mode" else { continue }
      guard startMode == nil, let mode = StartMode(rawValue: String(value)) else { return nil }
      startMode = mode
    }
    self.startMode = startMode
  }
}

/// Where the running window listens, and what a launch does when it cannot reach it.
public enum InstanceSocket {
  /// The socket for the display in `environment`: `$XDG_RUNTIME_DIR/pinhole/` (else
  /// `/tmp/pinhole-UID/`) then `display-NAME`. One per display, since a window can only be
  /// brought forward on its own screen (and tests on separate Xvfb displays stay apart).
  /// Nil when there is no display or the path would not fit a socket address.
  public static func path(
    environment: [String: String], userID: UInt32 = LocalSocket.userID,
    longestPath: Int = LocalSocket.longestPath
  ) -> String? {
    let display =
      environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : "wayland-" + $0 }
      ?? environment["DISPLAY"].flatMap { $0.isEmpty ? nil : "x11-" + $0 }
    guard let display else { return nil }
    let name = "display-" + String(display.unicodeScalars.prefix(48).map(safe))
    let candidates = [
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/pinhole" : nil },
      "/tmp/pinhole-\(userID)",
    ]
    return candidates.compactMap { $0 }.map { $0 + "/" + name }
      .first { $0.utf8.count <= longestPath }
  }

  private static func safe(_ scalar: Unicode.Scalar) -> Character {
    let allowed =
      scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || ".:-_".unicodeScalars
          .contains(scalar))
    return allowed ? Character(scalar) : "_"
  }

  /// What a launch does after connecting to the socket failed with `errno`.
  public enum Decision: Hashable, Sendable {
    /// Nothing there: listen.
    case listen
    /// A socket file nobody listens on, left by a Pinhole that was killed: remove it, listen.
    case replaceStale
    /// Something unexpected (no permission, say): run without the single-instance channel.
    case runAlone
  }

  /// The rule for a failed `connect`: ENOENT → listen; ECONNREFUSED (a socket without a
  /// listener, or a file that is not a socket) → replace it; anything else → run alone.
  public static func decision(afterConnectFailure errno: Int32) -> Decision {
    switch errno {
    case ENOENT: .listen
    case ECONNREFUSED: .replaceStale
    default: .runAlone
    }
  }
}
