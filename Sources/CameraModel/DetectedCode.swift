// SPDX-License-Identifier: MIT

/// The kind of a machine-readable code.
public enum Symbology: String, Hashable, Sendable, CaseIterable, Codable {
  /// QR code (including Micro QR).
  case qr = "QR"
  /// Data Matrix.
  case dataMatrix = "DataMatrix"
  /// EAN-13 (and ISBN, which is EAN-13 with a 978/979 prefix).
  case ean13 = "EAN-13"
  /// EAN-8.
  case ean8 = "EAN-8"
  /// UPC-A.
  case upcA = "UPC-A"
  /// UPC-E.
  case upcE = "UPC-E"
  /// Code 128.
  case code128 = "Code 128"
  /// Code 39.
  case code39 = "Code 39"
  /// Code 93.
  case code93 = "Code 93"
  /// Interleaved 2 of 5.
  case itf = "ITF"
  /// Codabar.
  case codabar = "Codabar"
  /// PDF417.
  case pdf417 = "PDF417"
  /// Aztec.
  case aztec = "Aztec"
  /// GS1 DataBar, plain or expanded.
  case dataBar = "DataBar"
  /// A kind the library reported under a name Pinhole does not know.
  case other = "Other"

  /// The name shown to people ("QR", "EAN-13").
  public var displayName: String { rawValue }

  /// True for two-dimensional codes, whose corners outline the symbol; a linear code's
  /// "corners" may be the ends of the scan lines that crossed it.
  public var isMatrix: Bool {
    switch self {
    case .qr, .dataMatrix, .pdf417, .aztec: true
    default: false
    }
  }
}

/// A code found in an image: its text, its kind, and where it lies.
public struct DetectedCode: Hashable, Sendable {
  /// The decoded text (UTF-8 as the library gave it).
  public var text: String
  /// The kind of code.
  public var symbology: Symbology
  /// The outline, in image pixels of the whole frame ((0, 0) is the top-left corner of the
  /// top-left pixel): four corners (top left, top right, bottom right, bottom left) for matrix
  /// codes; for linear codes as many points as the library reported, at least one.
  public var corners: [Point]

  /// Makes a detected code.
  public init(text: String, symbology: Symbology, corners: [Point]) {
    self.text = text
    self.symbology = symbology
    self.corners = corners
  }

  /// The corners' bounding box centre, or nil without corners.
  public var center: Point? {
    guard !corners.isEmpty else { return nil }
    let n = Double(corners.count)
    return Point(
      x: corners.reduce(0) { $0 + $1.x } / n, y: corners.reduce(0) { $0 + $1.y } / n)
  }
}
