// SPDX-License-Identifier: MIT
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A file descriptor received from the bus (type `h`), owned by this object: it is closed when
/// the object goes away unless `take()` handed it on first. Any thread (the descriptor sits
/// behind a `Mutex`).
public final class BusFileDescriptor: Sendable, Equatable, CustomStringConvertible {
  private let slot: Mutex<Int32?>

  /// Takes ownership of `descriptor`.
  public init(owning descriptor: Int32) { slot = Mutex(descriptor) }

  deinit {
    if let descriptor = slot.withLock({ $0.take() }) { close(descriptor) }
  }

  /// The descriptor, still owned here (to send it again); nil once taken.
  public var rawValue: Int32? { slot.withLock { $0 } }

  /// Hands the descriptor over: the caller closes it from now on. Nil when taken before.
  public func take() -> Int32? { slot.withLock { $0.take() } }

  /// Two descriptors are equal when they are the same object.
  public static func == (lhs: BusFileDescriptor, rhs: BusFileDescriptor) -> Bool { lhs === rhs }

  /// `fd N`, or `fd (taken)`.
  public var description: String { rawValue.map { "fd \($0)" } ?? "fd (taken)" }
}
