// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel

/// Reading SPA format objects: the values of one property, and an EnumFormat object as an
/// `Offer`.
extension PipeWireFormats {
  /// The most values read from one property; a node offering more is cut short there.
  static let valueCapacity = 64

  /// The choice type and values of property `key` of `pod`, each value read as `Value` (which
  /// must have the size of the SPA type: UInt32 for Id, spa_rectangle, spa_fraction); nil when
  /// the object has no such property or its values have another size.
  static func values<Value>(of pod: UnsafePointer<spa_pod>, key: UInt32, as _: Value.Type)
    -> (choice: UInt32, values: [Value])?
  {
    var info = pinhole_pw_values()
    let stride = MemoryLayout<Value>.stride
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: stride * valueCapacity, alignment: MemoryLayout<Value>.alignment)
    defer { raw.deallocate() }
    let status = pinhole_pw_property_values(
      pod, key, &info, raw, UInt32(MemoryLayout<Value>.size), UInt32(valueCapacity))
    guard status == 0 else { return nil }
    let count = min(Int(info.count), valueCapacity)
    let typed = raw.bindMemory(to: Value.self, capacity: count)
    return (info.choice, Array(UnsafeBufferPointer(start: typed, count: count)))
  }

  /// An EnumFormat object as an offer; nil for anything but raw or MJPEG video, or an object
  /// without a size and frame rate.
  static func offer(from pod: UnsafePointer<spa_pod>) -> Offer? {
    guard let mediaType = values(of: pod, key: SPA_FORMAT_mediaType.rawValue, as: UInt32.self),
      mediaType.values.first == SPA_MEDIA_TYPE_video.rawValue,
      let subtype = values(of: pod, key: SPA_FORMAT_mediaSubtype.rawValue, as: UInt32.self)?
        .values.first,
      let sizes = values(of: pod, key: SPA_FORMAT_VIDEO_size.rawValue, as: spa_rectangle.self),
      let rates = values(
        of: pod, key: SPA_FORMAT_VIDEO_framerate.rawValue, as: spa_fraction.self)
    else { return nil }
    let formats: [PixelFormat]
    if subtype == SPA_MEDIA_SUBTYPE_raw.rawValue {
      guard
        let ids = values(of: pod, key: SPA_FORMAT_VIDEO_format.rawValue, as: UInt32.self),
        case .list(let list) = Alternatives(choice: ids.choice, values: ids.values)
      else { return nil }
      formats = list.compactMap { pixelFormat(mediaSubtype: subtype, videoFormat: $0) }
    } else {
      formats = pixelFormat(mediaSubtype: subtype, videoFormat: 0).map { [$0] } ?? []
    }
    guard !formats.isEmpty else { return nil }
    return Offer(
      formats: formats,
      sizes: Alternatives(
        choice: sizes.choice,
        values: sizes.values.map { FrameSize(width: Int($0.width), height: Int($0.height)) }),
      rates: Alternatives(
        choice: rates.choice,
        values: rates.values.map { Rate(numerator: $0.num, denominator: $0.denom) }))
  }

  /// The fixed format a negotiated SPA_PARAM_Format object states; nil when it is no raw or
  /// MJPEG video format Pinhole can name, or its size or rate is implausible.
  static func negotiatedMode(from pod: UnsafePointer<spa_pod>) -> CaptureMode? {
    var format = pinhole_pw_format()
    guard pinhole_pw_parse_format(pod, &format) == 0,
      let pixelFormat = pixelFormat(
        mediaSubtype: format.media_subtype, videoFormat: format.video_format)
    else { return nil }
    let size = FrameSize(width: Int(format.width), height: Int(format.height))
    guard isPlausible(size) else { return nil }
    // A variable rate (0/1) is stated as no interval: the frames come when they come.
    let rate = Rate(numerator: format.rate_numerator, denominator: format.rate_denominator)
    return CaptureMode(
      format: pixelFormat, size: size,
      interval: rate.interval ?? FrameInterval(numerator: 0, denominator: 1))
  }

  /// Builds the EnumFormat object asking for exactly `mode` into `buffer` and lends it to
  /// `body`; nil when PipeWire has no such format.
  static func withFormatPod<Result>(
    for mode: CaptureMode, _ body: (UnsafePointer<spa_pod>) -> Result
  ) -> Result? {
    guard let spa = spaFormat(of: mode.format) else { return nil }
    // Interval n/d seconds is d/n frames a second; both sides are checked before narrowing.
    guard (1...Int(UInt32.max)).contains(mode.interval.numerator),
      (1...Int(UInt32.max)).contains(mode.interval.denominator), isPlausible(mode.size)
    else { return nil }
    var format = pinhole_pw_format(
      media_subtype: spa.mediaSubtype, video_format: spa.videoFormat,
      width: UInt32(mode.size.width), height: UInt32(mode.size.height),
      rate_numerator: UInt32(mode.interval.denominator),
      rate_denominator: UInt32(mode.interval.numerator))
    var buffer = [UInt8](repeating: 0, count: 1024)
    return buffer.withUnsafeMutableBufferPointer { bytes -> Result? in
      guard let pod = pinhole_pw_build_format(bytes.baseAddress, UInt32(bytes.count), &format)
      else { return nil }
      return body(pod)
    }
  }
}

/// SPA format objects as bytes, for tests and fuzzing.
extension PipeWireFormats {
  /// The EnumFormat object asking for exactly `mode`, as bytes; nil when PipeWire has no such
  /// format.
  public static func formatPodBytes(for mode: CaptureMode) -> [UInt8]? {
    withFormatPod(for: mode) { pod in
      let length = MemoryLayout<spa_pod>.size + Int(pod.pointee.size)
      return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(pod), count: length))
    }
  }

  /// Reads `bytes` as a format object arriving from the daemon: as an offer (EnumFormat) and
  /// as a negotiated format. The pod's own size is first cut to the bytes there are, as the
  /// protocol checks before a param reaches Pinhole; shorter input than a pod header reads as
  /// nothing.
  public static func read(podBytes bytes: [UInt8]) -> (offer: Offer?, mode: CaptureMode?) {
    let header = MemoryLayout<spa_pod>.size
    guard bytes.count >= header else { return (nil, nil) }
    let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 8)
    defer { raw.deallocate() }
    raw.copyMemory(from: bytes, byteCount: bytes.count)
    let pod = raw.bindMemory(to: spa_pod.self, capacity: 1)
    pod.pointee.size = min(pod.pointee.size, UInt32(bytes.count - header))
    return (offer(from: pod), negotiatedMode(from: pod))
  }
}
