// SPDX-License-Identifier: MIT
import CameraModel
import Overlay

/// What the test-bench HUD adds to building one overlay frame: the overlay's own CPU time per
/// frame with the HUD hidden and shown, and the draw commands it adds. (Drawing the commands
/// through SDL is measured by the window itself; text lines are cached as textures there.)
struct OverlayBenchmark {
  /// Text measured as fixed-width glyphs, so the figure excludes font rendering.
  struct FixedWidthText: TextMeasurer {
    func size(of text: String, pointSize: Double) -> Size {
      Size(width: Double(text.count) * pointSize * 0.55, height: pointSize * 1.2)
    }
  }

  let stopwatch: Stopwatch

  /// Prints the figures.
  func run() {
    let overlay = Overlay(measurer: FixedWidthText())
    let device = DeviceInfo(
      path: "/dev/video0", name: "USB Camera", driver: "uvcvideo", busInfo: "usb-1")
    let mode = CaptureMode(
      format: .mjpeg, size: FrameSize(width: 1920, height: 1080),
      interval: FrameInterval(framesPerSecond: 30))
    var state = OverlayState(
      cameraState: .streaming(device, mode: mode), cameraName: device.name,
      modeDescription: mode.description, measuredFPS: 29.97,
      videoRect: Rect(x: 0, y: 0, width: 1280, height: 720))
    var statistics = CaptureStatistics()
    statistics.measuredFramesPerSecond = 29.97
    statistics.intervalMedian = .microseconds(33_300)
    statistics.intervalP95 = .microseconds(35_100)
    let intervals = (0..<90).map { 33.3 + Double($0 % 7) * 0.4 }
    let input = OverlayInput(windowSize: Size(width: 1280, height: 720), time: 1)
    let hidden = stopwatch.measure { _ = overlay.frame(input: input, state: state) }
    let hiddenCount = overlay.frame(input: input, state: state).commands.count
    state.camera.isHUDVisible = true
    state.camera.hud = HUDFigures(
      statistics: statistics, mode: mode, colorspace: "JPEG full range",
      latencyMilliseconds: 41.5, cpuPercent: 23, recentIntervals: intervals)
    let shown = stopwatch.measure { _ = overlay.frame(input: input, state: state) }
    let shownCount = overlay.frame(input: input, state: state).commands.count
    print("")
    print(TextTable.column("overlay frame, 1280x720 window", 48) + "ms/frame  commands")
    print(
      TextTable.column("HUD hidden", 48)
        + TextTable.number(hidden.milliseconds, decimals: 3, width: 8) + "  \(hiddenCount)")
    print(
      TextTable.column("HUD shown (figures and 90-interval sparkline)", 48)
        + TextTable.number(shown.milliseconds, decimals: 3, width: 8) + "  \(shownCount)")
  }
}
