// SPDX-License-Identifier: MIT

/// The keys Pinhole reacts to. The platform layer translates its key codes into these; keys
/// not listed are not reported.
public enum Key: Hashable, Sendable {
  /// Escape.
  case escape
  /// F11, the usual full-screen toggle.
  case f11
  /// F1, the usual help key: opens the shortcut sheet.
  case f1
  /// A question mark (Shift+slash on most layouts): opens the shortcut sheet.
  case questionMark
  /// Q (scan mode).
  case q
  /// P (photo mode).
  case p
  /// The space bar.
  case space
  /// Return or keypad Enter.
  case enter
  /// Tab.
  case tab
  /// S.
  case s
  /// A.
  case a
  /// B (the test bench).
  case b
  /// M.
  case m
  /// R.
  case r
  /// C.
  case c
  /// I.
  case i
  /// V.
  case v
  /// F (the flash mode).
  case f
  /// T (the self-timer).
  case t
  /// L (the torch, "light").
  case l
  /// Left arrow.
  case left
  /// Right arrow.
  case right
  /// Up arrow.
  case up
  /// Down arrow.
  case down
  /// Delete.
  case delete
  /// Plus, equals or keypad plus.
  case plus
  /// Minus or keypad minus.
  case minus
  /// Z (Ctrl+Z undoes the last move to the trash).
  case z
  /// G (shows or hides the rule-of-thirds grid).
  case g
  /// K (focus peaking).
  case k
  /// H (histogram).
  case h
  /// W (waveform).
  case w
  /// O (the orientation lock).
  case o
  /// E (the library grid).
  case e
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// A digit key 0–9 (top row or keypad).
  case digit(Int)
}

extension Key {
  /// The letter a letter key carries ("T"); nil for any other key.
  var letter: String? {
    switch self {
    case .q: "Q"
    case .p: "P"
    case .s: "S"
    case .a: "A"
    case .b: "B"
    case .m: "M"
    case .r: "R"
    case .c: "C"
    case .i: "I"
    case .v: "V"
    case .f: "F"
    case .t: "T"
    case .l: "L"
    case .z: "Z"
    case .g: "G"
    case .k: "K"
    case .h: "H"
    case .w: "W"
    case .o: "O"
    case .e: "E"
    default: nil
    }
  }
}
