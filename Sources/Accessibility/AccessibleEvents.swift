// SPDX-License-Identifier: MIT
import DesktopBus

/// Turns the changes between two trees into the AT-SPI events a screen reader listens for:
/// `org.a11y.atspi.Event.Object` signals with the arguments `siiva{sv}` (detail, two numbers,
/// a value, and properties, left empty). Pure; any thread.
public enum AccessibleEvents {
  /// The interface of object events.
  public static let objectInterface = "org.a11y.atspi.Event.Object"

  /// The signals telling `changes`, which lead to `tree`, from bus name `busName`.
  public static func signals(
    for changes: [AccessibleChange], in tree: AccessibleTree, busName: String
  ) -> [BusSignal] {
    let service = AccessibleService(tree: tree, busName: busName)
    let windowPath = AccessiblePath.path(forKey: AccessibleTree.windowKey)
    var signals: [BusSignal] = []
    for change in changes {
      switch change {
      case .childAdded(let key, let index):
        signals.append(
          event(
            "ChildrenChanged", on: windowPath, detail: "add", Int32(clamping: index),
            value: service.reference(key)))
      case .childRemoved(let key, let index):
        signals.append(
          event(
            "ChildrenChanged", on: windowPath, detail: "remove", Int32(clamping: index),
            value: service.reference(key)))
      case .nameChanged(let key):
        guard let node = tree.node(withKey: key) else { continue }
        signals.append(
          event(
            "PropertyChange", on: AccessiblePath.path(forKey: key), detail: "accessible-name",
            value: .string(node.name)))
      case .valueChanged(let key):
        guard let node = tree.node(withKey: key) else { continue }
        let value: BusValue =
          node.range.map { .double($0.current) } ?? .string(node.valueText ?? "")
        signals.append(
          event(
            "PropertyChange", on: AccessiblePath.path(forKey: key), detail: "accessible-value",
            value: value))
      case .boundsChanged(let key):
        guard let extents = tree.node(withKey: key)?.extents else { continue }
        let rect = AccessibleService.pixels(extents)
        signals.append(
          event(
            "BoundsChanged", on: AccessiblePath.path(forKey: key), detail: "",
            value: .structure([.int32(rect.0), .int32(rect.1), .int32(rect.2), .int32(rect.3)])))
      case .stateChanged(let key, let state, let isOn):
        guard let name = AccessibleStates.eventNames.first(where: { $0.0 == state })?.1 else {
          continue
        }
        signals.append(stateChanged(name, key: key, isOn: isOn))
      case .focusMoved(let from, let to):
        if let from { signals.append(stateChanged("focused", key: from, isOn: false)) }
        if let to { signals.append(stateChanged("focused", key: to, isOn: true)) }
      case .announced(let text):
        // Orca 45 and later speak Announcement; earlier readers hear the notification node,
        // added to the window or renamed, through the events above.
        signals.append(
          event("Announcement", on: AccessiblePath.root, detail: "", 1, value: .string(text)))
      }
    }
    return signals
  }

  private static func stateChanged(_ name: String, key: String, isOn: Bool) -> BusSignal {
    event(
      "StateChanged", on: AccessiblePath.path(forKey: key), detail: name, isOn ? 1 : 0,
      value: .int32(0))
  }

  private static func event(
    _ member: String, on path: String, detail: String, _ detail1: Int32 = 0,
    value: BusValue
  ) -> BusSignal {
    BusSignal(
      path: path, interface: objectInterface, member: member,
      arguments: [
        .string(detail), .int32(detail1), .int32(0), .variant(value),
        .dictionary(keySignature: "s", valueSignature: "v", []),
      ])
  }
}
