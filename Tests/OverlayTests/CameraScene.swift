// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay

/// Fixed scenes for the camera interface's goldens and behaviour tests: a 640x400-point
/// window (room for the settings panel and the test-bench figures) showing a 16:9 picture,
/// and a realistic UVC webcam's controls and modes.
enum CameraScene {
  static let windowSize = Size(width: 640, height: 400)
  static let device = DeviceInfo(
    path: "/dev/video0", name: "Integrated Camera", driver: "uvcvideo", busInfo: "usb-1")
  static let mode = CaptureMode(
    format: .mjpeg, size: FrameSize(width: 1280, height: 720),
    interval: FrameInterval(framesPerSecond: 30))

  /// What a typical UVC webcam reports: two user controls, an exposure menu with manual
  /// exposure inactive under auto, and focus with continuous autofocus on.
  static let controls: [CameraControl] = [
    CameraControl(
      id: .brightness, name: "Brightness", kind: .integer, minimum: -64, maximum: 64, step: 1,
      defaultValue: 0, value: 12, flags: .slider),
    CameraControl(
      id: .contrast, name: "Contrast", kind: .integer, minimum: 0, maximum: 95, step: 5,
      defaultValue: 30, value: 30, flags: .slider),
    CameraControl(
      id: .exposureAuto, name: "Auto Exposure", kind: .menu, minimum: 0, maximum: 3, step: 1,
      defaultValue: 3, value: 3, flags: .update,
      menu: [1: "Manual Mode", 3: "Aperture Priority Mode"]),
    CameraControl(
      id: .exposureAbsolute, name: "Exposure Time, Absolute", kind: .integer, minimum: 3,
      maximum: 2047, step: 1, defaultValue: 250, value: 156, flags: .inactive),
    CameraControl(
      id: .focusAbsolute, name: "Focus, Absolute", kind: .integer, minimum: 0, maximum: 250,
      step: 5, defaultValue: 0, value: 40, flags: .inactive),
    CameraControl(
      id: .focusAuto, name: "Focus, Automatic Continuous", kind: .boolean, minimum: 0,
      maximum: 1, step: 1, defaultValue: 1, value: 1),
  ]

  /// MJPEG and YUYV at two sizes, with the rates a UVC camera usually lists.
  static let modes: [CaptureMode] = [
    (PixelFormat.mjpeg, 1280, 720, [30, 15]), (.mjpeg, 640, 480, [30, 15]),
    (.yuyv, 640, 480, [30, 15]), (.yuyv, 1280, 720, [10]),
  ].flatMap { format, width, height, rates in
    rates.map { rate in
      CaptureMode(
        format: format, size: FrameSize(width: width, height: height),
        interval: FrameInterval(framesPerSecond: rate))
    }
  }

  /// The picture's place for a window at `scale`.
  static func videoRect(scale: Double) -> Rect {
    VideoGeometry.aspectFit(
      content: Size(width: 1280, height: 720),
      in: Rect(origin: .zero, size: windowSize.scaled(by: scale)))
  }

  /// A streaming state with the picture in place and the webcam's controls and modes known,
  /// but no panel open.
  static func state(scale: Double = 1) -> OverlayState {
    var state = OverlayState(
      cameraState: .streaming(device, mode: mode), cameraName: device.name,
      modeDescription: mode.description, measuredFPS: 29.97, droppedFrames: 0,
      videoRect: videoRect(scale: scale))
    state.camera.controls = controls
    state.camera.modes = modes
    state.camera.currentMode = mode
    return state
  }

  /// The state with the settings panel open on the webcam's controls and modes.
  static func settingsState(scale: Double = 1, offset: Double = 0) -> OverlayState {
    var state = state(scale: scale)
    state.camera.isSettingsOpen = true
    state.camera.settingsTitle = device.name
    state.camera.settingsOffset = offset
    return state
  }

  /// A fresh overlay's frame for `input`'s events over `state`.
  static func frame(
    _ state: OverlayState, scale: Double = 1, time: Double = 0, pointer: Point? = nil,
    overlay: Overlay = Overlay(measurer: FixedWidthTextMeasurer())
  ) -> OverlayFrame {
    let input = OverlayInput(
      windowSize: windowSize, pixelScale: scale, pointer: pointer, time: time)
    return overlay.frame(input: input, state: state)
  }

  /// Draws the picture (a soft two-tone scene standing in for the camera) and then
  /// `commands` on a black canvas.
  static func render(_ commands: [DrawCommand], scale: Double) -> PPM.Image {
    let size = windowSize.scaled(by: scale)
    var canvas = SoftwareCanvas(width: Int(size.width), height: Int(size.height))
    let video = videoRect(scale: scale)
    let colors = [
      Color(red: 92, green: 120, blue: 150), Color(red: 150, green: 130, blue: 100),
      Color(red: 70, green: 110, blue: 80), Color(red: 200, green: 190, blue: 170),
    ]
    let bandHeight = video.height / Double(colors.count)
    for (index, color) in colors.enumerated() {
      let band = Rect(
        x: video.minX, y: video.minY + Double(index) * bandHeight, width: video.width,
        height: bandHeight)
      canvas.draw(.fillRect(band, color: color, cornerRadius: 0))
    }
    canvas.draw(commands)
    return canvas.image
  }
}
