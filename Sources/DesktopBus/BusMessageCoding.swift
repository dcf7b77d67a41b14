// SPDX-License-Identifier: MIT
import CSystemdBus

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `BusValue`s into an sd-bus message and reads them back, one value at a time through
/// sd-bus's typed append/read calls (sd-bus checks the wire format; this code checks that each
/// value is what the caller expects). The thread that owns the connection.
enum BusMessageCoding {
  /// The type code as sd-bus takes it.
  private static func code(_ character: Unicode.Scalar) -> CChar {
    CChar(bitPattern: UInt8(ascii: character))
  }

  /// Fails with `call`'s errno when `result` is negative; sd-bus answers EINVAL for a value the
  /// wire format does not allow (a malformed object path or signature).
  private static func check(_ result: Int32, _ call: String, value: BusValue? = nil)
    throws(BusError)
  {
    guard result < 0 else { return }
    if result == -EINVAL, let value {
      throw .invalidArgument("\(value.signature) value \(value) is not valid on D-Bus")
    }
    throw .system(call: call, errno: -result)
  }

  // MARK: Writing

  /// Appends `value` to `message`.
  static func append(_ value: BusValue, to message: OpaquePointer) throws(BusError) {
    switch value {
    case .byte(var number): try appendBasic("y", &number, message, value)
    case .bool(let flag):
      var number: Int32 = flag ? 1 : 0
      try appendBasic("b", &number, message, value)
    case .int16(var number): try appendBasic("n", &number, message, value)
    case .uint16(var number): try appendBasic("q", &number, message, value)
    case .int32(var number): try appendBasic("i", &number, message, value)
    case .uint32(var number): try appendBasic("u", &number, message, value)
    case .int64(var number): try appendBasic("x", &number, message, value)
    case .uint64(var number): try appendBasic("t", &number, message, value)
    case .double(var number): try appendBasic("d", &number, message, value)
    case .string(let text): try appendText("s", text, message, value)
    case .objectPath(let text): try appendText("o", text, message, value)
    case .signature(let text): try appendText("g", text, message, value)
    case .fileDescriptor(let descriptor):
      guard var raw = descriptor.rawValue else {
        throw .invalidArgument("a file descriptor already handed on")
      }
      // sd-bus duplicates the descriptor into the message.
      try appendBasic("h", &raw, message, value)
    case .variant(let inner):
      try inContainer("v", inner.signature, message) { () throws(BusError) in
        try append(inner, to: message)
      }
    case .array(let element, let elements):
      if let stray = elements.first(where: { $0.signature != element }) {
        throw .invalidArgument("a \(stray.signature) element in an array of \(element)")
      }
      try inContainer("a", element, message) { () throws(BusError) in
        for element in elements { try append(element, to: message) }
      }
    case .dictionary(let key, let valueType, let entries):
      for entry in entries
      where entry.key.signature != key || entry.value.signature != valueType {
        throw .invalidArgument(
          "a {\(entry.key.signature)\(entry.value.signature)} entry in a{\(key)\(valueType)}")
      }
      try inContainer("a", "{" + key + valueType + "}", message) { () throws(BusError) in
        for entry in entries {
          try inContainer("e", key + valueType, message) { () throws(BusError) in
            try append(entry.key, to: message)
            try append(entry.value, to: message)
          }
        }
      }
    case .structure(let fields):
      let contents = fields.map(\.signature).joined()
      try inContainer("r", contents, message) { () throws(BusError) in
        for field in fields { try append(field, to: message) }
      }
    }
  }

  private static func appendBasic<T>(
    _ type: Unicode.Scalar, _ pointer: inout T, _ message: OpaquePointer, _ value: BusValue
  ) throws(BusError) {
    let result = withUnsafePointer(to: &pointer) {
      sd_bus_message_append_basic(message, code(type), $0)
    }
    try check(result, "sd_bus_message_append_basic", value: value)
  }

  private static func appendText(
    _ type: Unicode.Scalar, _ text: String, _ message: OpaquePointer, _ value: BusValue
  ) throws(BusError) {
    // C strings end at the first NUL: such a string would be cut short, not sent.
    guard !text.utf8.contains(0) else {
      throw .invalidArgument("a string holding a NUL byte")
    }
    let result = text.withCString { sd_bus_message_append_basic(message, code(type), $0) }
    try check(result, "sd_bus_message_append_basic", value: value)
  }

  private static func inContainer(
    _ type: Unicode.Scalar, _ contents: String, _ message: OpaquePointer,
    _ body: () throws(BusError) -> Void
  ) throws(BusError) {
    try check(
      sd_bus_message_open_container(message, code(type), contents),
      "sd_bus_message_open_container")
    try body()
    try check(sd_bus_message_close_container(message), "sd_bus_message_close_container")
  }

  // MARK: Reading

  /// Every value left in `message` (or in the container it has entered).
  static func readAll(_ message: OpaquePointer) throws(BusError) -> [BusValue] {
    var values: [BusValue] = []
    while let value = try readNext(message) { values.append(value) }
    return values
  }

