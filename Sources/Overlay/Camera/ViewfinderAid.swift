// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// One of the viewfinder aids a switch or key turns on and off.
public enum ViewfinderAid: Hashable, Sendable, CaseIterable {
  /// In-focus edges marked in colour (K).
  case focusPeaking
  /// Diagonal stripes over highlights (Z).
  case zebras
  /// The live luma histogram (H).
  case histogram
  /// The live luma waveform (W).
  case waveform

  /// The name in the settings panel, with its key.
  public var title: String {
    switch self {
    case .focusPeaking: tr("Focus peaking (K)")
    case .zebras: tr("Zebras (Z)")
    case .histogram: tr("Histogram (H)")
    case .waveform: tr("Waveform (W)")
    }
  }

  /// The image the app uploads a panel aid's picture under; nil for aids drawn on the picture.
  public var panelImage: ImageID? {
    switch self {
    case .histogram: ImageID("aid-histogram")
    case .waveform: ImageID("aid-waveform")
    case .focusPeaking, .zebras: nil
    }
  }

  /// Whether `settings` has this aid on.
  public func isOn(in settings: ViewfinderAidSettings) -> Bool {
    switch self {
    case .focusPeaking: settings.showsFocusPeaking
    case .zebras: settings.showsZebras
    case .histogram: settings.showsHistogram
    case .waveform: settings.showsWaveform
    }
  }

  /// Turns this aid over in `settings`.
  public func toggle(in settings: inout ViewfinderAidSettings) {
    switch self {
    case .focusPeaking: settings.showsFocusPeaking.toggle()
    case .zebras: settings.showsZebras.toggle()
    case .histogram: settings.showsHistogram.toggle()
    case .waveform: settings.showsWaveform.toggle()
    }
  }
}
