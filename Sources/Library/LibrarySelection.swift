// SPDX-License-Identifier: MIT
import Foundation

/// Which items of the grid are selected, and the rules of the usual file-manager gestures: a
/// click selects one item, Ctrl-click toggles one, Shift-click selects the run from the anchor
/// (the item last clicked without Shift) to the clicked one, Ctrl+A selects everything. Items
/// are kept by file, so a selection survives the listing changing under it. Pure: tests drive
/// it with plain lists.
public struct LibrarySelection: Hashable, Sendable {
  /// How a click modifies the selection.
  public enum Gesture: Hashable, Sendable {
    /// A plain click: only this item.
    case replace
    /// Ctrl-click: this item in or out, the others kept.
    case toggle
    /// Shift-click: the run from the anchor to this item, replacing the rest.
    case extend
    /// Ctrl+Shift-click: the run from the anchor to this item, added to the rest.
    case extendAdding
  }

  /// The selected files.
  public private(set) var selected: Set<URL> = []
  /// Where Shift-click ranges start.
  public private(set) var anchor: URL?
  /// The item the keyboard moves from (the last one clicked or stepped to).
  public private(set) var cursor: URL?

  /// An empty selection.
  public init() {}

  /// Number of selected files.
  public var count: Int { selected.count }

  /// True when `url` is selected.
  public func contains(_ url: URL) -> Bool { selected.contains(url) }

  /// Applies a click on item `index` of `items` with `gesture`.
  public mutating func click(_ index: Int, in items: [URL], gesture: Gesture) {
    guard items.indices.contains(index) else { return }
    let url = items[index]
    switch gesture {
    case .replace:
      selected = [url]
      anchor = url
    case .toggle:
      if selected.remove(url) == nil { selected.insert(url) }
      anchor = url
    case .extend, .extendAdding:
      let start = anchor.flatMap { items.firstIndex(of: $0) } ?? index
      let run = items[min(start, index)...max(start, index)]
      if gesture == .extend { selected = Set(run) } else { selected.formUnion(run) }
      if anchor == nil { anchor = url }
    }
    cursor = url
  }

  /// Moves the keyboard cursor to item `index`; `extending` (Shift held) selects the run from
  /// the anchor, otherwise the item alone is selected.
  public mutating func moveCursor(to index: Int, in items: [URL], extending: Bool) {
    click(index, in: items, gesture: extending ? .extend : .replace)
  }

  /// Selects every item of `items` (Ctrl+A).
  public mutating func selectAll(_ items: [URL]) {
    selected = Set(items)
    if anchor == nil { anchor = items.first }
    if cursor == nil { cursor = items.first }
  }

  /// Selects nothing.
  public mutating func clear() {
    selected = []
  }

  /// Drops files that are no longer among `items` (deleted, or filtered out).
  public mutating func keepOnly(_ items: [URL]) {
    let present = Set(items)
    selected.formIntersection(present)
    if let anchor, !present.contains(anchor) { self.anchor = nil }
    if let cursor, !present.contains(cursor) { self.cursor = nil }
  }

  /// The selected files in the order of `items`.
  public func ordered(in items: [URL]) -> [URL] { items.filter { selected.contains($0) } }
}
