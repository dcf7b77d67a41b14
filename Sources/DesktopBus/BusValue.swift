// SPDX-License-Identifier: MIT

/// One D-Bus value, typed as the wire types it: what `BusConnection` sends as arguments and
/// reads back from replies and signals. Reading a value as a type it is not throws
/// `BusError.unexpectedType`; nothing read from the bus can trap.
public indirect enum BusValue: Sendable, Equatable {
  /// `y`
  case byte(UInt8)
  /// `b`
  case bool(Bool)
  /// `n`
  case int16(Int16)
  /// `q`
  case uint16(UInt16)
  /// `i`
  case int32(Int32)
  /// `u`
  case uint32(UInt32)
  /// `x`
  case int64(Int64)
  /// `t`
  case uint64(UInt64)
  /// `d`
  case double(Double)
  /// `s`
  case string(String)
  /// `o`
  case objectPath(String)
  /// `g`
  case signature(String)
  /// `h`: a descriptor passed over the bus.
  case fileDescriptor(BusFileDescriptor)
  /// `v`: a value carrying its own type.
  case variant(BusValue)
  /// `aT`: elements all of type `elementSignature` (kept so an empty array has a type).
  case array(elementSignature: String, [BusValue])
  /// `a{KV}`: a dictionary as the wire orders it.
  case dictionary(keySignature: String, valueSignature: String, [BusEntry])
  /// `(…)`
  case structure([BusValue])

  /// The D-Bus type signature of this value.
  public var signature: String {
    switch self {
    case .byte: "y"
    case .bool: "b"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .fileDescriptor: "h"
    case .variant: "v"
    case .array(let element, _): "a" + element
    case .dictionary(let key, let value, _): "a{" + key + value + "}"
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    }
  }

  /// An `a{sv}` options dictionary (portal options, property maps), each value wrapped in a
  /// variant, keys in sorted order so the message is the same every time.
  public static func options(_ values: [String: BusValue]) -> BusValue {
    .dictionary(
      keySignature: "s", valueSignature: "v",
      values.sorted { $0.key < $1.key }.map {
        BusEntry(key: .string($0.key), value: .variant($0.value))
      })
  }

  /// The value inside a variant; the value itself otherwise.
  public var unwrapped: BusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  /// The error for reading this value as `expected`.
  private func mismatch(_ expected: String) -> BusError {
    .unexpectedType(expected: expected, found: signature)
  }

  /// The text of an `s` value.
  public func string() throws(BusError) -> String {
    guard case .string(let text) = self else { throw mismatch("s") }
    return text
  }

  /// The path of an `o` value.
  public func objectPath() throws(BusError) -> String {
    guard case .objectPath(let path) = self else { throw mismatch("o") }
    return path
  }

  /// A `b` value.
  public func bool() throws(BusError) -> Bool {
    guard case .bool(let flag) = self else { throw mismatch("b") }
    return flag
  }

  /// A `u` value.
  public func uint32() throws(BusError) -> UInt32 {
    guard case .uint32(let number) = self else { throw mismatch("u") }
    return number
  }

  /// The descriptor of an `h` value.
  public func fileDescriptor() throws(BusError) -> BusFileDescriptor {
    guard case .fileDescriptor(let descriptor) = self else { throw mismatch("h") }
    return descriptor
  }

  /// The value inside a `v`.
  public func variant() throws(BusError) -> BusValue {
    guard case .variant(let inner) = self else { throw mismatch("v") }
    return inner
  }

  /// The elements of an array of any element type.
  public func array() throws(BusError) -> [BusValue] {
    guard case .array(_, let elements) = self else { throw mismatch("a*") }
    return elements
  }

  /// An `a{sv}` dictionary as `[key: value]`, each value taken out of its variant (a key seen
  /// twice keeps its last value).
  public func options() throws(BusError) -> [String: BusValue] {
    guard case .dictionary("s", "v", let entries) = self else { throw mismatch("a{sv}") }
    var result: [String: BusValue] = [:]
    for entry in entries {
      result[try entry.key.string()] = try entry.value.variant()
    }
    return result
  }
}

/// One key and value of a D-Bus dictionary.
public struct BusEntry: Sendable, Equatable {
  /// The key: a basic type.
  public var key: BusValue
  /// The value.
  public var value: BusValue

  /// Makes an entry.
  public init(key: BusValue, value: BusValue) {
    self.key = key
    self.value = value
  }
}

/// The values of one message (a reply's out arguments, a signal's arguments), read by position
/// with their types checked.
public struct BusArguments: Sendable, Equatable {
  /// The values in order.
  public var values: [BusValue]

  /// Wraps `values`.
  public init(_ values: [BusValue]) { self.values = values }

  /// The message's signature: every value's signature in order.
  public var signature: String { values.map(\.signature).joined() }

  /// These arguments when their signature is exactly `expected`; `.unexpectedType` otherwise.
  /// After this check every typed read by position succeeds.
  public func checked(_ expected: String) throws(BusError) -> BusArguments {
    guard signature == expected else {
      throw .unexpectedType(expected: expected, found: signature)
    }
    return self
  }

  /// The value at `index`; `.missingValue` when there are fewer.
  public func value(at index: Int) throws(BusError) -> BusValue {
    guard values.indices.contains(index) else {
      throw .missingValue(index: index, count: values.count)
    }
    return values[index]
  }
}
