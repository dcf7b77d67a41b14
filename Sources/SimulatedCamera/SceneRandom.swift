// SPDX-License-Identifier: MIT

/// The scene's seedable generator: Steele, Lea and Flood's SplitMix64 ("Fast splittable
/// pseudorandom number generators", OOPSLA 2014). The same seed always builds the same scene.
struct SceneRandom: RandomNumberGenerator {
  private var state: UInt64

  /// Starts the sequence at `seed`.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    // The golden-ratio increment and the two mixing multipliers are the published constants.
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `range`.
  mutating func value(in range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }
}
