// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// The simulated sensor's exposure: time and gain on log scales, extra light from a screen
/// flash, and whether it exposes by itself.
///
/// Brightness scales the signal above black (luma − 16) by
/// `2^(exposureStops × (exposure − 0.5)) × 2^(gainStops × gain) × (1 + extraLight)`, clipped
/// at 235. The defaults (exposure 0.5, gain 0, no extra light) leave the rendered scene as
/// drawn. Treating code values as linear light is a simplification; it gives the exposure
/// controller exactly the log-linear response it assumes, until the highlights clip.
/// Gain also adds noise, as analogue gain does on a real sensor.
public struct SensorState: Hashable, Sendable {
  /// Stops of exposure time the normalised exposure spans (1/16 × … 16 × the default).
  public static let exposureStops = 8.0
  /// Stops of gain the normalised gain spans (1 × … 16 ×).
  public static let gainStops = 4.0
  /// Noise standard deviation, in code values, per stop of gain.
  public static let noisePerGainStop = 1.5

  /// Normalised exposure time, 0…1 on a log scale; 0.5 is the scene as drawn.
  public internal(set) var exposure: Double
  /// Normalised analogue gain, 0 (1 ×) … 1 (16 ×) on a log scale.
  public internal(set) var gain: Double
  /// True when the sensor meters the frame centre and sets the exposure by itself.
  public internal(set) var isAutoExposureEnabled: Bool
  /// Light added to the scene as a fraction of its own (0 none, 1 doubles it), e.g. a screen
  /// flash.
  public internal(set) var extraLight: Double
  /// True when gain adds no noise: the clean picture a noisy one is measured against. Real
  /// sensors have no such switch; tests and benchmarks use it for ground truth.
  public internal(set) var isNoiseFree = false

  /// Makes a sensor state.
  public init(
    exposure: Double = 0.5, gain: Double = 0, isAutoExposureEnabled: Bool = false,
    extraLight: Double = 0
  ) {
    self.exposure = Self.unit(exposure)
    self.gain = Self.unit(gain)
    self.isAutoExposureEnabled = isAutoExposureEnabled
    self.extraLight = extraLight.isNaN ? 0 : max(extraLight, 0)
  }

  /// The factor the signal above black is multiplied by.
  public var brightness: Double {
    exp2(Self.exposureStops * (exposure - 0.5) + Self.gainStops * gain) * (1 + extraLight)
  }

  /// Noise standard deviation in code values.
  public var noiseLevel: Double {
    isNoiseFree ? 0 : Self.noisePerGainStop * Self.gainStops * gain
  }

  /// The same exposure without gain noise: frame for frame, the picture this state would give
  /// if the sensor were perfect.
  public func withoutNoise() -> SensorState {
    var clean = self
    clean.isNoiseFree = true
    return clean
  }

  /// True when the sensor leaves the rendered picture untouched.
  public var isNeutral: Bool { brightness == 1 && noiseLevel == 0 }

  /// Clamps `value` to 0…1; NaN counts as 0.5.
  static func unit(_ value: Double) -> Double { value.isNaN ? 0.5 : min(max(value, 0), 1) }
}
