// SPDX-License-Identifier: MIT

/// Deterministic byte mutations in the manner of libFuzzer's: flipped bits, "interesting"
/// bytes and big-endian lengths (0, 1, 0x7F, 0xFF, 0xFFFF, 65500), inserted, deleted and
/// duplicated runs, truncation, and splices with another input. Driven by any seeded
/// generator, so a failing case is reproduced from its seed.
public struct Mutator {
  /// Values that break length and size fields.
  static let interestingBytes: [UInt8] = [0, 1, 0x7F, 0x80, 0xFE, 0xFF]
  static let interestingWords: [UInt16] = [0, 1, 2, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF, 65500]

  /// The largest input a mutation produces, so a run stays fast.
  public var maximumLength = 64 * 1024

  /// Makes a mutator.
  public init() {}

  /// One to four mutations of `input`; `others` feeds splices.
  public func mutate<G: RandomNumberGenerator>(
    _ input: [UInt8], others: [[UInt8]] = [], using generator: inout G
  ) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      bytes = mutateOnce(bytes, others: others, using: &generator)
    }
    return Array(bytes.prefix(maximumLength))
  }

  private func mutateOnce<G: RandomNumberGenerator>(
    _ input: [UInt8], others: [[UInt8]], using generator: inout G
  ) -> [UInt8] {
    var bytes = input
    guard !bytes.isEmpty else {
      return (0..<Int.random(in: 1...16, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
    }
    let index = Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<8, using: &generator) {
    case 0:
      bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
    case 1:
      bytes[index] = Self.interestingBytes.randomElement(using: &generator) ?? 0
    case 2:
      guard bytes.count >= 2 else { break }
      let at = min(index, bytes.count - 2)
      let word = Self.interestingWords.randomElement(using: &generator) ?? 0
      bytes[at] = UInt8(word >> 8)
      bytes[at + 1] = UInt8(word & 0xFF)
    case 3:
      let run = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      bytes.insert(contentsOf: run, at: index)
    case 4:
      let end = min(bytes.count, index + Int.random(in: 1...16, using: &generator))
      bytes.removeSubrange(index..<end)
    case 5:
      let end = min(bytes.count, index + Int.random(in: 1...32, using: &generator))
      bytes.insert(
        contentsOf: bytes[index..<end], at: Int.random(in: 0...bytes.count, using: &generator))
    case 6:
      bytes.removeSubrange(index...)
    default:
      guard let other = others.randomElement(using: &generator), !other.isEmpty else { break }
      let from = Int.random(in: 0..<other.count, using: &generator)
      bytes = Array(bytes[..<index]) + other[from...]
    }
    return bytes
  }
}
