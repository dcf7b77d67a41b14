// SPDX-License-Identifier: MIT
import CZXingGlue
import CameraModel

/// Reads codes with ZXing-C++ through its one-function C glue. Owner's thread only (it keeps
/// scratch buffers).
final class ZXingDecoder {
  /// Most codes taken from one image.
  static let capacity = 32
  /// Bytes of text kept from one image.
  static let textCapacity = 64 * 1024

  private var codes = [czxing_code](repeating: czxing_code(), count: ZXingDecoder.capacity)
  private var text = [CChar](repeating: 0, count: ZXingDecoder.textCapacity)

  /// The codes in `image`, with corners in the coordinates of the frame it was cut from.
  func decode(_ image: LumaImage) -> [DetectedCode] {
    let count = image.pixels.withUnsafeBufferPointer { pixels in
      codes.withUnsafeMutableBufferPointer { codes in
        text.withUnsafeMutableBufferPointer { text in
          czxing_read_luma(
            pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width),
            codes.baseAddress, Int32(codes.count), text.baseAddress, text.count)
        }
      }
    }
    guard count > 0 else { return [] }
    return codes.prefix(min(Int(count), codes.count)).compactMap { code in
      guard code.text_offset <= text.count, code.text_length <= text.count - code.text_offset
      else { return nil }
      let string = text[code.text_offset..<(code.text_offset + code.text_length)]
        .withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
      let xs = withUnsafeBytes(of: code.x) { Array($0.bindMemory(to: Int32.self)) }
      let ys = withUnsafeBytes(of: code.y) { Array($0.bindMemory(to: Int32.self)) }
      let corners = zip(xs, ys).map {
        Point(
          x: Double(Int($0) + image.origin.x), y: Double(Int($1) + image.origin.y))
      }
      let name = withUnsafeBytes(of: code.format) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      return DetectedCode(text: string, symbology: Self.symbology(named: name), corners: corners)
    }
  }

  /// ZXing's format names (`ToString(BarcodeFormat)`) mapped onto Pinhole's kinds.
  static func symbology(named name: String) -> Symbology {
    switch name {
    case "QRCode", "MicroQRCode": .qr
    case "DataMatrix": .dataMatrix
    case "EAN-13": .ean13
    case "EAN-8": .ean8
    case "UPC-A": .upcA
    case "UPC-E": .upcE
    case "Code128": .code128
    case "Code39": .code39
    case "Code93": .code93
    case "ITF": .itf
    case "Codabar": .codabar
    case "PDF417": .pdf417
    case "Aztec": .aztec
    case "DataBar", "DataBarExpanded": .dataBar
    default: .other
    }
  }
}
