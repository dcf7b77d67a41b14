// SPDX-License-Identifier: MIT
import CameraModel
import Lighting
import Localization
import Workers

/// The camera's lights on their own thread: finding them (media graphs under `/dev`, LED
/// classes under `/sys`), holding the flash sub-device open, strobing and setting the torch.
/// The render loop sends commands and drains events; it never touches a light itself.
///
/// A flash driven by the camera node's own controls is the capture thread's: the event says
/// so, and the app sends those control writes through the capture session.
public final class LightsWorker: Sendable {
  /// What the lights of the open camera can do, sent once they are found.
  public struct Lights: Sendable, Equatable {
    /// A LED can flash for a photo.
    public var canStrobe = false
    /// A LED can light the scene steadily.
    public var canTorch = false
    /// The strobing light is the camera node's own controls: the capture session fires it.
    public var strobeControls: FlashControls?
    /// The torch is the camera node's own controls: the capture session sets it.
    public var torchControls: FlashControls?
    /// How long one flash stays lit.
    public var flashDuration = FlashUnit.defaultFlashDuration

    /// No lights: the screen lights the scene.
    public init() {}
  }

  /// What the render loop asks for.
  public enum Command: Sendable, Hashable {
    /// Find the lights of `videoNode`, whose controls are `controls`, letting go of the last.
    case discover(videoNode: String, controls: [CameraControl])
    /// Let go of the lights (the camera is closing).
    case close
    /// Fire the flash for a photo.
    case strobe
    /// Set the torch to `strength` (0 turns it off).
    case setTorch(strength: Double)
  }

  /// What the lights did.
  public enum Event: Sendable, Equatable {
    /// The lights of the camera asked for.
    case found(Lights)
    /// The flash fired (when, for how long), or did not: then `problem` says why, if it is not
    /// simply that no light could strobe.
    case fired(FlashFiring?, problem: String?)
    /// The torch refused; the message is for the person.
    case torchFailed(String)
  }

  private let worker: Worker<Command, Event>

  /// Events for the render loop.
  public var events: Inbox<Event> { worker.events }

  /// Starts the thread; `discover` finds the units (a fake in tests).
  public init(
    wake: @escaping @Sendable () -> Void,
    discover: @escaping @Sendable (String, [CameraControl]) -> [FlashUnit] = {
      FlashDiscovery().units(forVideoNode: $0, videoControls: $1)
    }
  ) {
    worker = Worker(
      name: "pinhole-lights", wake: wake, makeState: { [FlashUnit]() },
      handle: { units, command, emit in
        Self.handle(command, units: &units, discover: discover, emit: emit)
      })
  }

  /// Sends a command; false when the inbox is full.
  @discardableResult
  public func send(_ command: Command) -> Bool { worker.send(command) }

  /// Waits until every command sent so far is handled (tests, and before quitting).
  public func waitUntilIdle() { worker.waitUntilIdle() }

  /// Lets go of the lights and ends the thread.
  public func stop() {
    worker.send(.close)
    worker.stop()
  }

  private static func handle(
    _ command: Command, units: inout [FlashUnit],
    discover: (String, [CameraControl]) -> [FlashUnit], emit: (Event) -> Void
  ) {
    switch command {
    case .discover(let videoNode, let controls):
      close(&units)
      units = discover(videoNode, controls)
      emit(.found(lights(of: units)))
    case .close:
      close(&units)
    case .strobe:
      guard let unit = units.first(where: { $0.canStrobe }) else {
        emit(.fired(nil, problem: nil))
        return
      }
      do {
        emit(.fired(try unit.strobe(), problem: nil))
      } catch {
        emit(.fired(nil, problem: tr("The flash did not fire: %1$s", error.userMessage)))
      }
    case .setTorch(let strength):
      guard let unit = units.first(where: { $0.canTorch }) else { return }
      do {
        try unit.setTorch(strength: strength)
      } catch {
        emit(.torchFailed("Torch: \(error.userMessage)"))
      }
    }
  }

  /// A flash sub-device turns its LED off when its last descriptor closes.
  private static func close(_ units: inout [FlashUnit]) {
    for case .subdevice(let flash) in units { flash.close() }
    units = []
  }

  static func lights(of units: [FlashUnit]) -> Lights {
    var lights = Lights()
    if let strobing = units.first(where: { $0.canStrobe }) {
      lights.canStrobe = true
      lights.flashDuration = strobing.flashDuration
      if case .videoNode(let controls) = strobing { lights.strobeControls = controls }
    }
    if let torch = units.first(where: { $0.canTorch }) {
      lights.canTorch = true
      if case .videoNode(let controls) = torch { lights.torchControls = controls }
    }
    return lights
  }
}
