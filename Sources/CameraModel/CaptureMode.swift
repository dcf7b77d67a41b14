// SPDX-License-Identifier: MIT

/// One way a camera can stream: pixel format, frame size and frame interval.
public struct CaptureMode: Hashable, Sendable, CustomStringConvertible {
  /// Pixel format of the frames the driver fills.
  public var format: PixelFormat
  /// Frame size.
  public var size: FrameSize
  /// Time between frames.
  public var interval: FrameInterval

  /// Makes a mode.
  public init(format: PixelFormat, size: FrameSize, interval: FrameInterval) {
    self.format = format
    self.size = size
    self.interval = interval
  }

  /// "YUYV 1280x720 @ 30 fps".
  public var description: String { "\(format) \(size) @ \(interval)" }
}

/// What the user (or the command line) asks for; `nil` fields are left to the policy.
public struct ModeRequest: Hashable, Sendable {
  /// Wanted pixel format.
  public var format: PixelFormat?
  /// Wanted frame size.
  public var size: FrameSize?
  /// Wanted frame rate in frames per second.
  public var framesPerSecond: Double?
  /// When no size is wanted: the largest size offered, at whatever rate it reaches, rather than
  /// the preview's default (at most 1080p at a smooth rate). For stills, where pixels count
  /// and motion does not.
  public var prefersLargestSize = false

  /// Makes a request; every field defaults to "no preference".
  public init(format: PixelFormat? = nil, size: FrameSize? = nil, framesPerSecond: Double? = nil) {
    self.format = format
    self.size = size
    self.framesPerSecond = framesPerSecond
  }
}

/// The frame intervals a driver offers for one format and size.
public enum IntervalChoices: Hashable, Sendable {
  /// A list of exact intervals.
  case discrete([FrameInterval])
  /// Any interval from `min` (fastest) to `max` (slowest) in steps of `step`.
  case stepwise(min: FrameInterval, max: FrameInterval, step: FrameInterval)

  /// The shortest interval, i.e. the highest frame rate; `nil` when the list is empty.
  public var fastest: FrameInterval? {
    switch self {
    case .discrete(let list): list.min()
    case .stepwise(let min, _, _): min
    }
  }

  /// Representative intervals for display and sweeping (the list itself, or min and max).
  public var representatives: [FrameInterval] {
    switch self {
    case .discrete(let list): list.sorted()
    case .stepwise(let min, let max, _): min == max ? [min] : [min, max]
    }
  }
}

/// One frame size of a format and the intervals available at that size.
public struct SizeChoice: Hashable, Sendable {
  /// The frame size.
  public var size: FrameSize
  /// The frame intervals at this size.
  public var intervals: IntervalChoices

  /// Makes a size choice.
  public init(size: FrameSize, intervals: IntervalChoices) {
    self.size = size
    self.intervals = intervals
  }
}

/// One pixel format a device offers, with all its sizes.
public struct FormatChoice: Hashable, Sendable {
  /// The pixel format.
  public var format: PixelFormat
  /// The driver's description ("Motion-JPEG").
  public var description: String
  /// True when libv4l2 converts to this format on the CPU rather than the device sending it.
  public var isEmulated: Bool
  /// Sizes: the discrete list, or, for stepwise drivers, common sizes within the range.
  public var sizes: [SizeChoice]

  /// Makes a format choice.
  public init(format: PixelFormat, description: String, isEmulated: Bool, sizes: [SizeChoice]) {
    self.format = format
    self.description = description
    self.isEmulated = isEmulated
    self.sizes = sizes
  }
}

/// Everything a device can stream.
public struct DeviceCapabilities: Hashable, Sendable {
  /// Formats in the driver's order.
  public var formats: [FormatChoice]

  /// Makes a capability list.
  public init(formats: [FormatChoice]) { self.formats = formats }
}

/// The answer to a configuration request, in libcamera's manner: "close enough" is not an error.
public enum Negotiation<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The device accepted exactly what was asked.
  case valid(Value)
  /// The device chose something near the request.
  case adjusted(requested: Value, actual: Value)
  /// Nothing usable could be configured; the reason is a sentence.
  case invalid(reason: String)

  /// The value in force, if any.
  public var value: Value? {
    switch self {
    case .valid(let v): v
    case .adjusted(_, let v): v
    case .invalid: nil
    }
  }
}
