// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// How much the microphone's sound is amplified before it is measured and recorded, in whole
/// decibels: the settings panel's "Microphone gain", −12 dB to +24 dB, 0 dB by default.
///
/// Samples are floats in −1…1 of full scale; the gain multiplies them by 10^(dB/20) (+6 dB
/// doubles, +12 dB makes about four times, −12 dB about a quarter). A sample the gain would
/// carry past full scale is held at full scale (saturated), as an overdriven input clips: the
/// encoder never sees a value outside −1…1. At 0 dB the samples pass unchanged.
public struct MicrophoneGain: Hashable, Sendable {
  /// The settings' range, in decibels.
  public static let decibelRange = -12...24
  /// No change: 0 dB.
  public static let unity = MicrophoneGain(decibels: 0)

  /// The gain in decibels, within `decibelRange`.
  public let decibels: Int

  /// Makes a gain of `decibels`, brought into `decibelRange`.
  public init(decibels: Int) {
    self.decibels = min(max(decibels, Self.decibelRange.lowerBound), Self.decibelRange.upperBound)
  }

  /// The factor the samples are multiplied by: 10^(dB/20).
  public var factor: Float { Float(pow(10, Double(decibels) / 20)) }

  /// `sample` amplified and held within −1…1; a sample that is not a number becomes silence.
  public func applied(to sample: Float) -> Float {
    guard decibels != 0 else { return sample }
    let scaled = sample * factor
    guard !scaled.isNaN else { return 0 }
    return Swift.min(Swift.max(scaled, -1), 1)
  }

  /// Amplifies every sample of `samples` in place (see `applied(to:)`).
  public func apply(to samples: inout [Float]) {
    guard decibels != 0 else { return }
    let factor = self.factor
    samples.withUnsafeMutableBufferPointer { buffer in
      for index in buffer.indices {
        let scaled = buffer[index] * factor
        buffer[index] = scaled.isNaN ? 0 : Swift.min(Swift.max(scaled, -1), 1)
      }
    }
  }

  /// "+12 dB", "0 dB", "−6 dB" (with a true minus sign).
  public var label: String {
    decibels > 0 ? "+\(decibels) dB" : (decibels < 0 ? "\u{2212}\(-decibels) dB" : "0 dB")
  }
}
