// SPDX-License-Identifier: MIT
import CameraModel
import Overlay

/// The accessible tree of one overlay frame: the application, its window, and in the window
/// the frame's focusable controls in reading order, then the notices showing. Built
/// from the frame's focus chain, the list the overlay's widgets register while they draw, so
/// what a screen reader reads and what the window shows have one source. Pure value; any
/// thread.
public struct AccessibleTree: Hashable, Sendable {
  /// The application: the root, with the window as its one child.
  public var application: AccessibleNode
  /// The window: the controls' parent.
  public var window: AccessibleNode
  /// The window's children in reading order.
  public var children: [AccessibleNode]

  /// The key of the application node.
  public static let applicationKey = "application"
  /// The key of the window node.
  public static let windowKey = "window"
  /// The prefix of a notice node's key, before its text.
  public static let noticeKeyPrefix = "notice:"

  /// Makes the tree of a frame: its focus chain, the window's title and size, and the notices
  /// it shows (the status notice, a key's hint).
  public init(
    chain: FocusChain, applicationName: String, windowTitle: String, windowSize: Size,
    notices: [String] = []
  ) {
    application = AccessibleNode(
      key: Self.applicationKey, role: .application, name: applicationName)
    window = AccessibleNode(
      key: Self.windowKey, role: .frame, name: windowTitle,
      states: [.active, .enabled, .sensitive, .showing, .visible],
      extents: Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height))
    children = chain.entries.map { AccessibleNode($0, isFocused: $0.id == chain.focusedID) }
    var seen: Set<String> = []
    for notice in notices where !notice.isEmpty && seen.insert(notice).inserted {
      children.append(
        AccessibleNode(
          key: Self.noticeKeyPrefix + notice, role: .notification, name: notice,
          states: [.enabled, .sensitive, .showing, .visible]))
    }
  }

  /// The node with `key`, if the tree has it.
  public func node(withKey key: String) -> AccessibleNode? {
    switch key {
    case Self.applicationKey: application
    case Self.windowKey: window
    default: children.first { $0.key == key }
    }
  }

  /// The node standing for widget `id`, if the tree has it.
  public func node(for id: WidgetID) -> AccessibleNode? {
    children.first { $0.controlID == id }
  }

  /// The focused node, if any.
  public var focused: AccessibleNode? { children.first { $0.states.contains(.focused) } }

  /// The notices showing.
  public var notices: [String] { children.filter { $0.role == .notification }.map(\.name) }

  /// What changed from `old` to this tree, in the order a screen reader should hear it:
  /// children removed (last first, so each index is right when it is told) and added, names,
  /// values and states of nodes in both, focus, then new notices.
  public func changes(since old: AccessibleTree) -> [AccessibleChange] {
    var changes: [AccessibleChange] = []
    let newKeys = Set(children.map(\.key))
    let oldKeys = Set(old.children.map(\.key))
    for (index, node) in old.children.enumerated().reversed() where !newKeys.contains(node.key) {
      changes.append(.childRemoved(key: node.key, index: index))
    }
    for (index, node) in children.enumerated() where !oldKeys.contains(node.key) {
      changes.append(.childAdded(key: node.key, index: index))
    }
    if window.name != old.window.name { changes.append(.nameChanged(key: Self.windowKey)) }
    if window.extents != old.window.extents { changes.append(.boundsChanged(key: Self.windowKey)) }
    let oldByKey = Dictionary(old.children.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    for node in children {
      guard let before = oldByKey[node.key] else { continue }
      if node.name != before.name { changes.append(.nameChanged(key: node.key)) }
      if node.valueText != before.valueText || node.range != before.range {
        changes.append(.valueChanged(key: node.key))
      }
      let flipped = node.states.symmetricDifference(before.states).subtracting(.focused)
      for (state, _) in AccessibleStates.eventNames where flipped.contains(state) {
        changes.append(
          .stateChanged(key: node.key, state: state, isOn: node.states.contains(state)))
      }
    }
    let focusedKey = focused?.key
    let oldFocusedKey = old.focused?.key
    if focusedKey != oldFocusedKey {
      changes.append(.focusMoved(from: oldFocusedKey, to: focusedKey))
    }
    let oldNotices = Set(old.notices)
    for notice in notices where !oldNotices.contains(notice) {
      changes.append(.announced(notice))
    }
    return changes
  }
}

/// One difference between two accessible trees, as an AT-SPI event tells it.
public enum AccessibleChange: Hashable, Sendable {
  /// The window gained the child `key` at `index`.
  case childAdded(key: String, index: Int)
  /// The window lost the child `key`, which was at `index`.
  case childRemoved(key: String, index: Int)
  /// Node `key` is called something else.
  case nameChanged(key: String)
  /// Node `key` has a new value.
  case valueChanged(key: String)
  /// Node `key` moved or changed size.
  case boundsChanged(key: String)
  /// A state of node `key` other than focus turned on or off.
  case stateChanged(key: String, state: AccessibleStates, isOn: Bool)
  /// Keyboard focus left node `from` for node `to` (either may be none).
  case focusMoved(from: String?, to: String?)
  /// A notice appeared, to be read out.
  case announced(String)
}
