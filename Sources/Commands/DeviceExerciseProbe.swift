// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture

/// The exerciser's view of a real camera: opened, configured in the mode `--check` would
/// choose, streaming, each frame converted to NV12 and measured on the calling thread.
public final class DeviceExerciseProbe: ExerciseProbe {
  /// The mode streamed.
  public let mode: CaptureMode
  private let device: any CaptureDevice
  private let converter: any FrameConverter
  private let frame: NV12Frame
  /// The scaled decode's denominator (1, 2 or 4; raw formats ignore it).
  private let reduction: Int

  /// How long one wait for a frame may take: devices under emulation are slow, and a control
  /// may stop the frames for good (vivid's dropped-buffer percentage at 100).
  static let frameTimeout = Duration.seconds(2)
  /// Damaged frames skipped in a row before giving up on a measurement.
  static let corruptFramesTolerated = 8

  /// Opens `source`'s camera and starts streaming in the mode `request` picks.
  public init(source: CameraSource, request: ModeRequest) throws(CaptureError) {
    let device = try source.open()
    let converter = source.makeConverter()
    do throws(CaptureError) {
      let choice = try ModePolicy.choose(
        from: try device.capabilities(), request: request, canConvert: converter.canConvert)
      guard let mode = try device.configure(choice.mode).value else {
        throw CaptureError.unsupportedFormat(choice.mode.format.fourCC)
      }
      try device.startStreaming()
      self.mode = mode
    } catch {
      device.close()
      throw error
    }
    self.device = device
    self.converter = converter
    frame = NV12Frame(size: mode.size)
    reduction = Self.reduction(for: mode.size)
  }

  /// How much smaller a compressed frame is decoded: to about 640 pixels across, which still
  /// shows a change of focus, for a quarter or a sixteenth of the decoding work at 720p or
  /// 1080p (a slow machine keeps up with the camera).
  static func reduction(for size: FrameSize) -> Int {
    size.width >= 2560 ? 4 : size.width >= 1280 ? 2 : 1
  }

  deinit {
    device.stopStreaming()
    device.close()
  }

  /// Every control with its current value.
  public func controls() throws(CaptureError) -> [CameraControl] { try device.controls() }

  /// The device's remark about its controls, if it has one.
  public var controlRemark: String? { (device as? any ControlRemarking)?.controlRemark }

  /// Sets `changes` in one request.
  public func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError)
    -> [CameraControl]
  {
    try device.setControls(changes)
  }

  /// The next frame that converts, measured; nil when none came within `frameTimeout`.
  public func nextMeasurement() throws(CaptureError) -> PictureMeasurement? {
    for _ in 0...Self.corruptFramesTolerated {
      var measurement: PictureMeasurement?
      let arrived = try device.nextFrame(timeout: Self.frameTimeout) { raw in
        guard !raw.hasErrorFlag,
          (try? converter.convert(raw, into: frame, reducedBy: reduction)) != nil
        else { return }
        measurement = PictureMeasurement(frame)
      }
      guard arrived else { return nil }
      if let measurement { return measurement }
    }
    return nil
  }
}
