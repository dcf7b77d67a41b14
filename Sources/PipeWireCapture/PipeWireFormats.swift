// SPDX-License-Identifier: MIT
import CPipeWire
import CameraModel
import Capture

/// How PipeWire's video formats map onto Pinhole's pixel formats, and how the formats a node
/// offers become `DeviceCapabilities`. Pure: no connection to a daemon.
public enum PipeWireFormats {
  /// The SPA raw video formats Pinhole knows, with the V4L2 code of the same memory layout
  /// (PipeWire's V4L2 plugin makes exactly these pairs: YUYV is SPA's YUY2, YU12 its I420).
  static let rawPairs: [(spa: UInt32, format: PixelFormat)] = [
    (SPA_VIDEO_FORMAT_NV12.rawValue, .nv12), (SPA_VIDEO_FORMAT_NV21.rawValue, .nv21),
    (SPA_VIDEO_FORMAT_I420.rawValue, .yu12), (SPA_VIDEO_FORMAT_YV12.rawValue, .yv12),
    (SPA_VIDEO_FORMAT_YUY2.rawValue, .yuyv), (SPA_VIDEO_FORMAT_UYVY.rawValue, .uyvy),
    (SPA_VIDEO_FORMAT_GRAY8.rawValue, .grey),
    (SPA_VIDEO_FORMAT_YVYU.rawValue, PixelFormat(FourCC("YVYU"))),
    (SPA_VIDEO_FORMAT_VYUY.rawValue, PixelFormat(FourCC("VYUY"))),
    (SPA_VIDEO_FORMAT_NV16.rawValue, PixelFormat(FourCC("NV16"))),
    (SPA_VIDEO_FORMAT_NV61.rawValue, PixelFormat(FourCC("NV61"))),
    (SPA_VIDEO_FORMAT_RGB.rawValue, PixelFormat(FourCC("RGB3"))),
    (SPA_VIDEO_FORMAT_BGR.rawValue, PixelFormat(FourCC("BGR3"))),
  ]

  /// The Pinhole format of an SPA media subtype and, for raw video, SPA video format; nil for
  /// formats Pinhole has no name for.
  public static func pixelFormat(mediaSubtype: UInt32, videoFormat: UInt32) -> PixelFormat? {
    if mediaSubtype == SPA_MEDIA_SUBTYPE_mjpg.rawValue { return .mjpeg }
    guard mediaSubtype == SPA_MEDIA_SUBTYPE_raw.rawValue else { return nil }
    return rawPairs.first { $0.spa == videoFormat }?.format
  }

  /// The SPA media subtype and video format that ask PipeWire for `format`; nil when PipeWire
  /// has no such format.
  public static func spaFormat(of format: PixelFormat) -> (
    mediaSubtype: UInt32, videoFormat: UInt32
  )? {
    if format == .mjpeg || format == .jpeg {
      return (SPA_MEDIA_SUBTYPE_mjpg.rawValue, SPA_VIDEO_FORMAT_UNKNOWN.rawValue)
    }
    guard let pair = rawPairs.first(where: { $0.format == format }) else { return nil }
    return (SPA_MEDIA_SUBTYPE_raw.rawValue, pair.spa)
  }

  /// A description for the listing, in the words `v4l2-ctl` uses where it has them.
  static func description(of format: PixelFormat) -> String {
    switch format {
    case .mjpeg: "Motion-JPEG"
    case .nv12: "Y/UV 4:2:0"
    case .yu12: "Planar YUV 4:2:0"
    case .yuyv: "YUYV 4:2:2"
    default: "\(format)"
    }
  }

  /// The values of one property of an SPA format object, read as SPA's choice rules say: a
  /// plain value, an enumeration (whose first value is only the default), or a range.
  public enum Alternatives<Value: Hashable & Sendable>: Hashable, Sendable {
    /// These values exactly.
    case list([Value])
    /// Anything from `min` to `max`, in steps of `step` where given.
    case range(min: Value, max: Value, step: Value?)

    /// Reads `values` by SPA choice type `choice` (SPA_CHOICE_None, _Enum, _Range, _Step).
    /// Anything else, or too few values for the choice, gives an empty list.
    public init(choice: UInt32, values: [Value]) {
      switch choice {
      case SPA_CHOICE_None.rawValue:
        self = .list(Array(values.prefix(1)))
      case SPA_CHOICE_Enum.rawValue:
        // The first value is the default, repeated among the alternatives that follow; a
        // lone default is the only choice.
        self = .list(values.count > 1 ? Array(values.dropFirst()) : values)
      case SPA_CHOICE_Range.rawValue where values.count >= 3:
        self = .range(min: values[1], max: values[2], step: nil)
      case SPA_CHOICE_Step.rawValue where values.count >= 4:
        self = .range(min: values[1], max: values[2], step: values[3])
      default:
        self = .list([])
      }
    }
  }

  /// One EnumFormat object of a node, decoded: a format (or several, for a raw format choice),
  /// its sizes and its frame rates. Sizes are (width, height); rates are SPA fractions in frames
  /// per second (numerator frames in denominator seconds).
  public struct Offer: Hashable, Sendable {
    /// The pixel formats the object offers that Pinhole can name.
    public var formats: [PixelFormat]
    /// The sizes.
    public var sizes: Alternatives<FrameSize>
    /// The frame rates, as frames-per-second fractions.
    public var rates: Alternatives<Rate>

    /// Makes an offer.
    public init(formats: [PixelFormat], sizes: Alternatives<FrameSize>, rates: Alternatives<Rate>) {
      self.formats = formats
      self.sizes = sizes
      self.rates = rates
    }
  }

