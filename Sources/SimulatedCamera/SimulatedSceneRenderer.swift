// SPDX-License-Identifier: MIT
import CameraModel

/// Draws a `SimulatedScene` straight into NV12 frames: cached background, moving objects far
/// to near, the stream clock and frame counter, and the machine-readable frame tag.
///
/// All drawing is horizontal spans (see `NV12Canvas`); nothing is done per pixel except the
/// one-off background ramp. At 1280x720 a sharp frame costs about 0.25 ms of CPU in release
/// builds, most of it the background copy; with a lens, defocus blur (`DefocusCompositor`)
/// brings it to about 2 ms (5.3 ms at 1080p), and gain noise adds about 1 ms
/// (`pinhole-bench --optics`).
///
/// Owner's thread only (the capture thread for `SimulatedCamera`): it keeps a cached
/// background and scratch space between calls.
public final class SimulatedSceneRenderer {
  /// The scene being drawn.
  public let scene: SimulatedScene

  private var background: NV12Frame?
  /// Sorted spoke crossings of one row of a Siemens star, reused across rows and frames.
  var crossings: [Double] = []
  /// Per-spoke cotangents of the current star rotation.
  var spokeSlopes: [Double] = []
  /// Blurs out-of-focus layers; scratch space kept between frames.
  var defocus = DefocusCompositor()
  private var response = SensorResponse()

  private static let textColor = YCbCr(y: 235, cb: 128, cr: 128)
  private static let plateColor = YCbCr(y: 24, cb: 128, cr: 128)

  /// Makes a renderer for `scene`.
  public init(scene: SimulatedScene) { self.scene = scene }

  /// The colorimetry simulated frames of `size` carry: BT.709 from 720 lines up, BT.601 below,
  /// as HD and SD camera sensors report; both limited range.
  public static func colorimetry(for size: FrameSize) -> Colorimetry {
    size.height >= 720 ? .bt709Limited : .bt601Limited
  }

  /// Renders the frame numbered `sequence`, taken `streamTime` after the stream started, into
  /// `frame` at the frame's current size. Also sets the frame's sequence and colorimetry.
  ///
  /// With a `lens`, each object and the backdrop (depth 1) are blurred by their distance from
  /// its focus; without one everything is sharp, as through a pinhole. `sensor` scales the
  /// brightness and adds gain noise before the readouts and the tag are drawn, so those stay
  /// legible at any exposure.
  ///
  /// The picture depends only on the scene, the frame size, `sequence`, `streamTime`, `lens`
  /// and `sensor`, so the same inputs always give the same bytes.
  public func render(
    sequence: UInt32, streamTime: Duration, lens: LensState? = nil,
    sensor: SensorState = SensorState(), into frame: NV12Frame
  ) {
    let colorimetry = Self.colorimetry(for: frame.size)
    NV12Canvas.drawing(into: frame) { canvas in
      let sharp = cachedBackground(size: frame.size, matrix: colorimetry.matrix)
      let height = frame.size.height
      if let lens {
        defocus.drawBackdrop(sharp, defocus: lens.defocus(ofDepth: 1), into: frame)
      } else {
        frame.copyPixels(from: sharp)
      }
      let seconds = Self.seconds(streamTime)
      for object in scene.objects {
        let radius = lens.map {
          DefocusCompositor.radius(defocus: $0.defocus(ofDepth: object.depth), height: height)
        }
        drawLayer(object, at: seconds, radius: radius ?? 0, on: canvas, frame: frame, colorimetry)
      }
      scene.code?.draw(at: seconds, into: frame)
      response.apply(sensor, to: frame, sequence: sequence)
      drawReadouts(sequence: sequence, seconds: seconds, on: canvas)
      SimulatedFrameTag.stamp(sequence, into: frame)
      frame.metadata.sequence = sequence
      frame.metadata.colorimetry = colorimetry
    }
  }

  /// "mm:ss.cc" for a stream time, minutes wrapping at 100.
  static func clockText(seconds: Double) -> String {
    let centiseconds = Int(max(seconds, 0) * 100)
    return padded(centiseconds / 6000 % 100, 2) + ":" + padded(centiseconds / 100 % 60, 2) + "."
      + padded(centiseconds % 100, 2)
  }

  private static func padded(_ value: Int, _ digits: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(digits - text.count, 0)) + text
  }

  static func seconds(_ duration: Duration) -> Double { duration / .seconds(1) }

  private func cachedBackground(size: FrameSize, matrix: Colorimetry.Matrix) -> NV12Frame {
    if let background, background.size == size { return background }
    let fresh = NV12Frame(size: size)
    // Set the stride padding too: every frame starts as a copy of this one, so the whole buffer,
    // not only the visible pixels, is then a function of the render inputs.
    fresh.withBytes { $0.update(repeating: 128) }
    SceneBackground.draw(into: fresh, matrix: matrix)
    background = fresh
    return fresh
  }

  /// The stream clock at the top left and a large frame counter at the top right, just below
  /// the frame tag, each on a dark plate so they stay legible over moving objects.
  private func drawReadouts(sequence: UInt32, seconds: Double, on canvas: NV12Canvas) {
    let top = SimulatedFrameTag.stripHeight(forFrameHeight: canvas.height) + canvas.height / 60
    let margin = canvas.height / 40
    let clockHeight = max(canvas.height / 16, 10)
    drawLabel(
      Self.clockText(seconds: seconds), x: margin, y: top, height: clockHeight, on: canvas)
    let counter = String(sequence)
    let counterHeight = max(canvas.height / 8, 14)
    let counterWidth = SegmentFont.width(of: counter, height: counterHeight)
    drawLabel(
      counter, x: canvas.width - margin - counterWidth, y: top, height: counterHeight, on: canvas)
  }

  private func drawLabel(_ text: String, x: Int, y: Int, height: Int, on canvas: NV12Canvas) {
    let pad = SegmentFont.stroke(height: height) * 2
    canvas.fillRect(
      x0: x - pad, y0: y - pad, x1: x + SegmentFont.width(of: text, height: height),
      y1: y + height + pad, Self.plateColor)
    SegmentFont.draw(text, x: x, y: y, height: height, color: Self.textColor, on: canvas)
  }
}
