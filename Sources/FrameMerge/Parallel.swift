// SPDX-License-Identifier: MIT
import Dispatch

/// Runs independent pieces of one job on every core and returns when all are done.
enum Parallel {
  /// Calls `body` once for each index in `0..<count`, spread over the machine's cores (the
  /// caller's thread takes part). `body` must touch only what its index owns.
  static func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
    guard count > 1 else {
      if count == 1 { body(0) }
      return
    }
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }
}

/// A buffer that parallel pieces of one job write to, each only at the indices it owns; that
/// ownership, not a lock, is what makes sharing it safe. Valid only while the buffer it was
/// made from is.
struct SharedSlots<Element>: @unchecked Sendable {
  // @unchecked: no lock. The thread that made the buffer owns it and waits for every piece
  // (`concurrentPerform` returns when all have); each piece touches only its own indices.
  private let buffer: UnsafeMutableBufferPointer<Element>

  /// Shares `buffer`.
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

  /// The element at `index`.
  subscript(index: Int) -> Element {
    get { buffer[index] }
    nonmutating set { buffer[index] = newValue }
  }
}
