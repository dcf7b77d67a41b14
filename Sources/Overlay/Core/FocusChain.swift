// SPDX-License-Identifier: MIT

import CameraModel

/// The widgets keyboard focus can rest on in one frame, in reading order, and the one it rests
/// on. The overlay builds it from the entries its widgets register while it draws them, so
/// what Tab walks through, where the ring is drawn and what an accessibility bridge reads are
/// one list. Pure value; any thread.
///
/// Reading order: groups (a panel, a bar, a lone button) run top to bottom and, along one row,
/// left to right; inside a group its entries run in the same order. Only the entries of the
/// highest layer take part, so an open list keeps the keyboard to itself.
public struct FocusChain: Hashable, Sendable {
  /// The entries, in reading order.
  public private(set) var entries: [FocusEntry]
  /// The entry keyboard focus rests on, if any.
  public var focusedID: ControlID?
  /// True while the focus ring shows (after Tab, until the next click).
  public var isRingVisible: Bool

  /// The layer the entries come from; 0 for an empty chain.
  public var layer: Int { entries.first?.layer ?? 0 }

  /// Makes a chain of `registered` entries, given in any order: those of the highest layer,
  /// sorted into reading order. The first of several entries with one ID wins.
  public init(registered: [FocusEntry], focusedID: ControlID? = nil, isRingVisible: Bool = false) {
    let top = registered.map(\.layer).max() ?? 0
    var seen: Set<ControlID> = []
    let unique = registered.filter { $0.layer == top && seen.insert($0.id).inserted }
    var groups: [Rect: [FocusEntry]] = [:]
    var keys: [Rect] = []
    for entry in unique {
      let key = entry.group ?? entry.rect
      if groups[key] == nil { keys.append(key) }
      groups[key, default: []].append(entry)
    }
    entries = Self.readingOrder(keys, rect: { $0 }).flatMap { key in
      Self.readingOrder(groups[key] ?? [], rect: \.rect)
    }
    self.focusedID = focusedID
    self.isRingVisible = isRingVisible
  }

  /// The focused entry, when it is in the chain.
  public var focused: FocusEntry? { focusedID.flatMap(entry(withID:)) }

  /// The entry named `id`, if it is in the chain.
  public func entry(withID id: ControlID) -> FocusEntry? { entries.first { $0.id == id } }

  /// The position of entry `id` in reading order, if it is in the chain.
  public func index(of id: ControlID) -> Int? { entries.firstIndex { $0.id == id } }

  /// The entry `offset` places after `id` (before it when negative), wrapping round the ends;
  /// the first (or, going back, the last) entry when `id` is `nil` or not in the chain.
  public func entry(after id: ControlID?, offset: Int = 1) -> FocusEntry? {
    guard !entries.isEmpty else { return nil }
    guard let id, let index = index(of: id) else {
      return offset >= 0 ? entries.first : entries.last
    }
    let count = entries.count
    return entries[((index + offset) % count + count) % count]
  }

  /// The neighbour `offset` places from `id` inside its own group and of its own role, without
  /// wrapping: the next segment of a switch, the next entry of a list. `nil` at either end.
  public func neighbour(of id: ControlID, offset: Int) -> FocusEntry? {
    guard let index = index(of: id) else { return nil }
    let entry = entries[index]
    let target = index + offset
    guard entries.indices.contains(target) else { return nil }
    let other = entries[target]
    return other.group == entry.group && other.role == entry.role ? other : nil
  }

  /// `items` in reading order of their rectangles: sorted by top edge, an item whose top edge
  /// lies above the middle of a row's first item joins that row, and each row runs left to
  /// right. Ties keep the given order, so the result does not depend on how a sort breaks them.
  static func readingOrder<Item>(_ items: [Item], rect: (Item) -> Rect) -> [Item] {
    let byTop = items.enumerated().sorted { a, b in
      let (ya, yb) = (rect(a.element).minY, rect(b.element).minY)
      return ya != yb ? ya < yb : a.offset < b.offset
    }
    var rows: [[(offset: Int, element: Item)]] = []
    var rowMiddle = -Double.infinity
    for item in byTop {
      if !rows.isEmpty, rect(item.element).minY < rowMiddle {
        rows[rows.count - 1].append(item)
      } else {
        rows.append([item])
        rowMiddle = rect(item.element).center.y
      }
    }
    return rows.flatMap { row in
      row.sorted { a, b in
        let (xa, xb) = (rect(a.element).minX, rect(b.element).minX)
        return xa != xb ? xa < xb : a.offset < b.offset
      }.map(\.element)
    }
  }
}
