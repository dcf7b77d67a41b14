// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// One plane of a frame as a PipeWire data block holds it: its bytes (from the chunk's offset)
/// and the bytes from one of its rows to the next.
struct PlaneView {
  /// The plane's bytes.
  var bytes: UnsafeRawBufferPointer
  /// The chunk's stride.
  var stride: Int
}

/// Puts the planes of a frame that arrive in data blocks of their own (libcamera's nodes hand
/// out each plane of NV12 and I420 so, with its own stride) where a single-planar V4L2 frame
/// has them, the layout Pinhole's converter reads: the luma rows at the first plane's stride,
/// then NV12's chroma rows at the same stride, or I420's two chroma planes at half of it.
///
/// Planes that already lie so in one mapping are lent in place; others are copied, row by row,
/// into a scratch buffer kept between frames. Pure apart from that buffer.
enum PlaneAssembly {
  /// How many planes `format` has when they come apart: 2 for NV12 and NV21, 3 for I420 and
  /// YV12, 1 for everything else.
  static func planeCount(of format: PixelFormat) -> Int {
    switch format {
    case .nv12, .nv21: 2
    case .yu12, .yv12: 3
    default: 1
    }
  }

  /// Where each plane goes: its offset, stride, rows and the bytes a row holds.
  struct Slot: Equatable {
    var offset: Int
    var stride: Int
    var rows: Int
    var rowBytes: Int
  }

  /// The slots of `format` at `size` whose luma rows are `lumaStride` apart; nil for a stride
  /// shorter than a row or sizes whose layout would overflow.
  static func slots(of format: PixelFormat, size: FrameSize, lumaStride: Int) -> [Slot]? {
    let width = size.width
    let height = size.height
    guard (1...65535).contains(width), (1...65535).contains(height),
      (width...(1 << 20)).contains(lumaStride)
    else { return nil }
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    let luma = Slot(offset: 0, stride: lumaStride, rows: height, rowBytes: width)
    let chromaOffset = lumaStride * height
    switch planeCount(of: format) {
    case 2:
      let chromaStride = max(lumaStride, chromaWidth * 2)
      return [
        luma,
        Slot(
          offset: chromaOffset, stride: chromaStride, rows: chromaHeight, rowBytes: chromaWidth * 2),
      ]
    case 3:
      let chromaStride = max((lumaStride + 1) / 2, chromaWidth)
      return [
        luma,
        Slot(offset: chromaOffset, stride: chromaStride, rows: chromaHeight, rowBytes: chromaWidth),
        Slot(
          offset: chromaOffset + chromaStride * chromaHeight, stride: chromaStride,
          rows: chromaHeight, rowBytes: chromaWidth),
      ]
    default:
      return nil
    }
  }

  /// The bytes a frame of these slots occupies: every row at its full stride, as the
  /// converter's layout counts them.
  static func byteCount(_ slots: [Slot]) -> Int {
    slots.map { $0.offset + $0.stride * $0.rows }.max() ?? 0
  }

  /// True when `plane` holds `slot.rows` rows of `slot.rowBytes` at its stride.
  static func holds(_ plane: PlaneView, _ slot: Slot) -> Bool {
    guard plane.stride >= slot.rowBytes, plane.stride <= 1 << 20 else { return false }
    return plane.bytes.count >= plane.stride * (slot.rows - 1) + slot.rowBytes
  }

  /// The frame `planes` make in `format` at `size`, and the luma stride to read it by; nil
  /// when a plane is missing or too short for its rows. `scratch` is grown when it is too
  /// small for a copy.
  static func assemble(
    _ planes: [PlaneView], format: PixelFormat, size: FrameSize,
    scratch: inout UnsafeMutableRawBufferPointer?
  ) -> (bytes: UnsafeRawBufferPointer, bytesPerLine: Int)? {
    guard let first = planes.first,
      let slots = slots(of: format, size: size, lumaStride: first.stride),
      planes.count >= slots.count,
      zip(planes, slots).allSatisfy({ holds($0, $1) }),
      let base = first.bytes.baseAddress
    else { return nil }
    let total = byteCount(slots)
    let inPlace = zip(planes, slots).allSatisfy { plane, slot in
      plane.bytes.baseAddress == base + slot.offset && plane.stride == slot.stride
        && plane.bytes.count >= slot.stride * slot.rows
    }
    if inPlace {
      return (UnsafeRawBufferPointer(start: base, count: total), first.stride)
    }
    if (scratch?.count ?? 0) < total {
      scratch?.deallocate()
      scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: total, alignment: 64)
    }
    guard let target = scratch?.baseAddress else { return nil }
    for (plane, slot) in zip(planes, slots) {
      guard let source = plane.bytes.baseAddress else { return nil }
      for row in 0..<slot.rows {
        memcpy(target + slot.offset + row * slot.stride, source + row * plane.stride, slot.rowBytes)
      }
    }
    return (UnsafeRawBufferPointer(start: target, count: total), first.stride)
  }
}
