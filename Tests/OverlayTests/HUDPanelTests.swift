// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Test-bench panel")
struct HUDPanelTests {
  private func texts(_ state: OverlayState) -> [String] {
    let input = OverlayInput(windowSize: CameraScene.windowSize)
    return Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).commands
      .compactMap { command in
        if case .text(let string, _, _, _) = command { return string }
        return nil
      }
  }

  private let figures = HUDFigures(
    modeDescription: "MJPG 1280x720 @ 30 fps", colorspace: "BT.601 full", measuredFPS: 24.5,
    nominalFPS: 30, intervalP50: 40.04, intervalP95: 66.66, droppedByCamera: 4,
    droppedByPinhole: 1, corruptFrames: 2, convertMilliseconds: 2.416,
    latencyMilliseconds: 48.55, cpuPercent: 17.46, recentIntervals: [33.3, 34, 70, 33])

  @Test func showsEveryFigureWhenVisible() {
    var state = CameraScene.state()
    state.camera.hud = figures
    #expect(!texts(state).contains("Latency"))
    state.camera.isHUDVisible = true
    let lines = texts(state)
    for expected in [
      "MJPG 1280x720 @ 30 fps", "BT.601 full", "24.50 of 30.00 nominal",
      "p50 40.0 · p95 66.7 ms", "4 camera · 1 Pinhole", "2", "2.42 ms/frame",
      "48.6 ms capture → screen", "17.5 %",
    ] {
      #expect(lines.contains(expected), "missing \(expected)")
    }
  }

  @Test func visibleWithoutFiguresDrawsNothing() {
    var state = CameraScene.state()
    state.camera.isHUDVisible = true
    #expect(!texts(state).contains("Mode"))
  }

  @Test func lateFramesAndSlowRateUseTheAlertColour() {
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let panel = HUDPanel(
      figures: figures, topBar: Rect(x: 0, y: 0, width: 640, height: 48), painter: painter)
    var commands: [DrawCommand] = []
    panel.draw(into: &commands)
    let alert = commands.filter { command in
      switch command {
      case .fillRect(_, let color, _), .text(_, _, _, let color):
        color == OverlayTheme.alertColor
      default: false
      }
    }
    // One late bar (70 ms against 33.3 nominal) and the FPS line (24.5 of 30).
    #expect(alert.count == 2)
  }

  @Test func fixedFormatsWithPaddedDecimals() {
    #expect(CameraPainter.fixed(29.97, decimals: 2) == "29.97")
    #expect(CameraPainter.fixed(30, decimals: 1) == "30.0")
    #expect(CameraPainter.fixed(0.05, decimals: 2) == "0.05")
    #expect(CameraPainter.fixed(-1.25, decimals: 1) == "-1.3")
    #expect(CameraPainter.fixed(12.6, decimals: 0) == "13")
    #expect(CameraPainter.fixed(.nan, decimals: 1) == "–")
  }

  @Test func figuresFromStatisticsConvertDurationsToMilliseconds() {
    var statistics = CaptureStatistics()
    statistics.intervalMedian = .microseconds(33_300)
    statistics.intervalP95 = .milliseconds(40)
    statistics.conversionMean = .microseconds(2_500)
    statistics.framesDroppedByDevice = 3
    let hud = HUDFigures(
      statistics: statistics, mode: CameraScene.mode, colorspace: "BT.601 full",
      latencyMilliseconds: 40, cpuPercent: 10, recentIntervals: [])
    #expect(abs(hud.intervalP50 - 33.3) < 1e-9)
    #expect(hud.intervalP95 == 40)
    #expect(hud.convertMilliseconds == 2.5)
    #expect(hud.droppedByCamera == 3)
    #expect(hud.nominalFPS == 30)
  }

  @Test func saysWhichWayTheFramesComeWhenItKnows() {
    var hud = HUDFigures(modeDescription: "YUYV 640x360 @ 30 fps")
    #expect(!HUDPanel.lines(of: hud).contains { $0.0 == "Way in" })
    hud.wayIn = "via PipeWire"
    #expect(HUDPanel.lines(of: hud).first?.0 == "Way in")
    #expect(HUDPanel.lines(of: hud).first?.1 == "via PipeWire")
  }
}
