// SPDX-License-Identifier: MIT
import CameraModel
import Overlay
import SDLPlatform
import ViewfinderAids

extension PreviewApp {
  /// Uploads a new frame with the viewfinder aids that are on: when the aids run at the
  /// frame's size, the picture uploaded is a copy of the frame with the peaking and zebra
  /// marks painted in (the frame itself, which photos, recording and the scanner read, is left
  /// as it is); otherwise the frame, with the marks uploaded as a layer drawn over it.
  func uploadWithAids(_ frame: NV12Frame) throws(PlatformError) {
    updateAids(with: frame)
    try video.upload(aids.markedFrame ?? frame)
  }

  /// Computes the viewfinder aids that are on at the size the picture is shown (through the
  /// zoom), uploads the peaking and zebra layer to be drawn with the picture (unless the marks
  /// went into a copy of the frame), and the histogram and waveform panels for the overlay,
  /// at most 15 times a second. With every aid off it costs nothing but a check, after
  /// letting go of what the last aids drew.
  private func updateAids(with frame: NV12Frame) {
    let settings = core.camera.viewfinder.aids
    guard settings.isAnyOn, let videoRect = core.videoRect else {
      if hasAidPictures { clearAids() }
      return
    }
    let isSideways = ((core.model.quarterTurns % 4) + 4) % 4 % 2 == 1
    let zoom = core.camera.viewfinder.zoom.factor
    // The whole frame is worked on at the scale the zoomed part is shown at.
    let across = (isSideways ? videoRect.height : videoRect.width) * zoom
    let down = (isSideways ? videoRect.width : videoRect.height) * zoom
    let sides = 1.0...16_384.0
    guard sides.contains(across), sides.contains(down) else { return }
    aids.update(
      frame, shown: FrameSize(width: Int(across), height: Int(down)), settings: settings,
      isMirrored: core.model.isMirrored, quarterTurns: core.model.quarterTurns, marksFrame: true,
      now: MonotonicTime.now())
    do {
      let layer = aids.layer
      try video.uploadLayer(
        rgba: layer.rgba, width: layer.width, height: layer.height, pieces: aids.layerPieces)
      hasAidPictures = true
      guard aids.panelsChanged else { return }
      for (aid, panel) in [
        (ViewfinderAid.histogram, aids.histogramPanel), (.waveform, aids.waveformPanel),
      ] {
        guard let image = aid.panelImage else { continue }
        if panel.width > 0 {
          try backend.setImage(image, rgba: panel.rgba, width: panel.width, height: panel.height)
        } else {
          backend.removeImage(image)
        }
      }
    } catch {
      core.model.notice = error.userMessage
    }
  }

  private func clearAids() {
    aids.clear()
    video.removeLayer()
    for aid in ViewfinderAid.allCases {
      if let image = aid.panelImage { backend.removeImage(image) }
    }
    hasAidPictures = false
  }
}
