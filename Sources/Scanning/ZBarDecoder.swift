// SPDX-License-Identifier: MIT
import CZBar
import CameraModel

/// Reads codes with zbar. Owner's thread only: a zbar scanner keeps state between calls.
final class ZBarDecoder {
  private let scanner: OpaquePointer

  /// Makes a scanner with every symbology zbar knows enabled, UPC-A reported as itself
  /// (zbar otherwise folds it into EAN-13) and its inter-frame cache off, so each call answers
  /// for its own image.
  init?() {
    guard let scanner = zbar_image_scanner_create() else { return nil }
    self.scanner = scanner
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
    zbar_image_scanner_set_config(scanner, ZBAR_UPCA, ZBAR_CFG_ENABLE, 1)
    zbar_image_scanner_enable_cache(scanner, 0)
  }

  deinit { zbar_image_scanner_destroy(scanner) }

  /// The codes in `image`, with corners in the coordinates of the frame it was cut from.
  func decode(_ image: LumaImage) -> [DetectedCode] {
    guard let zimage = zbar_image_create() else { return [] }
    defer { zbar_image_destroy(zimage) }
    zbar_image_set_format(zimage, CZBAR_FOURCC_Y800)
    zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
    return image.pixels.withUnsafeBytes { bytes -> [DetectedCode] in
      zbar_image_set_data(zimage, bytes.baseAddress, UInt(bytes.count), nil)
      guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
      var codes: [DetectedCode] = []
      var symbol = zbar_image_first_symbol(zimage)
      while let current = symbol {
        codes.append(Self.code(from: current, origin: image.origin))
        symbol = zbar_symbol_next(current)
      }
      return codes
    }
  }

  private static func code(from symbol: OpaquePointer, origin: (x: Int, y: Int)) -> DetectedCode {
    let length = Int(zbar_symbol_get_data_length(symbol))
    let text: String
    if let data = zbar_symbol_get_data(symbol), length > 0 {
      text = String(
        decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    } else {
      text = ""
    }
    let count = min(Int(zbar_symbol_get_loc_size(symbol)), 4096)
    var points: [Point] = []
    for index in 0..<max(count, 0) {
      let x = zbar_symbol_get_loc_x(symbol, UInt32(index))
      let y = zbar_symbol_get_loc_y(symbol, UInt32(index))
      guard x >= 0, y >= 0 else { continue }
      points.append(.init(x: Double(Int(x) + origin.x), y: Double(Int(y) + origin.y)))
    }
    let symbology = symbology(of: zbar_symbol_get_type(symbol))
    return DetectedCode(
      text: text, symbology: symbology, corners: CornerOutline.quadrilateral(points))
  }

  private static func symbology(of type: zbar_symbol_type_t) -> Symbology {
    switch type {
    case ZBAR_QRCODE: .qr
    case ZBAR_EAN13, ZBAR_ISBN13: .ean13
    case ZBAR_EAN8: .ean8
    case ZBAR_UPCA: .upcA
    case ZBAR_UPCE: .upcE
    case ZBAR_CODE128: .code128
    case ZBAR_CODE39: .code39
    case ZBAR_CODE93: .code93
    case ZBAR_I25: .itf
    case ZBAR_CODABAR: .codabar
    case ZBAR_PDF417: .pdf417
    case ZBAR_DATABAR, ZBAR_DATABAR_EXP: .dataBar
    default: .other
    }
  }
}
