// SPDX-License-Identifier: MIT
import CameraModel
import Library

/// What the library grid shows this frame. The app builds it from its `LibraryBrowser`; only
/// the visible tiles travel, never the whole library.
public struct LibraryOverlayState: Hashable, Sendable {
  /// Where headers and tiles sit, in content points.
  public var layout: LibraryGridLayout
  /// How far the grid is scrolled, in points.
  public var offset: Double
  /// The tiles in view.
  public var tiles: [LibraryTile]
  /// Items shown (all, or the favourites).
  public var itemCount: Int
  /// Items selected.
  public var selectedCount: Int
  /// True while only favourites are shown.
  public var showsFavouritesOnly: Bool
  /// False until the folders were listed once.
  public var isListed: Bool
  /// The line at the bottom ("Moved 3 items to the Trash"), if any.
  public var toast: String?
  /// True when the toast offers Undo.
  public var canUndo: Bool

  /// Makes a state.
  public init(
    layout: LibraryGridLayout, offset: Double, tiles: [LibraryTile], itemCount: Int,
    selectedCount: Int, showsFavouritesOnly: Bool = false, isListed: Bool = true,
    toast: String? = nil, canUndo: Bool = false
  ) {
    self.layout = layout
    self.offset = offset
    self.tiles = tiles
    self.itemCount = itemCount
    self.selectedCount = selectedCount
    self.showsFavouritesOnly = showsFavouritesOnly
    self.isListed = isListed
    self.toast = toast
    self.canUndo = canUndo
  }
}

extension LibraryOverlayState {
  /// The toolbar's height, in points.
  static let toolbarHeight = 52.0
  /// Space around the grid, in points.
  static let margin = 12.0
  /// The scrollbar's width, in points.
  static let scrollbarWidth = 10.0

  /// The grid's scrolling area for a window `size` points large, in points: the app lays the
  /// library out in it, the overlay draws it there.
  public static func gridArea(windowSize size: Size) -> Rect {
    let top = toolbarHeight + margin / 2
    return Rect(
      x: margin, y: top, width: max(size.width - 3 * margin - scrollbarWidth, 1),
      height: max(size.height - top - margin / 2, 1))
  }
}

/// One tile in view.
public struct LibraryTile: Hashable, Sendable {
  /// The item's index in the shown list.
  public var index: Int
  /// Its thumbnail, once uploaded.
  public var image: ImageID?
  /// The thumbnail's width over height.
  public var aspect: Double
  /// Selected.
  public var isSelected: Bool
  /// The keyboard cursor's item.
  public var isCursor: Bool
  /// Starred.
  public var isFavourite: Bool
  /// A video's length, "0:42"; nil for photos (and videos not yet read).
  public var durationLabel: String?
  /// A video (its duration may not be known yet).
  public var isVideo: Bool

  /// Makes a tile.
  public init(
    index: Int, image: ImageID?, aspect: Double, isSelected: Bool = false,
    isCursor: Bool = false, isFavourite: Bool = false, durationLabel: String? = nil,
    isVideo: Bool = false
  ) {
    self.index = index
    self.image = image
    self.aspect = aspect
    self.isSelected = isSelected
    self.isCursor = isCursor
    self.isFavourite = isFavourite
    self.durationLabel = durationLabel
    self.isVideo = isVideo
  }
}
