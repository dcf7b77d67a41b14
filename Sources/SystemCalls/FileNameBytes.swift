// SPDX-License-Identifier: MIT

/// File names as the kernel keeps them: any bytes but `/` and NUL, not always valid UTF-8.
///
/// A Swift `String` (and so a Foundation `URL`) cannot hold a byte that is not part of valid
/// UTF-8, and decoding one replaces it with U+FFFD, after which the name no longer opens. Pinhole
/// keeps such names lossless by carrying each stray byte 0x80–0xFF as the private-use scalar
/// U+F780–U+F7FF, and turning those back into the bytes wherever a path reaches a system call.
/// Valid UTF-8 names are untouched, except one that spells a stand-in scalar itself (private
/// use, never typed in practice), whose bytes travel as stand-ins too: `bytes(string(b)) == b`
/// for every name `b`. Pure; any thread.
public enum FileNameBytes {
  /// The first scalar of the block that stands for stray bytes: U+F700 + byte.
  private static let strayBase: UInt32 = 0xF700

  /// `bytes` as a string: valid UTF-8 sequences as they are, each stray byte as its stand-in.
  public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    var scalars = String.UnicodeScalarView()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    // The parser reports how many bytes an invalid sequence used; they are replayed through a
    // copy of the input so each one maps to its stand-in.
    var replay = Array(bytes)[...]
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        replay = replay.dropFirst(encoded.count)
        if strayByte(scalar) == nil {
          scalars.append(scalar)
        } else {
          // A name that spells a stand-in itself keeps its bytes as stand-ins too, so every
          // name, whatever it holds, comes back byte for byte.
          for byte in encoded {
            if let standIn = Unicode.Scalar(strayBase + UInt32(byte)) { scalars.append(standIn) }
          }
        }
      case .error(let length):
        let stray = replay.prefix(length)
        replay = replay.dropFirst(length)
        for byte in stray {
          // Bytes below 0x80 are always valid ASCII, so every stray byte is 0x80 or above.
          if let standIn = Unicode.Scalar(strayBase + UInt32(byte)) { scalars.append(standIn) }
        }
      case .emptyInput:
        return String(scalars)
      }
    }
  }

  /// The bytes a path stands for: the inverse of `string(_:)`.
  public static func bytes(_ path: String) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if let byte = strayByte(scalar) {
        result.append(byte)
      } else {
        result.append(contentsOf: String(scalar).utf8)
      }
    }
    return result
  }

  /// Calls `body` with `path` as the NUL-terminated bytes a system call takes.
  public static func withCString<Result, Failure: Error>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let outcome: Swift.Result<Result, Failure> = withTerminatedBytes(path) { pointer in
      Swift.Result { () throws(Failure) -> Result in try body(pointer) }
    }
    return try outcome.get()
  }

  private static func withTerminatedBytes<Result>(
    _ path: String, _ body: (UnsafePointer<CChar>) -> Result
  ) -> Result {
    guard path.unicodeScalars.contains(where: { strayByte($0) != nil }) else {
      return path.withCString(body)
    }
    let terminated = bytes(path).map { CChar(bitPattern: $0) } + [0]
    return terminated.withUnsafeBufferPointer { buffer in
      // A non-empty array always has a base address; the empty path is the fallback.
      guard let base = buffer.baseAddress else { return "".withCString(body) }
      return body(base)
    }
  }

  /// `name` as it may be shown: each stray byte as U+FFFD, the replacement character.
  public static func displayName(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      scalars.append(strayByte(scalar) == nil ? scalar : "\u{FFFD}")
    }
    return String(scalars)
  }

  private static func strayByte(_ scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    guard value >= strayBase + 0x80, value <= strayBase + 0xFF else { return nil }
    return UInt8(value - strayBase)
  }
}
