// SPDX-License-Identifier: MIT
import CExif

/// Reads the EXIF Orientation a JPEG carries, through libexif. Any thread.
public enum EXIFOrientationReader {
  /// The most leading bytes handed to libexif: the APP1 segment holding EXIF is at most 64 KiB
  /// and comes right after SOI (perhaps after a JFIF APP0), so this always covers it.
  static let searchedBytes = 128 * 1024

  /// The orientation of the JPEG in `bytes`; `.up` when it has no EXIF, no Orientation entry,
  /// or a value outside 1…8.
  public static func orientation(of bytes: UnsafeRawBufferPointer) -> PhotoMetadata.Orientation {
    guard let base = bytes.baseAddress, bytes.count > 4 else { return .up }
    let count = min(bytes.count, searchedBytes)
    guard
      let data = exif_data_new_from_data(
        base.assumingMemoryBound(to: UInt8.self), UInt32(count))
    else { return .up }
    defer { exif_data_unref(data) }
    guard let main = data.pointee.ifd.0,
      let entry = exif_content_get_entry(main, EXIF_TAG_ORIENTATION),
      entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
      entry.pointee.size >= 2, let value = entry.pointee.data
    else { return .up }
    let raw = exif_get_short(value, exif_data_get_byte_order(data))
    return PhotoMetadata.Orientation(rawValue: raw) ?? .up
  }
}
