// SPDX-License-Identifier: MIT

import CSDL2

extension PreviewWindow {
  /// Brings the window to the front: shown if hidden, restored if minimised, then raised (the
  /// window manager may still decline to give it the keyboard focus). Main thread only.
  public func raise() {
    guard let window else { return }
    let flags = SDL_GetWindowFlags(window)
    if flags & SDL_WINDOW_HIDDEN.rawValue != 0 { SDL_ShowWindow(window) }
    if flags & SDL_WINDOW_MINIMIZED.rawValue != 0 { SDL_RestoreWindow(window) }
    SDL_RaiseWindow(window)
  }
}
