// SPDX-License-Identifier: MIT

import CSDL2
import CameraModel
import Overlay
import SDLPlatform
import Testing

extension SDLPlatformTests {
  @Suite("Event translation")
  struct EventPumpTests {
    /// A pump with SDL's queue emptied of anything earlier tests left behind.
    private func freshPump() throws -> EventPump {
      let pump = try EventPump()
      _ = pump.poll()
      return pump
    }

    private func push(_ event: SDL_Event) {
      var copy = event
      #expect(SDL_PushEvent(&copy) == 1)
    }

    private func keyDown(_ code: SDL_KeyCode, modifiers: SDL_Keymod = KMOD_NONE) -> SDL_Event {
      var event = SDL_Event()
      event.key.type = SDL_KEYDOWN.rawValue
      event.key.state = UInt8(SDL_PRESSED)
      event.key.keysym.sym = SDL_Keycode(code.rawValue)
      event.key.keysym.mod = UInt16(modifiers.rawValue)
      return event
    }

    private func key(_ type: SDL_EventType, _ code: SDL_KeyCode, repeats: Bool = false)
      -> SDL_Event
    {
      var event = keyDown(code)
      event.key.type = type.rawValue
      event.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
      event.key.repeat = repeats ? 1 : 0
      return event
    }

    private func button(
      _ type: SDL_EventType, _ button: Int32, x: Int32, y: Int32, clicks: UInt8 = 1
    ) -> SDL_Event {
      var event = SDL_Event()
      event.button.type = type.rawValue
      event.button.button = UInt8(button)
      event.button.clicks = clicks
      event.button.x = x
      event.button.y = y
      return event
    }

    @Test func keysTranslateWithModifiers() throws {
      let pump = try freshPump()
      push(keyDown(SDLK_F11))
      push(keyDown(SDLK_q, modifiers: KMOD_LCTRL))
      push(keyDown(SDLK_KP_7))
      push(keyDown(SDLK_EQUALS, modifiers: KMOD_RSHIFT))
      push(keyDown(SDLK_F5))
      #expect(
        pump.poll() == [
          .key(KeyPress(.f11)), .key(KeyPress(.q, modifiers: .control)),
          .key(KeyPress(.digit(7))), .key(KeyPress(.plus, modifiers: .shift)),
        ])
    }

    @Test func buttonsCarryTheirOwnButtonAndClickCount() throws {
      let pump = try freshPump()
      push(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, x: 30, y: 40, clicks: 2))
      push(button(SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, x: 31, y: 40))
      push(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, x: 5, y: 6))
      #expect(
        pump.poll() == [
          .buttonDown(.primary, at: Point(x: 30, y: 40), clicks: 2),
          .buttonUp(.primary, at: Point(x: 31, y: 40)),
          .buttonDown(.secondary, at: Point(x: 5, y: 6), clicks: 1),
        ])
    }

    @Test func wheelQuitAndWindowEventsTranslate() throws {
      let pump = try freshPump()
      var wheel = SDL_Event()
      wheel.wheel.type = SDL_MOUSEWHEEL.rawValue
      wheel.wheel.preciseY = 1.5
      wheel.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
      push(wheel)
      var resize = SDL_Event()
      resize.window.type = SDL_WINDOWEVENT.rawValue
      resize.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
      resize.window.data1 = 800
      resize.window.data2 = 600
      push(resize)
      var quit = SDL_Event()
      quit.type = SDL_QUIT.rawValue
      push(quit)
      #expect(
        pump.poll() == [
          .wheel(Point(x: 0, y: -1.5)), .resized(Size(width: 800, height: 600)), .quit,
        ])
    }

    @Test func closingTheWindowIsARequestNotAQuit() throws {
      let pump = try freshPump()
      var event = SDL_Event()
      event.window.type = SDL_WINDOWEVENT.rawValue
      event.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
      push(event)
      #expect(pump.poll() == [.closeRequested])
    }

    @Test func minimisedStateFollowsWindowEvents() throws {
      let pump = try freshPump()
      var event = SDL_Event()
      event.window.type = SDL_WINDOWEVENT.rawValue
      event.window.event = UInt8(SDL_WINDOWEVENT_MINIMIZED.rawValue)
      push(event)
      #expect(pump.poll() == [.minimized])
      #expect(pump.isMinimized)
      event.window.event = UInt8(SDL_WINDOWEVENT_RESTORED.rawValue)
      push(event)
      // Minimised, the pump waits for this event instead of spinning.
      #expect(pump.poll(idleWait: .seconds(1)) == [.restored])
      #expect(!pump.isMinimized)
    }

    @Test func overlayInputCollectsAFramesClicksOnce() throws {
      let pump = try freshPump()
      let window = try PreviewWindow(offscreenWidth: 320, height: 200)
      push(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, x: 30, y: 40))
      push(button(SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, x: 30, y: 40))
      push(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_MIDDLE, x: 50, y: 60))
      push(keyDown(SDLK_SPACE))
      _ = pump.poll()
      let input = pump.overlayInput(for: window, time: 2.5)
      #expect(input.windowSize == Size(width: 320, height: 200))
      #expect(input.pixelScale == 1)
      #expect(input.pointer == Point(x: 50, y: 60))
      #expect(input.pressedButtons == [.middle])
      #expect(
        input.clicks == [
          Click(position: Point(x: 30, y: 40)),
          Click(position: Point(x: 50, y: 60), button: .middle),
        ])
      #expect(input.keys == [KeyPress(.space)])
      #expect(input.time == 2.5)
      let next = pump.overlayInput(for: window, time: 2.6)
      #expect(next.clicks.isEmpty && next.keys.isEmpty)
      #expect(next.pressedButtons == [.middle])
    }

    @Test func heldKeysFollowPressesAndReleasesAndRepeatsAreMarked() throws {
      let pump = try freshPump()
      let window = try PreviewWindow(offscreenWidth: 320, height: 200)
      push(key(SDL_KEYDOWN, SDLK_SPACE))
      push(key(SDL_KEYDOWN, SDLK_SPACE, repeats: true))
      #expect(
        pump.poll() == [.key(KeyPress(.space)), .key(KeyPress(.space, isRepeat: true))])
      #expect(pump.overlayInput(for: window, time: 0).heldKeys == [.space])
      push(key(SDL_KEYUP, SDLK_SPACE))
      #expect(pump.poll() == [.keyReleased(.space)])
      _ = pump.overlayInput(for: window, time: 1)
      #expect(pump.overlayInput(for: window, time: 2).heldKeys.isEmpty)
    }

    @Test func keysTypedWithinOneFrameComeOneAFrameInOrder() throws {
      let pump = try freshPump()
      let window = try PreviewWindow(offscreenWidth: 320, height: 200)
      // Escape (closing the viewer), then V (video mode), then Space (record): each must be
      // read against the state the one before it left.
      push(keyDown(SDLK_ESCAPE))
      push(keyDown(SDLK_v))
      push(keyDown(SDLK_SPACE))
      _ = pump.poll()
      var typed: [KeyPress] = []
      for frame in 0..<3 {
        #expect(pump.hasPendingKeys)
        let input = pump.overlayInput(for: window, time: Double(frame))
        #expect(input.keys.count == 1)
        typed += input.keys
      }
      #expect(typed == [KeyPress(.escape), KeyPress(.v), KeyPress(.space)])
      #expect(!pump.hasPendingKeys)
      #expect(pump.overlayInput(for: window, time: 3).keys.isEmpty)
    }
  }
}
