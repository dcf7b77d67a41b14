// SPDX-License-Identifier: MIT

/// Moves keyboard focus through the focus chain and keeps it across frames: Tab and Shift+Tab
/// step through the chain, wrapping at its ends; Space and Return activate the focused entry;
/// the arrows step a focused slider or choice, move along a focused switch or list. The ring
/// shows from the first Tab until the next pointer press, so pointer users never see it.
///
/// Each frame the overlay hands it the frame's keys before the widgets run (`handle(_:)`),
/// then the chain the widgets registered (`update(with:)`). When the focused widget is gone
/// from the new chain, focus moves to the nearest widget after it that is still there; when a
/// list opens over the interface focus enters it, and when the list closes focus returns to
/// where it was. Main thread only (it lives in `Overlay`).
public struct FocusNavigator: Sendable {
  /// What this frame's keys ask of the focused widgets.
  public struct Request: Hashable, Sendable {
    /// The entry Space or Return activated: its widget reacts as to a click.
    public var activatedID: ControlID?
    /// The entry the arrows stepped, and by how many steps (positive: right or up, to a
    /// higher value or a later choice).
    public var steppedID: ControlID?
    /// The steps the arrows asked of `steppedID`.
    public var steps = 0
    /// The entry Tab or an arrow moved focus to this frame, so its widget can come into view.
    public var movedToID: ControlID?

    /// Makes an empty request.
    public init() {}

    /// The steps asked of entry `id` this frame; 0 for any other entry.
    public func steps(for id: ControlID) -> Int { steppedID == id ? steps : 0 }
  }

  /// The entry keyboard focus rests on, if any.
  public private(set) var focusedID: ControlID?
  /// True while the focus ring shows.
  public private(set) var isRingVisible = false
  /// The chain of the last frame: the one the person saw and their keys refer to.
  public private(set) var chain = FocusChain(registered: [])
  /// Where focus rested beneath an open list, to return there when the list closes.
  private var focusBeneath: ControlID?
  /// The entries pressed from outside the keyboard (a screen reader's action), for the next
  /// frame's request.
  private var pressedOutside: [ControlID] = []

  /// Makes a navigator with nothing focused and no ring.
  public init() {}

  /// Reads `keys`; returns the keys left for the rest of the interface and what the keys ask
  /// of the focused widgets. Tab is always the navigator's; Space, Return and the arrows are
  /// only while the ring shows on an entry that takes them.
  public mutating func handle(_ keys: [KeyPress]) -> (passed: [KeyPress], request: Request) {
    var passed: [KeyPress] = []
    var request = Request()
    if !pressedOutside.isEmpty { request.activatedID = pressedOutside.removeFirst() }
    for press in keys {
      if press.key == .tab, press.modifiers.isDisjoint(with: [.control, .alt, .logo]) {
        move(by: press.modifiers.contains(.shift) ? -1 : 1)
        request.movedToID = focusedID
      } else if !take(press, into: &request) {
        passed.append(press)
      }
    }
    return (passed, request)
  }

  /// Presses entry `id` in the next frame as Space on its ring would, without moving focus or
  /// showing the ring: a screen reader's action. Several presses go one a frame, in order.
  public mutating func press(_ id: ControlID) {
    pressedOutside.append(id)
  }

  /// A pointer press: the ring hides and the next Tab starts from the beginning.
  public mutating func pointerPressed() {
    isRingVisible = false
    focusedID = nil
  }

  /// Takes the chain the widgets registered this frame, moves focus off a vanished entry, and
  /// returns the chain with the focus and ring filled in.
  public mutating func update(with next: FocusChain) -> FocusChain {
    if next.layer > chain.layer, focusBeneath == nil {
      focusBeneath = focusedID
    }
    if next.layer < chain.layer, let beneath = focusBeneath, next.index(of: beneath) != nil {
      focusedID = beneath
    }
    if next.layer <= 0 { focusBeneath = nil }
    if let id = focusedID, next.index(of: id) == nil {
      focusedID = Self.replacement(for: id, in: chain, next: next)
    }
    // A Tab pressed before anything was registered lands on the first entry.
    if isRingVisible, focusedID == nil { focusedID = next.entries.first?.id }
    var result = next
    result.focusedID = focusedID
    result.isRingVisible = isRingVisible && focusedID != nil
    chain = result
    return result
  }

  /// The entry to focus when `id`, which was in `old`, is not in `next`: the nearest entry
  /// after it in `old` that `next` still has, wrapping round; else the entry `next` shows as
  /// selected (an open list's current entry); else `next`'s first entry.
  static func replacement(for id: ControlID, in old: FocusChain, next: FocusChain)
    -> ControlID?
  {
    if let index = old.index(of: id) {
      let count = old.entries.count
      for offset in 1..<max(count, 1) {
        let candidate = old.entries[(index + offset) % count].id
        if next.index(of: candidate) != nil { return candidate }
      }
    }
    return (next.entries.first { $0.state.isSelected } ?? next.entries.first)?.id
  }

  private mutating func move(by offset: Int) {
    let wasVisible = isRingVisible
    isRingVisible = true
    // The first Tab shows the ring on the focused entry, if one is kept, else the first.
    if !wasVisible, let id = focusedID, chain.index(of: id) != nil { return }
    focusedID = chain.entry(after: focusedID, offset: offset)?.id
  }

  /// Handles Space, Return and the arrows on the focused entry; false leaves the key to the
  /// interface.
  private mutating func take(_ press: KeyPress, into request: inout Request) -> Bool {
    guard isRingVisible, press.modifiers.isEmpty,
      let entry = focusedID.flatMap(chain.entry(withID:))
    else {
      return false
    }
    switch press.key {
    case .space, .enter:
      request.activatedID = entry.id
      return true
    case .left, .right, .up, .down:
      return step(entry, forward: press.key == .right || press.key == .down, press.key, &request)
    default:
      return false
    }
  }

  private mutating func step(
    _ entry: FocusEntry, forward: Bool, _ key: Key, _ request: inout Request
  ) -> Bool {
    switch entry.role {
    case .slider:
      // Up raises a slider as Right does.
      request.steppedID = entry.id
      request.steps += key == .right || key == .up ? 1 : -1
      return true
    case .comboBox:
      request.steppedID = entry.id
      request.steps += forward ? 1 : -1
      return true
    case .radioButton:
      guard let neighbour = chain.neighbour(of: entry.id, offset: forward ? 1 : -1) else {
        return true
      }
      focusedID = neighbour.id
      request.activatedID = neighbour.id
      request.movedToID = neighbour.id
      return true
    case .listItem:
      // The list moves its own highlight with the arrows; the ring follows it.
      if key == .up || key == .down,
        let neighbour = chain.neighbour(of: entry.id, offset: forward ? 1 : -1)
      {
        focusedID = neighbour.id
        request.movedToID = neighbour.id
      }
      return false
    case .button, .toggleButton, .switchControl, .image:
      return false
    }
  }
}
