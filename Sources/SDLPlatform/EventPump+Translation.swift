// SPDX-License-Identifier: MIT

import CSDL2
import CameraModel
import Overlay

extension EventPump {
  /// The Pinhole event for an SDL event, or `nil` for events Pinhole ignores.
  static func translate(_ event: SDL_Event) -> PlatformEvent? {
    switch SDL_EventType(rawValue: event.type) {
    case SDL_QUIT:
      return .quit
    case SDL_KEYDOWN:
      let modifiers = modifiers(from: event.key.keysym.mod)
      guard let key = key(for: event.key.keysym.sym, modifiers: modifiers) else { return nil }
      return .key(KeyPress(key, modifiers: modifiers, isRepeat: event.key.repeat != 0))
    case SDL_KEYUP:
      // SDL also sends these when the window loses the keyboard, so no key stays held.
      let modifiers = modifiers(from: event.key.keysym.mod)
      return key(for: event.key.keysym.sym, modifiers: modifiers).map { .keyReleased($0) }
    case SDL_MOUSEMOTION:
      return .pointerMoved(Point(x: Double(event.motion.x), y: Double(event.motion.y)))
    case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
      // The button comes from the event itself: a fast click is already released by the
      // time SDL_GetMouseState is read.
      guard let button = pointerButton(event.button.button) else { return nil }
      let position = Point(x: Double(event.button.x), y: Double(event.button.y))
      if event.type == SDL_MOUSEBUTTONDOWN.rawValue {
        return .buttonDown(button, at: position, clicks: max(Int(event.button.clicks), 1))
      }
      return .buttonUp(button, at: position)
    case SDL_MOUSEWHEEL:
      // "Flipped" wheels (natural scrolling) report inverted values; undo that so positive
      // always means away from the user.
      let sign: Float = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
      return .wheel(
        Point(x: Double(event.wheel.preciseX * sign), y: Double(event.wheel.preciseY * sign)))
    case SDL_WINDOWEVENT:
      return windowEvent(event.window)
    case SDL_AUDIODEVICEADDED, SDL_AUDIODEVICEREMOVED:
      // Playback devices come and go too; only inputs change the microphone list.
      return event.adevice.iscapture != 0 ? .soundInputsChanged : nil
    default:
      return nil
    }
  }

  private static func windowEvent(_ event: SDL_WindowEvent) -> PlatformEvent? {
    switch SDL_WindowEventID(rawValue: UInt32(event.event)) {
    case SDL_WINDOWEVENT_SIZE_CHANGED:
      .resized(Size(width: Double(event.data1), height: Double(event.data2)))
    case SDL_WINDOWEVENT_EXPOSED: .exposed
    // An unmapped (hidden) window is as invisible as a minimised one.
    case SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN: .minimized
    case SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN: .restored
    case SDL_WINDOWEVENT_LEAVE: .pointerLeft
    case SDL_WINDOWEVENT_CLOSE: .closeRequested
    default: nil
    }
  }

  private static func pointerButton(_ button: UInt8) -> PointerButton? {
    switch Int32(button) {
    case SDL_BUTTON_LEFT: .primary
    case SDL_BUTTON_MIDDLE: .middle
    case SDL_BUTTON_RIGHT: .secondary
    default: nil
    }
  }

  static func modifiers(from mod: UInt16) -> KeyModifiers {
    var result: KeyModifiers = []
    let bits = UInt32(mod)
    if bits & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
    if bits & KMOD_CTRL.rawValue != 0 { result.insert(.control) }
    if bits & KMOD_ALT.rawValue != 0 { result.insert(.alt) }
    if bits & KMOD_GUI.rawValue != 0 { result.insert(.logo) }
    return result
  }

  /// Layout-aware key codes (the letter printed on the key), so Q quits on AZERTY too.
  private static let keys: [Int32: Key] = {
    var table: [SDL_KeyCode: Key] = [
      SDLK_ESCAPE: .escape, SDLK_F11: .f11, SDLK_F1: .f1, SDLK_QUESTION: .questionMark, SDLK_q: .q,
      SDLK_SPACE: .space,
      SDLK_RETURN: .enter, SDLK_KP_ENTER: .enter, SDLK_TAB: .tab, SDLK_a: .a, SDLK_b: .b,
      SDLK_s: .s,
      SDLK_m: .m,
      SDLK_r: .r, SDLK_c: .c, SDLK_i: .i, SDLK_LEFT: .left, SDLK_RIGHT: .right, SDLK_UP: .up,
      SDLK_v: .v, SDLK_p: .p, SDLK_z: .z, SDLK_f: .f, SDLK_t: .t, SDLK_l: .l, SDLK_g: .g,
      SDLK_k: .k, SDLK_h: .h, SDLK_w: .w, SDLK_o: .o, SDLK_e: .e, SDLK_PAGEUP: .pageUp,
      SDLK_PAGEDOWN: .pageDown, SDLK_HOME: .home, SDLK_END: .end,
      SDLK_DOWN: .down, SDLK_DELETE: .delete, SDLK_PLUS: .plus, SDLK_EQUALS: .plus,
      SDLK_KP_PLUS: .plus, SDLK_MINUS: .minus, SDLK_KP_MINUS: .minus,
    ]
    let digits = [SDLK_0, SDLK_1, SDLK_2, SDLK_3, SDLK_4, SDLK_5, SDLK_6, SDLK_7, SDLK_8, SDLK_9]
    let keypad = [
      SDLK_KP_0, SDLK_KP_1, SDLK_KP_2, SDLK_KP_3, SDLK_KP_4, SDLK_KP_5, SDLK_KP_6, SDLK_KP_7,
      SDLK_KP_8, SDLK_KP_9,
    ]
    for value in 0..<10 {
      table[digits[value]] = .digit(value)
      table[keypad[value]] = .digit(value)
    }
    return Dictionary(uniqueKeysWithValues: table.map { (Int32($0.key.rawValue), $0.value) })
  }()

  /// SDL names keys by their unshifted symbol, so the question mark arrives as Shift+slash on
  /// layouts that have it there.
  private static func key(for code: SDL_Keycode, modifiers: KeyModifiers) -> Key? {
    if code == Int32(SDLK_SLASH.rawValue), modifiers.contains(.shift) { return .questionMark }
    return keys[code]
  }
}