  /// The next value, or nil at the end of the message or container.
  static func readNext(_ message: OpaquePointer) throws(BusError) -> BusValue? {
    var type: CChar = 0
    var contents: UnsafePointer<CChar>?
    let peeked = sd_bus_message_peek_type(message, &type, &contents)
    try check(peeked, "sd_bus_message_peek_type")
    guard peeked > 0 else { return nil }
    let inner = contents.map { String(cString: $0) } ?? ""
    switch UInt8(bitPattern: type) {
    case UInt8(ascii: "y"): return .byte(try readBasic(type, message, as: UInt8.self))
    case UInt8(ascii: "b"): return .bool(try readBasic(type, message, as: Int32.self) != 0)
    case UInt8(ascii: "n"): return .int16(try readBasic(type, message, as: Int16.self))
    case UInt8(ascii: "q"): return .uint16(try readBasic(type, message, as: UInt16.self))
    case UInt8(ascii: "i"): return .int32(try readBasic(type, message, as: Int32.self))
    case UInt8(ascii: "u"): return .uint32(try readBasic(type, message, as: UInt32.self))
    case UInt8(ascii: "x"): return .int64(try readBasic(type, message, as: Int64.self))
    case UInt8(ascii: "t"): return .uint64(try readBasic(type, message, as: UInt64.self))
    case UInt8(ascii: "d"): return .double(try readBasic(type, message, as: Double.self))
    case UInt8(ascii: "s"): return .string(try readText(type, message))
    case UInt8(ascii: "o"): return .objectPath(try readText(type, message))
    case UInt8(ascii: "g"): return .signature(try readText(type, message))
    case UInt8(ascii: "h"): return .fileDescriptor(try readDescriptor(message))
    case UInt8(ascii: "v"):
      let values = try entered(type, inner, message)
      guard values.count == 1, let value = values.first else {
        throw .unexpectedType(expected: "v", found: "v(" + values.map(\.signature).joined() + ")")
      }
      return .variant(value)
    case UInt8(ascii: "a"):
      let elements = try entered(type, inner, message)
      guard inner.hasPrefix("{") else { return .array(elementSignature: inner, elements) }
      return try dictionary(inner, elements)
    case UInt8(ascii: "r"), UInt8(ascii: "e"):
      return .structure(try entered(type, inner, message))
    default:
      throw .unexpectedType(
        expected: "a D-Bus type", found: String(UnicodeScalar(UInt8(bitPattern: type))))
    }
  }

  /// An array of dict entries (read as two-field structures) as a dictionary.
  private static func dictionary(_ elementSignature: String, _ elements: [BusValue])
    throws(BusError) -> BusValue
  {
    // "{KV}": the key is one basic type code, the value the rest.
    let body = elementSignature.dropFirst().dropLast()
    guard let keyType = body.first else {
      throw .unexpectedType(expected: "a{KV}", found: "a" + elementSignature)
    }
    let valueType = String(body.dropFirst())
    var entries: [BusEntry] = []
    for element in elements {
      guard case .structure(let fields) = element, fields.count == 2 else {
        throw .unexpectedType(expected: elementSignature, found: element.signature)
      }
      entries.append(BusEntry(key: fields[0], value: fields[1]))
    }
    return .dictionary(keySignature: String(keyType), valueSignature: valueType, entries)
  }

  private static func entered(_ type: CChar, _ contents: String, _ message: OpaquePointer)
    throws(BusError) -> [BusValue]
  {
    try check(
      sd_bus_message_enter_container(message, type, contents), "sd_bus_message_enter_container")
    let values = try readAll(message)
    try check(sd_bus_message_exit_container(message), "sd_bus_message_exit_container")
    return values
  }

  private static func readBasic<T: FixedWidthInteger>(
    _ type: CChar, _ message: OpaquePointer, as: T.Type
  ) throws(BusError) -> T {
    var value = T.zero
    try check(sd_bus_message_read_basic(message, type, &value), "sd_bus_message_read_basic")
    return value
  }

  private static func readBasic(_ type: CChar, _ message: OpaquePointer, as: Double.Type)
    throws(BusError) -> Double
  {
    var value = 0.0
    try check(sd_bus_message_read_basic(message, type, &value), "sd_bus_message_read_basic")
    return value
  }

  private static func readText(_ type: CChar, _ message: OpaquePointer) throws(BusError)
    -> String
  {
    var text: UnsafePointer<CChar>?
    try check(sd_bus_message_read_basic(message, type, &text), "sd_bus_message_read_basic")
    return text.map { String(cString: $0) } ?? ""
  }

  /// The descriptor in an `h` value, duplicated: the message owns its copy and closes it with
  /// the message.
  private static func readDescriptor(_ message: OpaquePointer) throws(BusError)
    -> BusFileDescriptor
  {
    let borrowed = try readBasic(code("h"), message, as: Int32.self)
    let owned = fcntl(borrowed, F_DUPFD_CLOEXEC, 3)
    guard owned >= 0 else { throw .system(call: "fcntl(F_DUPFD_CLOEXEC)", errno: errno) }
    return BusFileDescriptor(owning: owned)
  }
}
