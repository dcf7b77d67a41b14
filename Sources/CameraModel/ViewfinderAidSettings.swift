// SPDX-License-Identifier: MIT

/// Which viewfinder aids are on, and the zebras' level: a saved setting, every aid off by
/// default. Missing keys in a settings file take their defaults; the level is clamped.
public struct ViewfinderAidSettings: Codable, Hashable, Sendable {
  /// The zebra levels the settings accept, in percent of white.
  public static let zebraPercentRange = 50...100
  /// The levels the settings panel steps through, in percent of white.
  public static let zebraPercentSteps = [80, 85, 90, 95, 98, 100]

  /// True when in-focus edges are marked.
  public var showsFocusPeaking = false
  /// True when highlights are striped.
  public var showsZebras = false
  /// The zebras' level in percent of white (50…100).
  public var zebraPercent = 95 {
    didSet { zebraPercent = Self.clampedPercent(zebraPercent) }
  }
  /// True when the luma histogram is shown.
  public var showsHistogram = false
  /// True when the luma waveform is shown.
  public var showsWaveform = false

  /// Makes settings with every aid off and zebras at 95 %.
  public init() {}

  /// True when any aid needs the frame's luma.
  public var isAnyOn: Bool { showsFocusPeaking || showsZebras || showsHistogram || showsWaveform }

  /// The next level of `zebraPercentSteps` after the current one, wrapping to the first.
  public func nextZebraPercent() -> Int {
    Self.zebraPercentSteps.first { $0 > zebraPercent } ?? Self.zebraPercentSteps[0]
  }

  private enum CodingKeys: String, CodingKey {
    case showsFocusPeaking, showsZebras, zebraPercent, showsHistogram, showsWaveform
  }

  /// Reads the settings; each missing key takes its default, the level is clamped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    showsFocusPeaking =
      try container.decodeIfPresent(Bool.self, forKey: .showsFocusPeaking) ?? false
    showsZebras = try container.decodeIfPresent(Bool.self, forKey: .showsZebras) ?? false
    zebraPercent = Self.clampedPercent(
      try container.decodeIfPresent(Int.self, forKey: .zebraPercent) ?? 95)
    showsHistogram = try container.decodeIfPresent(Bool.self, forKey: .showsHistogram) ?? false
    showsWaveform = try container.decodeIfPresent(Bool.self, forKey: .showsWaveform) ?? false
  }

  private static func clampedPercent(_ value: Int) -> Int {
    min(max(value, zebraPercentRange.lowerBound), zebraPercentRange.upperBound)
  }
}
