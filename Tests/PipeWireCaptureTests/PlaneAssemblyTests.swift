// SPDX-License-Identifier: MIT
import CameraModel
import Imaging
import Testing

@testable import PipeWireCapture

/// Frames whose planes arrive in data blocks of their own, with strides longer than their
/// rows, put where the converter reads a single-planar frame.
@Suite struct PlaneAssemblyTests {
  /// A plane of `rows` rows of `rowBytes`, each row's bytes `value(row, column)`, padded to
  /// `stride` with 0xEE.
  static func plane(rows: Int, rowBytes: Int, stride: Int, _ value: (Int, Int) -> UInt8)
    -> [UInt8]
  {
    (0..<rows).flatMap { row in
      (0..<rowBytes).map { value(row, $0) }
        + [UInt8](repeating: 0xEE, count: stride - rowBytes)
    }
  }

  @Test func nv12PlanesApartArePackedAtTheLumaStride() throws {
    let size = FrameSize(width: 6, height: 4)
    let luma = Self.plane(rows: 4, rowBytes: 6, stride: 16) { UInt8($0 * 10 + $1) }
    let chroma = Self.plane(rows: 2, rowBytes: 6, stride: 24) { UInt8(100 + $0 * 10 + $1) }
    var scratch: UnsafeMutableRawBufferPointer?
    defer { scratch?.deallocate() }
    let result = try luma.withUnsafeBytes { y in
      try chroma.withUnsafeBytes { uv in
        let assembled = try #require(
          PlaneAssembly.assemble(
            [PlaneView(bytes: y, stride: 16), PlaneView(bytes: uv, stride: 24)], format: .nv12,
            size: size, scratch: &scratch))
        return (Array(assembled.bytes), assembled.bytesPerLine)
      }
    }
    #expect(result.1 == 16)
    // Luma rows at 16, then the chroma rows at 16 too (V4L2's NV12 layout).
    for row in 0..<4 {
      #expect(Array(result.0[row * 16..<row * 16 + 6]) == (0..<6).map { UInt8(row * 10 + $0) })
    }
    for row in 0..<2 {
      let start = 64 + row * 16
      #expect(Array(result.0[start..<start + 6]) == (0..<6).map { UInt8(100 + row * 10 + $0) })
    }
  }

  @Test func i420PlanesApartMakeTheFramePinholeConvertsUnsheared() throws {
    // Odd width: chroma rows hold (7 + 1) / 2 = 4 samples; the source strides are padded.
    let size = FrameSize(width: 7, height: 4)
    let luma = Self.plane(rows: 4, rowBytes: 7, stride: 32) { _, column in column < 4 ? 80 : 160 }
    let u = Self.plane(rows: 2, rowBytes: 4, stride: 16) { _, _ in 128 }
    let v = Self.plane(rows: 2, rowBytes: 4, stride: 16) { _, _ in 128 }
    var scratch: UnsafeMutableRawBufferPointer?
    defer { scratch?.deallocate() }
    let converted = NV12Frame(size: size)
    try luma.withUnsafeBytes { y in
      try u.withUnsafeBytes { cb in
        try v.withUnsafeBytes { cr in
          let assembled = try #require(
            PlaneAssembly.assemble(
              [
                PlaneView(bytes: y, stride: 32), PlaneView(bytes: cb, stride: 16),
                PlaneView(bytes: cr, stride: 16),
              ], format: .yu12, size: size, scratch: &scratch))
          let raw = RawFrame(
            bytes: assembled.bytes, format: .yu12, size: size,
            bytesPerLine: assembled.bytesPerLine)
          try PixelConverter().convert(raw, into: converted)
        }
      }
    }
    for row in 0..<4 {
      let lumaRow = (0..<7).map { converted.luma(x: $0, y: row) }
      #expect(lumaRow == [80, 80, 80, 80, 160, 160, 160], "row \(row)")
    }
  }

  @Test func planesAlreadyInPlaceAreLentWithoutACopy() throws {
    let size = FrameSize(width: 4, height: 2)
    let frame = [UInt8](repeating: 7, count: 8 * 2 + 8 * 1)
    var scratch: UnsafeMutableRawBufferPointer?
    try frame.withUnsafeBytes { bytes in
      let base = try #require(bytes.baseAddress)
      let assembled = try #require(
        PlaneAssembly.assemble(
          [
            PlaneView(bytes: UnsafeRawBufferPointer(start: base, count: 16), stride: 8),
            PlaneView(bytes: UnsafeRawBufferPointer(start: base + 16, count: 8), stride: 8),
          ], format: .nv12, size: size, scratch: &scratch))
      #expect(assembled.bytes.baseAddress == base)
    }
    #expect(scratch == nil)
  }

  @Test func aPlaneTooShortOrAStrideBelowItsRowIsNoFrame() {
    let size = FrameSize(width: 8, height: 4)
    let bytes = [UInt8](repeating: 0, count: 64)
    var scratch: UnsafeMutableRawBufferPointer?
    defer { scratch?.deallocate() }
    bytes.withUnsafeBytes { all in
      let short = UnsafeRawBufferPointer(rebasing: all[0..<20])
      #expect(
        PlaneAssembly.assemble(
          [PlaneView(bytes: all, stride: 8), PlaneView(bytes: short, stride: 32)],
          format: .nv12, size: size, scratch: &scratch) == nil)
      #expect(
        PlaneAssembly.assemble(
          [PlaneView(bytes: all, stride: 4), PlaneView(bytes: all, stride: 8)],
          format: .nv12, size: size, scratch: &scratch) == nil)
      #expect(
        PlaneAssembly.assemble(
          [PlaneView(bytes: all, stride: 8)], format: .nv12, size: size, scratch: &scratch)
          == nil)
    }
  }
}
