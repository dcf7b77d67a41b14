// SPDX-License-Identifier: MIT

/// Reads a JPEG's marker segments one at a time, from the start-of-image marker up to the
/// first start-of-scan (ITU-T T.81, B.1.1): each segment's marker and where it lies, from its
/// headers alone, never the entropy-coded data. Fill bytes before a marker are skipped; TEM
/// and RSTn stand alone, without a length. Every length is checked against the bytes there
/// are before it is used. Pure; any thread.
public struct JPEGMarkerReader<Bytes: RandomAccessCollection>
where Bytes.Element == UInt8, Bytes.Index == Int {
  /// One marker segment.
  public struct Segment: Equatable, Sendable {
    /// The marker byte (0xE1 for APP1, 0xDA for SOS).
    public var marker: UInt8
    /// The offset of its 0xFF, from the start of the bytes.
    public var start: Int
    /// The offset just past it: past its payload, or past the marker for one without a length;
    /// for SOS, past its header, where the scan's data begins.
    public var end: Int
  }

  /// Why the bytes are not a JPEG's segments.
  public enum Problem: Error, Equatable, Sendable {
    /// They do not start with the start-of-image marker (FF D8).
    case notJPEG
    /// A marker was expected at this offset.
    case noMarker(at: Int)
    /// The segment at this offset runs past the end of the bytes.
    case truncated(at: Int)
    /// The segment at this offset gives a length under 2.
    case badLength(Int, at: Int)
  }

  /// The marker that starts a scan: reading ends with its segment.
  public static var startOfScan: UInt8 { 0xDA }

  private let bytes: Bytes
  /// Where the next marker (or fill byte) is, counted from the start of the bytes.
  private var offset = 2
  private var hasReachedScan = false

  /// Starts reading `bytes`, which must begin with the start-of-image marker.
  public init(_ bytes: Bytes) throws(Problem) {
    guard bytes.count >= 2, bytes[bytes.startIndex] == 0xFF, bytes[bytes.startIndex + 1] == 0xD8
    else { throw .notJPEG }
    self.bytes = bytes
  }

  /// Reads `bytes` of a JPEG from `offset` on, where a segment starts (the start-of-image
  /// marker is not looked for). An offset outside the bytes reads nothing.
  public init(_ bytes: Bytes, resumingAt offset: Int) {
    self.bytes = bytes
    self.offset = max(0, offset)
  }

  /// The marker of the next segment, when a marker stands right at the reading position
  /// (no fill bytes skipped); nil otherwise, or once the scan was reached.
  public var nextMarker: UInt8? {
    guard !hasReachedScan, offset + 1 < bytes.count, byte(at: offset) == 0xFF else { return nil }
    let marker = byte(at: offset + 1)
    return marker == 0xFF ? nil : marker
  }

  /// The next segment; nil at the end of the bytes or once the start-of-scan segment was read.
  public mutating func next() throws(Problem) -> Segment? {
    guard !hasReachedScan else { return nil }
    while offset + 1 < bytes.count, byte(at: offset) == 0xFF, byte(at: offset + 1) == 0xFF {
      offset += 1  // A fill byte before the marker (T.81 B.1.1.2).
    }
    guard offset + 1 < bytes.count else { return nil }
    guard byte(at: offset) == 0xFF else { throw .noMarker(at: offset) }
    let start = offset
    let marker = byte(at: offset + 1)
    if marker == 0x01 || (0xD0...0xD7).contains(marker) {
      offset += 2
      return Segment(marker: marker, start: start, end: offset)
    }
    guard offset + 3 < bytes.count else { throw .truncated(at: start) }
    let length = Int(byte(at: offset + 2)) << 8 | Int(byte(at: offset + 3))
    guard length >= 2 else { throw .badLength(length, at: start) }
    let end = start + 2 + length
    guard end <= bytes.count else { throw .truncated(at: start) }
    offset = end
    hasReachedScan = marker == Self.startOfScan
    return Segment(marker: marker, start: start, end: end)
  }

  private func byte(at position: Int) -> UInt8 { bytes[bytes.startIndex + position] }
}
