// SPDX-License-Identifier: MIT

import CSDL2

/// What SDL 2.26 leaves undone on X11 for a desktop app: WM_NAME in a type the ICCCM knows
/// (SDL writes it as UTF8_STRING; window lists and old tools expect STRING or COMPOUND_TEXT)
/// and the end of the launcher's startup notification (SDL does not read
/// `DESKTOP_STARTUP_ID`). Nothing happens under other video drivers. Main thread only.
extension PreviewWindow {
  /// The X11 display and window behind the SDL window; nil when SDL is not on X11.
  var x11Window: (display: OpaquePointer, window: Window)? {
    guard let window else { return nil }
    var info = SDL_SysWMinfo()
    info.version.major = UInt8(SDL_MAJOR_VERSION)
    info.version.minor = UInt8(SDL_MINOR_VERSION)
    info.version.patch = UInt8(SDL_PATCHLEVEL)
    guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
      let display = info.info.x11.display
    else { return nil }
    return (display, info.info.x11.window)
  }

  /// Rewrites WM_NAME as STRING (Latin-1) or, for other characters, COMPOUND_TEXT; SDL's
  /// _NET_WM_NAME (UTF-8) stays as it is. Leaves SDL's WM_NAME when Xlib cannot convert.
  func setICCCMName(_ title: String) {
    guard let (display, window) = x11Window else { return }
    var property = XTextProperty()
    let status = title.withCString { text in
      var list: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: text)
      return Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &property)
    }
    guard status == Success, property.value != nil else { return }
    XSetWMName(display, window, &property)
    XFree(property.value)
    XFlush(display)
  }

}

/// The X11 startup-notification protocol's sending side
/// (https://specifications.freedesktop.org/startup-notification-spec/): a message is sent
/// as ClientMessage events of 20 bytes each to the root window, the first typed
/// `_NET_STARTUP_INFO_BEGIN`, the rest `_NET_STARTUP_INFO`, NUL-terminated.
public enum StartupNotification {
  /// The bytes a ClientMessage of format 8 carries.
  static let chunkSize = 20

  /// "remove: ID=…", the value quoted and escaped when it holds a space, a quote or a
  /// backslash (the specification's quoting rules).
  public static func removeMessage(id: String) -> String {
    let needsQuotes = id.contains { $0 == " " || $0 == "\"" || $0 == "\\" }
    guard needsQuotes else { return "remove: ID=\(id)" }
    var quoted = ""
    for character in id {
      if character == "\"" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    return "remove: ID=\"\(quoted)\""
  }

  /// `message` with its terminating NUL, cut into 20-byte chunks (the last padded with NULs).
  public static func chunks(of message: String) -> [[UInt8]] {
    let bytes = Array(message.utf8) + [0]
    return stride(from: 0, to: bytes.count, by: chunkSize).map { start in
      let end = min(start + chunkSize, bytes.count)
      return Array(bytes[start..<end]) + Array(repeating: 0, count: chunkSize - (end - start))
    }
  }

  /// Tells the launcher that started Pinhole that it is up, ending the busy cursor and the
  /// "starting…" feedback: the "remove" message for `id` (the launch's `DESKTOP_STARTUP_ID`),
  /// broadcast on the X display in `DISPLAY`. Answers false when there is no X display.
  @discardableResult
  public static func complete(id: String) -> Bool {
    guard let display = XOpenDisplay(nil) else { return false }
    defer { XCloseDisplay(display) }
    broadcast(removeMessage(id: id), on: display)
    return true
  }

  /// Sends `message` from a small unmapped window of our own, as the specification asks, and
  /// waits until the X server has it.
  static func broadcast(_ message: String, on display: OpaquePointer) {
    let root = XDefaultRootWindow(display)
    let sender = XCreateSimpleWindow(display, root, -100, -100, 1, 1, 0, 0, 0)
    defer {
      XDestroyWindow(display, sender)
      XSync(display, 0)
    }
    let begin = XInternAtom(display, "_NET_STARTUP_INFO_BEGIN", 0)
    let more = XInternAtom(display, "_NET_STARTUP_INFO", 0)
    for (index, chunk) in chunks(of: message).enumerated() {
      var event = XEvent()
      event.xclient.type = ClientMessage
      event.xclient.display = display
      event.xclient.window = sender
      event.xclient.message_type = index == 0 ? begin : more
      event.xclient.format = 8
      withUnsafeMutableBytes(of: &event.xclient.data) { data in
        for (offset, byte) in chunk.enumerated() { data[offset] = byte }
      }
      XSendEvent(display, root, 0, PropertyChangeMask, &event)
    }
  }
}
