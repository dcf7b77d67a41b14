// SPDX-License-Identifier: MIT

/// A growable, 64-byte aligned scratch buffer for one image plane. Reused across frames so the
/// steady state allocates nothing.
///
/// Owner's thread only.
final class PlaneBuffer {
  private(set) var pointer: UnsafeMutableRawPointer
  private var capacity: Int

  /// Bytes from one row to the next, as last set by `reserve(width:height:)`.
  private(set) var stride = 0

  init() {
    capacity = 64
    pointer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
  }

  deinit { pointer.deallocate() }

  /// The start of the plane, typed for C calls.
  var bytes: UnsafeMutablePointer<UInt8> { pointer.assumingMemoryBound(to: UInt8.self) }

  /// Makes room for a `width` × `height` plane; the stride is the width rounded up to 64 bytes
  /// so every row starts on a cache line and SIMD row functions may run past the visible width.
  func reserve(width: Int, height: Int) {
    stride = (max(width, 1) + 63) / 64 * 64
    let needed = stride * max(height, 1)
    guard needed > capacity else { return }
    pointer.deallocate()
    pointer = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 64)
    capacity = needed
  }
}
