// SPDX-License-Identifier: MIT
import Library

/// An intent of the library grid. The app's `LibraryController` carries it out.
public enum LibraryAction: Hashable, Sendable {
  /// Open the grid (B, or the button by the thumbnail strip).
  case open
  /// Close the grid (Escape, B, or its Close button).
  case close
  /// A click on item `index`: `count` 2 is a double click, which opens the item.
  case click(index: Int, gesture: LibrarySelection.Gesture, count: Int)
  /// Scroll by this many points (positive: down, towards older items).
  case scroll(by: Double)
  /// Scroll to this offset in points (the scrollbar's thumb was dragged).
  case scrollTo(Double)
  /// Move the keyboard cursor; Shift extends the selection.
  case step(LibraryBrowser.Step, extending: Bool)
  /// Ctrl+A.
  case selectAll
  /// Return: open the cursor's item in the viewer.
  case openCursorItem
  /// Delete: move the selection to the Trash.
  case trashSelection
  /// Ctrl+Z or the toast's Undo: bring back the last selection moved to the Trash.
  case undoTrash
  /// Star or unstar the selection.
  case toggleFavourite
  /// Show only favourites, or everything.
  case toggleFavouritesFilter
  /// Put the cursor's photo on the clipboard.
  case copy
  /// Open the cursor's item in the desktop's default application.
  case openWith
  /// Show the cursor's item in the file manager.
  case showInFiles
}
