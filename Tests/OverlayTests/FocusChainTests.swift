// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// The focus chain's reading order and the navigator's Tab, Shift+Tab, wrap, vanished focus
/// and lists, as pure values.
@Suite("Focus chain")
struct FocusChainTests {
  private static func button(
    _ name: String, x: Double, y: Double, width: Double = 40, height: Double = 30,
    group: Rect? = nil, role: FocusRole = .button, layer: Int = 0, isSelected: Bool = false
  ) -> FocusEntry {
    FocusEntry(
      id: ControlID(name), role: role, name: name, state: FocusState(isSelected: isSelected),
      rect: Rect(x: x, y: y, width: width, height: height), group: group, layer: layer)
  }

  /// A top bar with two buttons, a panel at the right with three lines, a switch of two
  /// segments under the picture and a round shutter in the bottom bar with a button beside
  /// it, registered in an order unlike reading order.
  private static let panel = Rect(x: 400, y: 50, width: 200, height: 300)
  private static let modeSwitch = Rect(x: 200, y: 320, width: 120, height: 30)
  private static let scene: [FocusEntry] = [
    button("shutter", x: 280, y: 360, width: 60, height: 60),
    button("timer", x: 500, y: 375),
    button("line-3", x: 410, y: 250, width: 180, group: panel),
    button("line-1", x: 410, y: 60, width: 180, group: panel),
    button("line-2", x: 410, y: 150, width: 180, group: panel),
    button("photo", x: 200, y: 320, width: 60, group: modeSwitch, role: .radioButton),
    button("video", x: 260, y: 320, width: 60, group: modeSwitch, role: .radioButton),
    button("settings", x: 560, y: 5),
    button("torch", x: 510, y: 5),
    button("notice", x: 150, y: 60, width: 200),
  ]

  private static func ids(_ chain: FocusChain) -> [String] { chain.entries.map(\.id.name) }

