// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay

/// Fixed scenes shared by the golden and snapshot tests: a 512x288-point window showing a
/// 4:3 camera picture pillarboxed in the middle.
enum OverlayScene {
  static let windowSize = Size(width: 512, height: 288)
  static let device = DeviceInfo(
    path: "/dev/video0", name: "Integrated Camera", driver: "uvcvideo", busInfo: "usb-1")
  static let mode = CaptureMode(
    format: .yuyv, size: FrameSize(width: 640, height: 480),
    interval: FrameInterval(framesPerSecond: 30))

  /// The picture's place for a window at `scale`.
  static func videoRect(scale: Double) -> Rect {
    VideoGeometry.aspectFit(
      content: Size(width: 640, height: 480),
      in: Rect(origin: .zero, size: windowSize.scaled(by: scale)))
  }

  /// A state with the usual streaming details filled in.
  static func state(
    _ cameraState: CameraState, scale: Double = 1, notice: String? = nil,
    showsVideo: Bool = true
  ) -> OverlayState {
    OverlayState(
      cameraState: cameraState, cameraName: device.name, modeDescription: mode.description,
      measuredFPS: 29.97, droppedFrames: 2, notice: notice,
      videoRect: showsVideo ? videoRect(scale: scale) : nil)
  }

  /// Draws the picture (four colour bars standing in for the camera) and then `commands` on a
  /// black canvas.
  static func render(_ commands: [DrawCommand], scale: Double, showsVideo: Bool) -> PPM.Image {
    let size = windowSize.scaled(by: scale)
    var canvas = SoftwareCanvas(width: Int(size.width), height: Int(size.height))
    if showsVideo {
      let video = videoRect(scale: scale)
      let colors = [
        Color(red: 235, green: 235, blue: 235), Color(red: 220, green: 190, blue: 40),
        Color(red: 40, green: 170, blue: 190), Color(red: 60, green: 150, blue: 60),
      ]
      let barWidth = video.width / Double(colors.count)
      for (index, color) in colors.enumerated() {
        let bar = Rect(
          x: video.minX + Double(index) * barWidth, y: video.minY, width: barWidth,
          height: video.height)
        canvas.draw(.fillRect(bar, color: color, cornerRadius: 0))
      }
    }
    canvas.draw(commands)
    return canvas.image
  }

  /// One frame of a fresh overlay for `state`, with no pointer and no events.
  static func frame(_ state: OverlayState, scale: Double = 1, time: Double = 0) -> OverlayFrame {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let input = OverlayInput(windowSize: windowSize, pixelScale: scale, time: time)
    return overlay.frame(input: input, state: state)
  }
}
