// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// The fields Pinhole reads from `/proc/PID/stat`: CPU time and start time, in clock ticks.
///
/// The second field is the program's name in parentheses, which may itself hold spaces and
/// parentheses, so fields are counted after the last `)`. Every field is range-checked: a
/// truncated or damaged line gives nil, never a trap. Pure parsing; any thread.
public struct ProcessStat: Sendable, Equatable {
  /// Time spent in user mode (field 14).
  public var userTicks: UInt64
  /// Time spent in the kernel (field 15).
  public var systemTicks: UInt64
  /// When the process started, after boot (field 22).
  public var startTicks: UInt64

  /// User plus kernel time, saturating.
  public var cpuTicks: UInt64 {
    let (sum, overflow) = userTicks.addingReportingOverflow(systemTicks)
    return overflow ? .max : sum
  }

  /// Makes the fields.
  public init(userTicks: UInt64, systemTicks: UInt64, startTicks: UInt64) {
    self.userTicks = userTicks
    self.systemTicks = systemTicks
    self.startTicks = startTicks
  }

  /// Parses one stat line; nil when it is not one.
  public init?<Bytes: Collection<UInt8>>(parsing input: Bytes) {
    let bytes = Array(input.prefix(4096))
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    // After the name come fields 3, 4, …: field N is at index N - 3.
    let fields = bytes[bytes.index(after: close)...].split(
      whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
    guard fields.count >= 20, let user = Self.number(fields[11]),
      let system = Self.number(fields[12]), let start = Self.number(fields[19])
    else { return nil }
    self.init(userTicks: user, systemTicks: system, startTicks: start)
  }

  /// This process's line, read with one bounded `read`; nil where /proc is not mounted.
  public static func current() -> ProcessStat? {
    let descriptor = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // A stat line is under 400 bytes; the name is at most 64.
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return ProcessStat(parsing: buffer[..<count])
  }

  private static func number<Digits: Collection<UInt8>>(_ digits: Digits) -> UInt64? {
    // At most 20 decimal digits fit a UInt64; UInt64(_:) rejects signs and overflow itself.
    guard digits.count <= 20 else { return nil }
    return UInt64(String(decoding: digits, as: UTF8.self), radix: 10)
  }
}