  @Test func entriesRunInReadingOrderWithGroupsKeptTogether() {
    let chain = FocusChain(registered: Self.scene)
    #expect(
      Self.ids(chain) == [
        "torch", "settings", "notice", "line-1", "line-2", "line-3", "photo", "video",
        "shutter", "timer",
      ])
  }

  @Test func onlyTheHighestLayerTakesPart() {
    let list = Rect(x: 410, y: 90, width: 180, height: 60)
    let chain = FocusChain(
      registered: Self.scene + [
        Self.button("entry-2", x: 410, y: 120, group: list, role: .listItem, layer: 1),
        Self.button("entry-1", x: 410, y: 90, group: list, role: .listItem, layer: 1),
      ])
    #expect(Self.ids(chain) == ["entry-1", "entry-2"])
    #expect(chain.layer == 1)
  }

  private static func navigator(showingRingOn id: String) -> FocusNavigator {
    var navigator = FocusNavigator()
    _ = navigator.update(with: FocusChain(registered: scene))
    var steps = 0
    while navigator.focusedID?.name != id, steps < scene.count + 1 {
      _ = navigator.handle([KeyPress(.tab)])
      steps += 1
    }
    return navigator
  }

  @Test func tabWalksForwardAndWrapsAtTheEnd() {
    var navigator = FocusNavigator()
    _ = navigator.update(with: FocusChain(registered: Self.scene))
    #expect(!navigator.isRingVisible)
    var visited: [String] = []
    for _ in 0..<11 {
      let (passed, _) = navigator.handle([KeyPress(.tab)])
      #expect(passed.isEmpty)
      visited.append(navigator.focusedID?.name ?? "none")
    }
    #expect(navigator.isRingVisible)
    let order = Self.ids(FocusChain(registered: Self.scene))
    #expect(visited == order + [order[0]])
  }

  @Test func shiftTabWalksBackAndWrapsAtTheStart() {
    var navigator = Self.navigator(showingRingOn: "torch")
    _ = navigator.handle([KeyPress(.tab, modifiers: .shift)])
    #expect(navigator.focusedID?.name == "timer")
    _ = navigator.handle([KeyPress(.tab, modifiers: .shift)])
    #expect(navigator.focusedID?.name == "shutter")
  }

  @Test func firstShiftTabStartsAtTheLastEntry() {
    var navigator = FocusNavigator()
    _ = navigator.update(with: FocusChain(registered: Self.scene))
    _ = navigator.handle([KeyPress(.tab, modifiers: .shift)])
    #expect(navigator.focusedID?.name == "timer")
  }

  @Test func vanishedFocusMovesToTheNearestNextEntryStillThere() {
    var navigator = Self.navigator(showingRingOn: "line-2")
    // The panel closes: its lines are gone; the next survivor after line-2 is the switch.
    let closed = Self.scene.filter { !$0.id.name.hasPrefix("line") }
    let chain = navigator.update(with: FocusChain(registered: closed))
    #expect(chain.focusedID?.name == "photo")
    #expect(chain.isRingVisible)
    // Everything after it vanishing too wraps round to the first survivor.
    let top = closed.filter { ["torch", "settings"].contains($0.id.name) }
    #expect(navigator.update(with: FocusChain(registered: top)).focusedID?.name == "torch")
  }

  @Test func focusEntersAnOpenListAtItsSelectedEntryAndReturnsWhenItCloses() {
    var navigator = Self.navigator(showingRingOn: "line-2")
    let list = Rect(x: 410, y: 180, width: 180, height: 60)
    let open =
      Self.scene + [
        Self.button("entry-1", x: 410, y: 180, group: list, role: .listItem, layer: 1),
        Self.button(
          "entry-2", x: 410, y: 210, group: list, role: .listItem, layer: 1, isSelected: true),
      ]
    #expect(navigator.update(with: FocusChain(registered: open)).focusedID?.name == "entry-2")
    // ↑ moves the ring with the list's own highlight and leaves the key to the list.
    let (passed, _) = navigator.handle([KeyPress(.up)])
    #expect(passed == [KeyPress(.up)])
    #expect(navigator.focusedID?.name == "entry-1")
    #expect(navigator.update(with: FocusChain(registered: Self.scene)).focusedID?.name == "line-2")
  }

  @Test func spaceAndReturnActivateTheFocusedEntryOnlyWhileTheRingShows() {
    var navigator = FocusNavigator()
    _ = navigator.update(with: FocusChain(registered: Self.scene))
    // No ring yet: Space stays with the interface (it takes a photo).
    var (passed, request) = navigator.handle([KeyPress(.space)])
    #expect(passed == [KeyPress(.space)] && request.activatedID == nil)
    navigator = Self.navigator(showingRingOn: "settings")
    (passed, request) = navigator.handle([KeyPress(.enter)])
    #expect(passed.isEmpty && request.activatedID?.name == "settings")
    // A click hides the ring and gives Space back.
    navigator.pointerPressed()
    (passed, request) = navigator.handle([KeyPress(.space)])
    #expect(passed == [KeyPress(.space)] && request.activatedID == nil)
  }

  @Test func arrowsOnASwitchSegmentChooseItsNeighbour() {
    var navigator = Self.navigator(showingRingOn: "photo")
    var (passed, request) = navigator.handle([KeyPress(.right)])
    #expect(passed.isEmpty && request.activatedID?.name == "video")
    #expect(navigator.focusedID?.name == "video")
    // At the end of the switch the arrow goes nowhere, and never leaves the group.
    (passed, request) = navigator.handle([KeyPress(.right)])
    #expect(passed.isEmpty && request.activatedID == nil)
    #expect(navigator.focusedID?.name == "video")
  }

  @Test func arrowsOnAPlainButtonAreLeftToTheInterface() {
    var navigator = Self.navigator(showingRingOn: "shutter")
    let (passed, request) = navigator.handle([KeyPress(.left)])
    #expect(passed == [KeyPress(.left)] && request.steppedID == nil)
  }

  @Test func arrowsStepAFocusedSlider() {
    var entries = Self.scene
    entries[2].role = .slider
    var navigator = FocusNavigator()
    _ = navigator.update(with: FocusChain(registered: entries))
    while navigator.focusedID?.name != "line-3" { _ = navigator.handle([KeyPress(.tab)]) }
    let (passed, request) = navigator.handle([
      KeyPress(.right), KeyPress(.right), KeyPress(.left), KeyPress(.up),
    ])
    #expect(passed.isEmpty)
    #expect(request.steps(for: ControlID("line-3")) == 2)
    #expect(request.steps(for: ControlID("line-2")) == 0)
  }
}
