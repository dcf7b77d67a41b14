// SPDX-License-Identifier: MIT
import CQREncode
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// A QR code shown in the simulated scene, for testing the code scanner: black modules on a
/// white card with the standard four-module quiet zone, drifting slowly and turning.
///
/// The modules come from libqrencode; drawing is a pure function of the stream time, so any
/// frame is reproducible.
public struct SceneCode: Hashable, Sendable {
  /// The encoded text.
  public let text: String
  /// Modules per side, without the quiet zone.
  public let side: Int
  /// `side * side` modules, row after row; true is dark.
  public let modules: [Bool]
  /// The card's side, quiet zone included, as a fraction of the frame height.
  public var size: Double
  /// How the card moves and turns.
  public var motion: SceneMotion

  /// Modules of quiet zone around the symbol, as ISO/IEC 18004 asks.
  public static let quietZone = 4
  /// Longest text accepted: a version 40 code in byte mode at level M holds 2,331 bytes.
  public static let maximumLength = 2331

  /// Encodes `text` at error-correction level M; nil when it is empty, too long or the library
  /// refuses it. The default path keeps the card inside the scanner's default region: a
  /// sway of a few per cent and a slow turn (about 0.3 radians a second back and forth).
  public init?(
    text: String, size: Double = 0.27,
    motion: SceneMotion = SceneMotion(
      centerX: 0.5, centerY: 0.5, amplitudeX: 0.04, amplitudeY: 0.03, angularSpeedX: 0.7,
      angularSpeedY: 0.5, phase: 0, spin: 0.3)
  ) {
    guard !text.isEmpty, text.utf8.count <= Self.maximumLength, size > 0, size <= 1,
      let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M)
    else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    guard width > 0, width <= 177, let data = code.pointee.data else { return nil }
    self.text = text
    side = width
    // Bit 0 of each byte is the module's colour; the other bits describe its role.
    modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
    self.size = size
    self.motion = motion
  }

  /// The turn at `seconds`: a swing of ±0.6 radians (about 35°) rather than endless spinning,
  /// so the code keeps its orientation within what a hand holds up to a camera.
  func angle(at seconds: Double) -> Double { 0.6 * sin(motion.spin * seconds / 0.6) }

  /// Draws the card into `frame` at `seconds` of stream time: luma per pixel inside the card's
  /// bounding box, neutral chroma over it.
  func draw(at seconds: Double, into frame: NV12Frame) {
    let height = Double(frame.size.height)
    let width = Double(frame.size.width)
    let position = motion.position(at: seconds)
    let cx = position.x * width
    let cy = position.y * height
    let total = Double(side + 2 * Self.quietZone)
    let half = size * height / 2
    let modulePixels = 2 * half / total
    let angle = angle(at: seconds)
    let (c, s) = (cos(angle), sin(angle))
    let reach = half * (abs(c) + abs(s))
    guard cx.isFinite, cy.isFinite, reach.isFinite, modulePixels > 0 else { return }
    let x0 = max(Int(cx - reach), 0)
    let x1 = min(Int(cx + reach) + 1, frame.size.width)
    let y0 = max(Int(cy - reach), 0)
    let y1 = min(Int(cy + reach) + 1, frame.size.height)
    guard x0 < x1, y0 < y1 else { return }
    frame.withPlaneAddresses { luma, chroma in
      for y in y0..<y1 {
        let dy = Double(y) + 0.5 - cy
        for x in x0..<x1 {
          let dx = Double(x) + 0.5 - cx
          // Undo the turn: card coordinates measured from its top-left corner, in modules.
          let u = (c * dx + s * dy + half) / modulePixels
          let v = (-s * dx + c * dy + half) / modulePixels
          guard u >= 0, v >= 0, u < total, v < total else { continue }
          let column = Int(u) - Self.quietZone
          let row = Int(v) - Self.quietZone
          let isDark =
            column >= 0 && row >= 0 && column < side && row < side && modules[row * side + column]
          luma[y * frame.yStride + x] = isDark ? 24 : 225
        }
      }
      for y in (y0 / 2)..<min((y1 + 1) / 2, frame.chromaHeight) {
        let dy = Double(2 * y + 1) - cy
        for x in (x0 / 2)..<min((x1 + 1) / 2, (frame.size.width + 1) / 2) {
          let dx = Double(2 * x + 1) - cx
          guard abs(c * dx + s * dy) < half, abs(-s * dx + c * dy) < half else { continue }
          chroma[y * frame.uvStride + 2 * x] = 128
          chroma[y * frame.uvStride + 2 * x + 1] = 128
        }
      }
    }
  }
}
