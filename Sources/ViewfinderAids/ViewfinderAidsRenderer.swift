// SPDX-License-Identifier: MIT
import CameraModel

/// Computes the aids that are on for each new frame: the luma scaled to the size shown, then
/// the layer laid over the picture (zebras under peaking, in the frame's own orientation, so
/// the preview's mirroring, turns and zoom apply to it as to the picture) and the histogram
/// and waveform panels. When the luma is the frame's own size, peaking and zebras can instead
/// be painted into a copy of the frame (`markedFrame`), which then is the picture to show.
/// Render loop only.
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
  /// Whether the last update redrew the histogram and waveform panels (see `panelInterval`).
  public private(set) var panelsChanged = false
  /// A copy of the last frame with the peaking and zebra marks painted in, when the update
  /// was asked to and the aids ran at the frame's size; `nil` otherwise (then `layer` holds
  /// the marks). Private to the renderer's owner: never a frame the camera handed out.
  public var markedFrame: NV12Frame? { isFrameMarked ? copy : nil }

  /// The shortest time between two redraws of the panels when updates are given the time: a
  /// fifteenth of a second, less half a frame at 60 Hz so a frame's jitter does not push a
  /// redraw to the frame after. Counting every other frame of a 30 Hz camera is enough for
  /// panels that show shares of the picture, and halves their cost.
  public static let panelInterval = 1.0 / 15 - 1.0 / 120

  private var copy: NV12Frame?
  private var isFrameMarked = false
  private var panelsDrawnAt: MonotonicTime?

  private var peaking = FocusPeaking()
  private var waveform = Waveform()

  /// Makes a renderer with nothing computed.
  public init() {}

  /// Computes the aids `settings` turns on for `frame`, shown `shown` pixels large (as the
  /// frame lies, before turning), turned by `quarterTurns` and mirrored when `isMirrored`.
  /// With `marksFrame`, peaking and zebras at the frame's size go into `markedFrame` instead
  /// of `layer`. Given the time `now`, the panels are redrawn at most once per
  /// `panelInterval` (`panelsChanged` says whether they were); without it, every time.
  public func update(
    _ frame: NV12Frame, shown: FrameSize, settings: ViewfinderAidSettings,
    isMirrored: Bool = false, quarterTurns: Int = 0, marksFrame: Bool = false,
    now: MonotonicTime? = nil
  ) {
    guard settings.isAnyOn else {
      clear()
      return
    }
    luma.downsample(frame, to: shown)
    let marksLayer = settings.showsFocusPeaking || settings.showsZebras
    isFrameMarked =
      marksFrame && marksLayer && luma.width == frame.size.width
      && luma.height == frame.size.height
    if isFrameMarked {
      if copy?.size != frame.size { copy = NV12Frame(size: frame.size) }
      if let copy {
        let counts = FrameMarks.paint(
          frame, luma: luma, peaking: settings.showsFocusPeaking ? peaking : nil,
          zebras: settings.showsZebras
            ? Zebras(threshold: Double(settings.zebraPercent) / 100) : nil,
          into: copy)
        peakingCount = counts.peaked
      }
      if layer.width > 0 {
        layer.reset(width: 0, height: 0)
        layerPieces = []
      }
    } else if marksLayer {
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
    if !marksLayer { copy = nil }
    if let now, let drawn = panelsDrawnAt, now.seconds(since: drawn) < Self.panelInterval,
      settings.showsHistogram == (histogramPanel.width > 0),
      settings.showsWaveform == (waveformPanel.width > 0)
    {
      panelsChanged = false
      return
    }
    panelsDrawnAt = now
    panelsChanged = true
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
    copy = nil
    isFrameMarked = false
    panelsDrawnAt = nil
    panelsChanged = true
  }
}
