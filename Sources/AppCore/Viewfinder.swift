// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Localization
import Metering
import Overlay

/// The viewfinder aids the camera interface offers: the digital zoom, the rule-of-thirds grid,
/// the exposure compensation and the picture aids (peaking, zebras, histogram, waveform). It applies their `CameraAction`s and says what the camera
/// must be told; the app owns one. Main thread only.
public struct Viewfinder: Hashable, Sendable {
  /// The digital zoom in sensor space; the preview's source rectangle and photos' crop.
  public private(set) var zoom = DigitalZoom.none
  /// True while the grid is drawn (a saved setting).
  public var showsGrid = false
  /// The viewfinder aids that are on (a saved setting).
  public var aids = ViewfinderAidSettings()
  /// The exposure compensation in thirds of a stop, −6…6.
  public private(set) var compensationThirds = 0

  /// Makes a viewfinder with nothing in force.
  public init(showsGrid: Bool = false) {
    self.showsGrid = showsGrid
  }

  /// What a picture shown with `isMirrored` and `quarterTurns` needs to map pointer positions
  /// to the sensor.
  public static func mapping(isMirrored: Bool, quarterTurns: Int) -> ViewMapping {
    ViewMapping(
      videoRect: .init(x: 0, y: 0, width: 1, height: 1),
      imageSize: FrameSize(width: 1, height: 1), isMirrored: isMirrored,
      rotation: ViewMapping.Rotation(rawValue: (((quarterTurns % 4) + 4) % 4) * 90) ?? .none)
  }

  /// Applies a zoom intent for a picture shown through `mapping`; true when it was one.
  public mutating func applyZoom(_ action: CameraAction, mapping: ViewMapping) -> Bool {
    switch action {
    case .zoom(let steps, let toward):
      zoom = mapping.zoom(zoom, steppedBy: steps, toward: toward)
    case .panZoom(let dx, let dy):
      zoom = mapping.zoom(zoom, draggedByX: dx, y: dy)
    case .resetZoom:
      zoom = .none
    default:
      return false
    }
    return true
  }

  /// Back to the whole picture (a new camera or mode).
  public mutating func resetZoom() { zoom = .none }

  /// Sets the compensation to `thirds` (clamped) and returns what the camera with `controls`
  /// must be told: a bias control value to write, or nothing when Pinhole's own metering
  /// carries it (see `exposureTarget`).
  public mutating func setCompensation(thirds: Int, controls: [CameraControl])
    -> (CameraModel.ControlID, Int64)?
  {
    compensationThirds = min(
      max(thirds, ExposureCompensation.thirdsRange.lowerBound),
      ExposureCompensation.thirdsRange.upperBound)
    return biasAssignment(controls: controls)
  }

  /// The bias control value the compensation asks of a camera with `controls`, or `nil`
  /// when it has no bias control (or nothing is compensated and it has none).
  public func biasAssignment(controls: [CameraControl]) -> (CameraModel.ControlID, Int64)? {
    guard
      case .bias(let id, let value) = ExposureCompensation.route(
        thirds: compensationThirds, controls: controls)
    else { return nil }
    return (id, value)
  }

  /// The mean luma a click's metering aims at: mid-grey moved by the compensation when the
  /// camera has no bias control to carry it (with one, the camera's own auto exposure is
  /// already biased, and mid-grey keeps the two from adding up).
  public func exposureTarget(controls: [CameraControl]) -> Double {
    switch ExposureCompensation.route(thirds: compensationThirds, controls: controls) {
    case .bias: ExposureCompensation.midGrey
    case .meteringTarget(let target): target
    }
  }

  /// The line under the slider saying what it drives on a camera with `controls`.
  public static func compensationNote(controls: [CameraControl]) -> String {
    ExposureCompensation.drivesBias(controls)
      ? tr("Sets the camera's exposure bias")
      : tr("Applies when you click to expose")
  }

  /// The region to focus and meter for a click at `point` of the picture as shown (0…1
  /// across and down), through the zoom: a fifth of the shown picture around it.
  public func focusRegion(at point: Point, mapping: ViewMapping) -> RegionOfInterest {
    mapping.region(aroundZoomedImage: point, zoom: zoom, size: 0.2)
  }
}
