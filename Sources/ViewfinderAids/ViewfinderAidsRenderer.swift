// SPDX-License-Identifier: MIT
import CameraModel

/// Computes the aids that are on for each new frame: the luma scaled to the size shown, then
/// the layer laid over the picture (zebras under peaking, in the frame's own orientation, so
/// the preview's mirroring, turns and zoom apply to it as to the picture) and the histogram
/// and waveform panels. Render loop only.
public final class ViewfinderAidsRenderer {
  /// The peaking and zebra layer, the size of `luma`; empty when neither is on.
  public private(set) var layer = AidImage(width: 0, height: 0)
  /// The parts of `layer` that hold marks (see `AidImage.occupiedPieces`): all that needs
  /// drawing over the picture.
  public private(set) var layerPieces: [PixelRectangle] = []
  /// The histogram panel; empty when the histogram is off.
  public private(set) var histogramPanel = AidImage(width: 0, height: 0)
  /// The waveform panel; empty when the waveform is off.
  public private(set) var waveformPanel = AidImage(width: 0, height: 0)
  /// The last frame's histogram.
  public private(set) var histogram = LumaHistogram()
  /// The last frame's luma at the size shown.
  public private(set) var luma = LumaPlane()
  /// Samples marked by peaking in the last frame.
  public private(set) var peakingCount = 0

  private var peaking = FocusPeaking()
  private var waveform = Waveform()

  /// Makes a renderer with nothing computed.
  public init() {}

  /// Computes the aids `settings` turns on for `frame`, shown `shown` pixels large (as the
  /// frame lies, before turning), turned by `quarterTurns` and mirrored when `isMirrored`.
  public func update(
    _ frame: NV12Frame, shown: FrameSize, settings: ViewfinderAidSettings,
    isMirrored: Bool = false, quarterTurns: Int = 0
  ) {
    guard settings.isAnyOn else {
      clear()
      return
    }
    luma.downsample(frame, to: shown)
    if settings.showsFocusPeaking || settings.showsZebras {
      // The first aid drawn writes every pixel, so the layer needs no clearing first.
      layer.resize(width: luma.width, height: luma.height)
      layer.clearMarks()
      if settings.showsZebras {
        Zebras(threshold: Double(settings.zebraPercent) / 100).mark(luma, into: &layer)
      }
      peakingCount =
        settings.showsFocusPeaking
        ? peaking.mark(luma, into: &layer, clearing: !settings.showsZebras) : 0
      layerPieces = layer.markedPieces()
    } else if layer.width > 0 {
      layer.reset(width: 0, height: 0)
      layerPieces = []
    }
    if settings.showsHistogram {
      histogram = LumaHistogram(luma)
      histogram.draw(into: &histogramPanel)
    } else if histogramPanel.width > 0 {
      histogramPanel.reset(width: 0, height: 0)
    }
    if settings.showsWaveform {
      waveform.measure(luma, isMirrored: isMirrored, quarterTurns: quarterTurns)
      waveform.draw(into: &waveformPanel)
    } else if waveformPanel.width > 0 {
      waveformPanel.reset(width: 0, height: 0)
    }
  }

  /// Forgets every aid's picture (all aids went off).
  public func clear() {
    layer.reset(width: 0, height: 0)
    layerPieces = []
    histogramPanel.reset(width: 0, height: 0)
    waveformPanel.reset(width: 0, height: 0)
    peakingCount = 0
  }
}
