// SPDX-License-Identifier: MIT

import CameraModel

/// The choices of the settings panel's mode section, from the flat list of modes a camera
/// offers: formats, the sizes of the current format, the rates of the current size, and the
/// mode each selector moves to when clicked.
struct SettingsModeChoices {
  /// Every mode, in the app's order.
  let modes: [CaptureMode]
  /// The mode in force.
  let current: CaptureMode

  /// Makes the choices; `nil` when there are no modes.
  init?(modes: [CaptureMode], current: CaptureMode?) {
    guard let first = modes.first else { return nil }
    self.modes = modes
    self.current = current ?? first
  }

  /// Distinct formats in first-seen order.
  var formats: [PixelFormat] { Self.distinct(modes.map(\.format)) }

  /// Sizes of the current format, smallest first.
  var sizes: [FrameSize] {
    Self.distinct(modes.filter { $0.format == current.format }.map(\.size)).sorted()
  }

  /// Intervals of the current format and size, fastest first.
  var intervals: [FrameInterval] {
    let matching = modes.filter { $0.format == current.format && $0.size == current.size }
    return Self.distinct(matching.map(\.interval)).sorted()
  }

  /// The mode after switching to the next format: the same size and rate when the new format
  /// has them, else its largest size and that size's fastest rate.
  var nextFormat: CaptureMode? {
    guard let format = Self.next(after: current.format, in: formats) else { return nil }
    let candidates = modes.filter { $0.format == format }
    return best(in: candidates, size: current.size)
  }

  /// The mode after switching to the next larger size (wrapping to the smallest), keeping the
  /// rate when that size offers it.
  var nextSize: CaptureMode? {
    guard let size = Self.next(after: current.size, in: sizes) else { return nil }
    let candidates = modes.filter { $0.format == current.format }
    return best(in: candidates, size: size)
  }

  /// The mode after switching to the next slower rate (wrapping to the fastest).
  var nextRate: CaptureMode? {
    guard let interval = Self.next(after: current.interval, in: intervals) else { return nil }
    return CaptureMode(format: current.format, size: current.size, interval: interval)
  }

  /// The mode a choice of `format` moves to: the same size and rate when it has them, else
  /// its largest size and that size's fastest rate.
  func mode(forFormat format: PixelFormat) -> CaptureMode? {
    best(in: modes.filter { $0.format == format }, size: current.size)
  }

  /// The mode a choice of `size` moves to, keeping the rate when that size offers it.
  func mode(forSize size: FrameSize) -> CaptureMode? {
    best(in: modes.filter { $0.format == current.format }, size: size)
  }

  /// The mode a choice of `interval` moves to.
  func mode(forInterval interval: FrameInterval) -> CaptureMode {
    CaptureMode(format: current.format, size: current.size, interval: interval)
  }

  private func best(in candidates: [CaptureMode], size: FrameSize) -> CaptureMode? {
    let sameSize = candidates.filter { $0.size == size }
    let pool =
      sameSize.isEmpty
      ? candidates.filter { $0.size == candidates.map(\.size).max() }
      : sameSize
    return pool.first { $0.interval == current.interval } ?? pool.min { $0.interval < $1.interval }
  }

  /// The entry after `value`, wrapping; `nil` when there is nothing else to move to.
  static func next<T: Equatable>(after value: T, in list: [T]) -> T? {
    guard list.count > 1 || (list.count == 1 && list[0] != value) else { return nil }
    guard let index = list.firstIndex(of: value) else { return list.first }
    return list[(index + 1) % list.count]
  }

  private static func distinct<T: Hashable>(_ values: [T]) -> [T] {
    var seen = Set<T>()
    return values.filter { seen.insert($0).inserted }
  }
}
