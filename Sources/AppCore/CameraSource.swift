// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Imaging
import PipeWireCapture
import SimulatedCamera

/// Builds what a capture session needs for a chosen camera: the device description, an opener
/// the session calls (again after every failure) on its capture thread, and the converter.
public struct CameraSource: Sendable {
  /// The camera as known before opening.
  public var device: DeviceInfo
  /// Opens the camera; for a V4L2 camera it looks the camera up again by identity first, so a
  /// webcam that comes back under another node number after an unplug is found.
  public var open: CaptureSession.DeviceOpener
  /// Makes the converter the capture thread uses.
  public var makeConverter: CaptureSession.ConverterFactory = { PixelConverter() }
  /// The notice to show beside the picture, if any.
  public var notice: String?
  /// The simulated camera's view of the screen's light: the app sets it when a screen flash
  /// or ring light is presented. Nil for real cameras, which see the real screen.
  public private(set) var screenLight: ScreenLight?
  /// The simulated camera's flash-and-click beacon, when asked for; a `SimulatedMicrophone`
  /// made with it clicks in step with the picture's flashes.
  public private(set) var syncBeacon: SyncBeacon?
  /// The simulated camera's view of the window's latency patch, when a delay was asked for.
  public private(set) var screenView: ScreenView?
  /// What to ask of the camera when the user asked for nothing: the simulated camera streams
  /// 1280x720 at 30 fps, the size a desktop preview needs; real cameras follow `ModePolicy`.
  public var defaultRequest = ModeRequest()

  /// The source for `selection`; `stillScene` freezes the simulated camera's objects where
  /// its scene starts them; `sceneCode` shows a QR code of that text in its scene; `syncBeacon`
  /// flashes it once a second for a simulated microphone; `screenDelayMilliseconds` makes it
  /// see the window's latency patch that long after each change.
  public init(
    _ selection: CameraSelection, stillScene: Bool = false, sceneCode: String? = nil,
    syncBeacon: Bool = false, screenDelayMilliseconds: Int? = nil
  ) {
    switch selection {
    case .simulated(let notice):
      var options = SimulatedCamera.Options()
      // Webcams start in their automatic exposure mode, which is also what the simulated
      // camera reports as the "Auto Exposure" default: start there, so the control reads its
      // default (3) and "Reset to defaults" changes nothing.
      options.sensor = SensorState(isAutoExposureEnabled: true)
      let light = ScreenLight()
      options.screenLight = light
      screenLight = light
      if syncBeacon {
        let beacon = SyncBeacon()
        options.syncBeacon = beacon
        self.syncBeacon = beacon
      }
      if let delay = screenDelayMilliseconds {
        let view = ScreenView(delayMilliseconds: delay)
        options.screenView = view
        screenView = view
      }
      if stillScene { options.scene = SimulatedScene.standard(seed: options.seed).stilled() }
      if let text = sceneCode {
        options.scene = (options.scene ?? .standard(seed: options.seed)).showing(
          SceneCode(text: text))
      }
      device = options.deviceInfo
      defaultRequest = ModeRequest(
        size: FrameSize(width: 1280, height: 720), framesPerSecond: 30)
      open = { [options] () throws(CaptureError) -> any CaptureDevice in
        SimulatedCamera(options: options)
      }
      self.notice = notice
    case .device(let info) where info.kind == .pipewire:
      device = info
      let name = PipeWireCameraNode.nodeName(inPath: info.path) ?? info.path
      open = { () throws(CaptureError) -> any CaptureDevice in
        try PipeWireDevice(nodeName: name)
      }
    case .device(let info):
      device = info
      let direct: CaptureSession.DeviceOpener = { () throws(CaptureError) -> any CaptureDevice in
        let path = CameraSource.currentPath(of: info)
        return try V4L2Device(path: path, identity: info.identity)
      }
      guard let node = info.pipewireNode else {
        open = direct
        break
      }
      // Straight from V4L2 while the camera is free; through PipeWire, sharing it, when
      // PipeWire (or a program it serves) holds the device.
      open = { () throws(CaptureError) -> any CaptureDevice in
        try FallbackDevice(
          camera: info, direct: direct,
          fallback: { () throws(CaptureError) -> any CaptureDevice in
            try PipeWireDevice(nodeName: node)
          })
      }
    }
  }

  /// Opens the simulated microphone that clicks with `syncBeacon`; nil without a beacon.
  public var simulatedMicrophoneOpener: MicrophoneOpener? {
    guard let syncBeacon else { return nil }
    return { SimulatedMicrophone(beacon: syncBeacon) }
  }

  /// The user's wishes, with this source's defaults where the user said nothing.
  public func request(overriding wishes: ModeRequest) -> ModeRequest {
    ModeRequest(
      format: wishes.format ?? defaultRequest.format, size: wishes.size ?? defaultRequest.size,
      framesPerSecond: wishes.framesPerSecond ?? defaultRequest.framesPerSecond)
  }

  /// Where the camera with `info`'s identity is now; its original path when it is not found
  /// (opening that then reports the real error).
  static func currentPath(of info: DeviceInfo) -> String {
    guard info.identity != info.path else { return info.path }
    return currentPath(of: info, among: DeviceDiscovery().scan().cameras)
  }

  /// Where the camera with `info`'s identity is among `cameras`. Two cameras of one model may
  /// share an identity (the same serial number, or none and one port after another): the one
  /// still at `info`'s own node wins, then the one on `info`'s bus, then the first. Without
  /// that, `--device /dev/video3` opened a twin at /dev/video1, and unplugging video3 never
  /// ended the recording.
  static func currentPath(of info: DeviceInfo, among cameras: [DeviceInfo]) -> String {
    let twins = cameras.filter { $0.identity == info.identity }
    if twins.contains(where: { $0.path == info.path }) { return info.path }
    let sameBus = twins.first { !info.busInfo.isEmpty && $0.busInfo == info.busInfo }
    return (sameBus ?? twins.first)?.path ?? info.path
  }

  /// Cameras in the order the app offers them: V4L2 cameras that open, then those the user may
  /// not open (so "permission denied" is said rather than "no camera"), then, when a PipeWire
  /// daemon answers, PipeWire's cameras that wrap none of them (see `CameraTwins`); `backend`
  /// keeps only one of the two kinds.
  public static func discover(backend: CaptureBackend = .automatic) -> [DeviceInfo] {
    backend.cameras(
      v4l2: {
        let result = DeviceDiscovery().scan()
        return result.cameras + result.permissionDenied
      },
      pipewire: { PipeWireDiscovery.cameras() })
  }
}