  /// A frame rate as SPA states it: `numerator` frames every `denominator` seconds.
  public struct Rate: Hashable, Sendable {
    /// Frames.
    public var numerator: UInt32
    /// Seconds.
    public var denominator: UInt32

    /// Makes a rate.
    public init(numerator: UInt32, denominator: UInt32) {
      self.numerator = numerator
      self.denominator = denominator
    }

    /// The same rate as the time between frames; nil for a zero or undefined rate (0/1 means
    /// "variable" to SPA).
    public var interval: FrameInterval? {
      guard numerator > 0, denominator > 0 else { return nil }
      return FrameInterval(numerator: Int(denominator), denominator: Int(numerator))
    }
  }

  /// The largest side a frame may have: what V4L2 and Pinhole's `--size` accept.
  static let largestSide = 65535

  /// True for a size whose sides are both from 1 to `largestSide`.
  static func isPlausible(_ size: FrameSize) -> Bool {
    (1...largestSide).contains(size.width) && (1...largestSide).contains(size.height)
  }

  /// The capabilities `offers` describe, formats in the node's order, each format's sizes
  /// merged across offers and sorted, implausible sizes and rates left out.
  public static func capabilities(from offers: [Offer]) -> DeviceCapabilities {
    var order: [PixelFormat] = []
    var sizesByFormat: [PixelFormat: [FrameSize: IntervalChoices]] = [:]
    for offer in offers {
      let sizes = sizeList(offer.sizes)
      guard let intervals = intervalChoices(offer.rates), !sizes.isEmpty else { continue }
      for format in offer.formats {
        if sizesByFormat[format] == nil {
          order.append(format)
          sizesByFormat[format] = [:]
        }
        var known = sizesByFormat[format] ?? [:]
        for size in sizes { known[size] = merged(known[size], intervals) }
        sizesByFormat[format] = known
      }
    }
    return DeviceCapabilities(
      formats: order.map { format in
        let sizes = (sizesByFormat[format] ?? [:]).sorted { $0.key < $1.key }
        return FormatChoice(
          format: format, description: description(of: format), isEmulated: false,
          sizes: sizes.map { SizeChoice(size: $0.key, intervals: $0.value) })
      })
  }

  /// The sizes a size property allows: its list, or common sizes inside its range.
  static func sizeList(_ sizes: Alternatives<FrameSize>) -> [FrameSize] {
    switch sizes {
    case .list(let list):
      return list.filter(isPlausible)
    case .range(let low, let high, let step):
      guard isPlausible(low), isPlausible(high), low.width <= high.width,
        low.height <= high.height
      else { return [] }
      let step = step.map { FrameSize(width: max(1, $0.width), height: max(1, $0.height)) }
      return V4L2Device.commonSizes(
        min: low, max: high, step: step ?? FrameSize(width: 1, height: 1))
    }
  }

  /// The intervals a framerate property allows; nil when it allows none Pinhole can use.
  static func intervalChoices(_ rates: Alternatives<Rate>) -> IntervalChoices? {
    switch rates {
    case .list(let list):
      let intervals = Array(Set(list.compactMap(\.interval))).sorted()
      return intervals.isEmpty ? nil : .discrete(intervals)
    case .range(let low, let high, _):
      // A range from a variable rate (0/1) up: the slowest usable rate is one frame a second.
      let slowest = low.interval ?? FrameInterval(numerator: 1, denominator: 1)
      guard let fastest = high.interval, fastest <= slowest else { return nil }
      return .stepwise(
        min: fastest, max: slowest, step: FrameInterval(numerator: 1, denominator: 1000))
    }
  }

  /// Two offers for one format and size: their discrete lists joined; a range wins.
  static func merged(_ old: IntervalChoices?, _ new: IntervalChoices) -> IntervalChoices {
    guard let old else { return new }
    if case .discrete(let a) = old, case .discrete(let b) = new {
      return .discrete(Array(Set(a + b)).sorted())
    }
    if case .stepwise = new { return new }
    return old
  }
}

/// Whether a node offers a mode.
extension PipeWireFormats {
  /// True when one of `offers` allows `mode`: its format, its size (in the list, or inside the
  /// range on its step) and its frame rate (in the list, or inside the range). A node asked for
  /// anything else never links the stream (it waits; it does not refuse), so this is checked
  /// before asking.
  public static func offers(_ offers: [Offer], allow mode: CaptureMode) -> Bool {
    offers.contains { offer in
      offer.formats.contains(mode.format) && allows(offer.sizes, mode.size)
        && allows(offer.rates, mode.interval)
    }
  }

  static func allows(_ sizes: Alternatives<FrameSize>, _ size: FrameSize) -> Bool {
    switch sizes {
    case .list(let list): return list.contains(size)
    case .range(let low, let high, let step):
      func fits(_ value: Int, _ low: Int, _ high: Int, _ step: Int?) -> Bool {
        guard value >= low, value <= high else { return false }
        guard let step, step > 1 else { return true }
        return (value - low) % step == 0
      }
      return fits(size.width, low.width, high.width, step?.width)
        && fits(size.height, low.height, high.height, step?.height)
    }
  }

  static func allows(_ rates: Alternatives<Rate>, _ interval: FrameInterval) -> Bool {
    switch rates {
    case .list(let list): return list.contains { $0.interval == interval }
    case .range(let low, let high, _):
      let slowest = low.interval ?? FrameInterval(numerator: 1, denominator: 1)
      guard let fastest = high.interval else { return false }
      return fastest <= interval && interval <= slowest
    }
  }
}
