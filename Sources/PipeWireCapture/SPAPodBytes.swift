// SPDX-License-Identifier: MIT
import CPipeWire

/// Writes SPA pods as the bytes the daemon sends (little-endian, each pod padded to 8 bytes),
/// including the choices (enumerations, ranges) that nodes publish in their EnumFormat params
/// and that the glue's builder, which asks for one fixed format, never makes. For fuzz seeds
/// and tests.
public enum SPAPodBytes {
  /// A pod of SPA type `type` around `body`, padded.
  public static func pod(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
    let bytes = word(UInt32(body.count)) + word(type) + body
    return bytes + [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8)
  }

  /// An Id value.
  public static func id(_ value: UInt32) -> [UInt8] { pod(UInt32(SPA_TYPE_Id), word(value)) }

  /// A choice of kind `choice` (SPA_CHOICE_Enum: the default, then the alternatives) over
  /// values of SPA type `type`, each `values` element one value's bytes.
  public static func choice(_ choice: UInt32, type: UInt32, _ values: [[UInt8]]) -> [UInt8] {
    let size = UInt32(values.first?.count ?? 0)
    return pod(
      UInt32(SPA_TYPE_Choice),
      word(choice) + word(0) + word(size) + word(type) + values.flatMap { $0 })
  }

  /// A Rectangle value's bytes (for `choice`).
  public static func rectangle(_ width: UInt32, _ height: UInt32) -> [UInt8] {
    word(width) + word(height)
  }

  /// A Fraction value's bytes (for `choice`).
  public static func fraction(_ numerator: UInt32, _ denominator: UInt32) -> [UInt8] {
    word(numerator) + word(denominator)
  }

  /// An EnumFormat object with these properties (key, value pod).
  public static func enumFormat(_ properties: [(key: UInt32, value: [UInt8])]) -> [UInt8] {
    let body =
      word(UInt32(SPA_TYPE_OBJECT_Format)) + word(SPA_PARAM_EnumFormat.rawValue)
      + properties.flatMap { word($0.key) + word(0) + $0.value }
    return pod(UInt32(SPA_TYPE_Object), body)
  }

  /// What PipeWire's V4L2 plugin publishes for one raw format at one size: the format, the
  /// size, and the frame rates as an enumeration whose first value is the default.
  public static func rawOffer(
    videoFormat: UInt32, width: UInt32, height: UInt32, framesPerSecond: [UInt32]
  ) -> [UInt8] {
    enumFormat([
      (SPA_FORMAT_mediaType.rawValue, id(SPA_MEDIA_TYPE_video.rawValue)),
      (SPA_FORMAT_mediaSubtype.rawValue, id(SPA_MEDIA_SUBTYPE_raw.rawValue)),
      (SPA_FORMAT_VIDEO_format.rawValue, id(videoFormat)),
      (SPA_FORMAT_VIDEO_size.rawValue, pod(UInt32(SPA_TYPE_Rectangle), rectangle(width, height))),
      (
        SPA_FORMAT_VIDEO_framerate.rawValue,
        choice(
          SPA_CHOICE_Enum.rawValue, type: UInt32(SPA_TYPE_Fraction),
          framesPerSecond.map { fraction($0, 1) })
      ),
    ])
  }

  /// `value` as four little-endian bytes.
  public static func word(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
