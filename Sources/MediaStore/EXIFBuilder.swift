// SPDX-License-Identifier: MIT
import CExif
import Foundation

/// Builds Pinhole's EXIF block with libexif and puts it into encoded JPEG bytes. Any thread.
///
/// Every entry is made by hand (format, component count, bytes) rather than with
/// `exif_entry_initialize`: libexif 0.6.24 knows the numbers of OffsetTime (0x9010) and
/// OffsetTimeOriginal (0x9011) but initialises them as empty entries with no format, which
/// would be written as garbage, and for the date tags it would fill in the current time.
public struct EXIFBuilder: Sendable {
  /// EXIF tags are big-endian here, as the JPEG around them is.
  private static let byteOrder = EXIF_BYTE_ORDER_MOTOROLA

  /// Makes a builder.
  public init() {}

  /// `jpeg` with an APP1 segment describing `metadata`.
  public func embed(_ metadata: PhotoMetadata, into jpeg: Data) throws(EXIFError) -> Data {
    try JPEGSegments.inserting(app1: try app1Payload(for: metadata), into: jpeg)
  }

  /// The APP1 payload: "Exif\0\0" then the TIFF header and IFDs, as `exif_data_save_data` writes.
  public func app1Payload(for metadata: PhotoMetadata) throws(EXIFError) -> [UInt8] {
    guard let data = exif_data_new() else { throw .encodingFailed }
    defer { exif_data_unref(data) }
    exif_data_set_byte_order(data, Self.byteOrder)
    try fill(data, with: metadata)
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt32 = 0
    exif_data_save_data(data, &buffer, &size)
    guard let buffer, size > 0 else { throw .encodingFailed }
    // exif_data_save_data allocates with the default ExifMem, which is malloc.
    defer { free(buffer) }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
  }

  private func fill(_ data: UnsafeMutablePointer<ExifData>, with metadata: PhotoMetadata)
    throws(EXIFError)
  {
    let main = data.pointee.ifd.0
    let photo = data.pointee.ifd.2  // EXIF_IFD_EXIF
    let dateTime = metadata.exifDateTime
    try addASCII(EXIF_TAG_MAKE, metadata.make, to: main)
    try addASCII(EXIF_TAG_MODEL, metadata.model, to: main)
    try addShort(EXIF_TAG_ORIENTATION, metadata.orientation.rawValue, to: main)
    try addASCII(EXIF_TAG_SOFTWARE, metadata.software, to: main)
    try addASCII(EXIF_TAG_DATE_TIME, dateTime, to: main)
    if let description = metadata.imageDescription {
      try addASCII(EXIF_TAG_IMAGE_DESCRIPTION, description, to: main)
    }
    // ExifVersion 0231: the first version with the OffsetTime tags.
    try addBytes(EXIF_TAG_EXIF_VERSION, EXIF_FORMAT_UNDEFINED, Array("0231".utf8), to: photo)
    try addASCII(EXIF_TAG_DATE_TIME_ORIGINAL, dateTime, to: photo)
    try addASCII(EXIF_TAG_SUB_SEC_TIME_ORIGINAL, metadata.exifSubseconds, to: photo)
    try addASCII(EXIF_TAG_OFFSET_TIME, metadata.exifOffset, to: photo)
    try addASCII(EXIF_TAG_OFFSET_TIME_ORIGINAL, metadata.exifOffset, to: photo)
    try addLong(EXIF_TAG_PIXEL_X_DIMENSION, UInt32(clamping: metadata.size.width), to: photo)
    try addLong(EXIF_TAG_PIXEL_Y_DIMENSION, UInt32(clamping: metadata.size.height), to: photo)
  }

  /// An ASCII entry: the text's UTF-8 bytes and the NUL that EXIF counts as a component.
  private func addASCII(_ tag: ExifTag, _ text: String, to ifd: UnsafeMutablePointer<ExifContent>?)
    throws(EXIFError)
  {
    try addBytes(tag, EXIF_FORMAT_ASCII, Array(text.utf8) + [0], to: ifd)
  }

  private func addShort(
    _ tag: ExifTag, _ value: UInt16, to ifd: UnsafeMutablePointer<ExifContent>?
  ) throws(EXIFError) {
    try addBytes(tag, EXIF_FORMAT_SHORT, [UInt8(value >> 8), UInt8(value & 0xFF)], to: ifd)
  }

  private func addLong(
    _ tag: ExifTag, _ value: UInt32, to ifd: UnsafeMutablePointer<ExifContent>?
  ) throws(EXIFError) {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    try addBytes(tag, EXIF_FORMAT_LONG, bytes, to: ifd)
  }

  /// Adds an entry whose `bytes` are already in big-endian order.
  private func addBytes(
    _ tag: ExifTag, _ format: ExifFormat, _ bytes: [UInt8],
    to ifd: UnsafeMutablePointer<ExifContent>?
  ) throws(EXIFError) {
    guard let ifd, let entry = exif_entry_new() else { throw .encodingFailed }
    defer { exif_entry_unref(entry) }
    guard let storage = malloc(bytes.count) else { throw .encodingFailed }
    // The entry owns `storage` and frees it with the default ExifMem (free) when its last
    // reference goes; the IFD holds one after exif_content_add_entry.
    let pointer = storage.bindMemory(to: UInt8.self, capacity: bytes.count)
    pointer.initialize(from: bytes, count: bytes.count)
    entry.pointee.tag = tag
    entry.pointee.format = format
    entry.pointee.components = UInt(bytes.count / Int(exif_format_get_size(format)))
    entry.pointee.data = pointer
    entry.pointee.size = UInt32(bytes.count)
    exif_content_add_entry(ifd, entry)
  }
}
