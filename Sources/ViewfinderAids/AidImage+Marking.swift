// SPDX-License-Identifier: MIT

/// The buffers an aid works on while it marks a picture from a luma plane row by row (the
/// peaking and the zebras). Valid only inside `AidImage.withMarkingBuffers(of:_:)`.
struct MarkingBuffers {
  /// The luma samples, rows top to bottom.
  var source: UnsafePointer<UInt8>
  /// The picture's pixels, one word each (see `Color.word`), rows top to bottom.
  var pixels: UnsafeMutablePointer<UInt32>
  /// The picture's `marks`.
  var marks: UnsafeMutableBufferPointer<UInt8>
  /// One byte per pixel of a row, rounded up to whole squares, zero at the start: the aid
  /// sets the bytes of the pixels it marks in a row, then calls `noteMarks(row:)`.
  var flags: UnsafeMutablePointer<UInt8>
  /// Squares across the picture.
  var columns: Int

  /// Notes in `marks` the squares of pixel row `y` that `flags` marks.
  @inline(__always)
  func noteMarks(row y: Int) {
    AidImage.noteMarks(row: y, flags: flags, columns: columns, into: marks)
  }
}

extension AidImage {
  /// Runs `body` with `luma`'s samples, this picture's pixels and marks, and a zeroed row of
  /// flags; `body` is not run when the picture is empty. `luma` must have the picture's size.
  @inline(__always)
  mutating func withMarkingBuffers(of luma: LumaPlane, _ body: (MarkingBuffers) -> Void) {
    precondition(width == luma.width && height == luma.height, "size mismatch")
    let columns = tileColumns
    let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: columns * Self.tileSize)
    flags.initialize(repeating: 0, count: columns * Self.tileSize)
    defer { flags.deallocate() }
    luma.samples.withUnsafeBufferPointer { source in
      rgba.withUnsafeMutableBytes { bytes in
        marks.withUnsafeMutableBufferPointer { marks in
          let pixels = bytes.bindMemory(to: UInt32.self)
          guard let source = source.baseAddress, let pixels = pixels.baseAddress else { return }
          body(
            MarkingBuffers(
              source: source, pixels: pixels, marks: marks, flags: flags, columns: columns))
        }
      }
    }
  }
}
