// SPDX-License-Identifier: MIT

/// Where each tile of the reference is found in another frame: one displacement per tile, in
/// samples of the pyramid level the grid belongs to.
struct TileOffsets: Sendable {
  /// Tiles across.
  let columns: Int
  /// Tiles down.
  let rows: Int
  /// Tile side, in samples of the level.
  let tileSize: Int
  /// Horizontal displacements, row by row.
  var dx: [Int32]
  /// Vertical displacements, row by row.
  var dy: [Int32]

  /// A grid covering a `width × height` level with every displacement zero.
  init(width: Int, height: Int, tileSize: Int) {
    self.tileSize = tileSize
    columns = max((width + tileSize - 1) / tileSize, 1)
    rows = max((height + tileSize - 1) / tileSize, 1)
    dx = [Int32](repeating: 0, count: columns * rows)
    dy = dx
  }

  /// The displacement of the tile in column `column` and row `row`, clamped into the grid.
  func offset(column: Int, row: Int) -> (x: Int, y: Int) {
    let index = min(max(row, 0), rows - 1) * columns + min(max(column, 0), columns - 1)
    return (Int(dx[index]), Int(dy[index]))
  }
}
