// SPDX-License-Identifier: MIT
import CSDL2

/// The desktop clipboard, through SDL (on X11 SDL owns the CLIPBOARD selection while the
/// window lives). Main thread only, as SDL video calls are.
public enum Clipboard {
  /// Puts `text` on the clipboard; false when SDL refused (no video subsystem, out of memory).
  @discardableResult
  public static func setText(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }

  /// The clipboard's text; nil when it holds none (or SDL cannot read it).
  public static func text() -> String? {
    guard SDL_HasClipboardText() == SDL_TRUE, let text = SDL_GetClipboardText() else {
      return nil
    }
    defer { SDL_free(text) }
    return String(cString: text)
  }
}
