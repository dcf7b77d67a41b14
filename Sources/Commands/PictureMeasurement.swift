// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Metering

/// What the control exerciser reads from one frame: mean luma, sharpness, and the mean luma of
/// each cell of an 8×6 grid (a coarse thumbnail, so a change anywhere in the picture shows).
public struct PictureMeasurement: Hashable, Sendable {
  /// Mean luma code value, 0…255.
  public var meanLuma: Double
  /// Normalised gradient energy (`SharpnessScore`); larger is sharper.
  public var sharpness: Double
  /// Mean luma of each grid cell, row by row.
  public var cells: [Double]

  /// Grid columns and rows.
  static let grid = (columns: 8, rows: 6)

  /// Makes a measurement from figures.
  public init(meanLuma: Double, sharpness: Double, cells: [Double]) {
    self.meanLuma = meanLuma
    self.sharpness = sharpness
    self.cells = cells
  }

  /// Measures `frame`. Owner's thread only, like every read of a frame. Each cell is sampled
  /// on a grid of about `samplesPerCell` points, so a measurement costs the same at any size.
  public init(_ frame: NV12Frame) {
    let whole = RegionOfInterest(centerX: 0.5, centerY: 0.5, width: 1, height: 1)
    sharpness = SharpnessScore.measure(frame, in: whole)
    let (across, down) = Self.grid
    let size = frame.size
    guard size.width >= across, size.height >= down else {
      meanLuma = frame.meanLuma(in: whole)
      cells = []
      return
    }
    let stride = frame.yStride
    cells = frame.withYPlane { plane in
      var cells: [Double] = []
      cells.reserveCapacity(across * down)
      for row in 0..<down {
        let rows = (row * size.height / down)..<((row + 1) * size.height / down)
        for column in 0..<across {
          let columns = (column * size.width / across)..<((column + 1) * size.width / across)
          let step = max(
            1,
            Int(
              (Double(rows.count * columns.count) / Self.samplesPerCell)
                .squareRoot()))
          var total = 0
          var count = 0
          for y in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: step) {
            for x in Swift.stride(from: columns.lowerBound, to: columns.upperBound, by: step) {
              total += Int(plane[y * stride + x])
              count += 1
            }
          }
          cells.append(count > 0 ? Double(total) / Double(count) : 0)
        }
      }
      return cells
    }
    meanLuma = cells.reduce(0, +) / Double(cells.count)
  }

  /// Points sampled per grid cell: 48 cells of 400 points read about 19,000 pixels a frame.
  static let samplesPerCell = 400.0

  /// How far this picture is from `other` by `metric`: luma code values for `.meanLuma` and
  /// `.picture` (the mean difference over the grid cells), the relative change for
  /// `.sharpness` (0.1 is 10 %).
  public func distance(to other: PictureMeasurement, by metric: PictureMetric) -> Double {
    switch metric {
    case .meanLuma:
      return abs(meanLuma - other.meanLuma)
    case .sharpness:
      let larger = max(sharpness, other.sharpness)
      return larger > 1e-9 ? abs(sharpness - other.sharpness) / larger : 0
    case .picture:
      guard cells.count == other.cells.count, !cells.isEmpty else {
        return abs(meanLuma - other.meanLuma)
      }
      return zip(cells, other.cells).map { abs($0 - $1) }.reduce(0, +) / Double(cells.count)
    }
  }
}

/// Which figure shows whether a control changed the picture.
public enum PictureMetric: String, Hashable, Sendable {
  /// Brightness, exposure, gain: the picture gets lighter or darker.
  case meanLuma = "mean luma"
  /// Focus: the picture gets sharper or blurred, its brightness unchanged.
  case sharpness = "sharpness"
  /// Anything else: the coarse picture differs.
  case picture = "picture difference"

  /// The metric for `control`, by its name.
  public static func suited(to control: CameraControl) -> PictureMetric {
    let name = control.commandLineName
    if name.contains("focus") || name.contains("sharp") { return .sharpness }
    let light = ["brightness", "exposure", "gain", "iso", "gamma", "backlight"]
    if light.contains(where: { name.contains($0) }) { return .meanLuma }
    return .picture
  }

  /// The smallest distance counted as a change whatever the noise: two luma code values, or
  /// 10 % sharpness.
  var floor: Double {
    switch self {
    case .meanLuma, .picture: 2
    case .sharpness: 0.1
    }
  }
}

/// Decides whether the picture changed: a frame differs from the reference (the last frame
/// before the control was set) by more than the noise seen between the reference frames
/// themselves, with a floor. Pure.
public struct ChangeDetector: Hashable, Sendable {
  /// The metric compared.
  public var metric: PictureMetric
  /// The last frame before the change.
  public var reference: PictureMeasurement
  /// The distance a frame must exceed to count as changed.
  public var threshold: Double

  /// How many times the noise a change must exceed.
  static let noiseMultiple = 3.0

  /// A detector with `baseline` (frames before the change, in order; at least one) as its
  /// reference and noise.
  public init?(metric: PictureMetric, baseline: [PictureMeasurement]) {
    guard let last = baseline.last else { return nil }
    self.metric = metric
    reference = last
    let noise = baseline.dropLast().map { $0.distance(to: last, by: metric) }.max() ?? 0
    threshold = max(metric.floor, noise * Self.noiseMultiple)
  }

  /// True when `frame` differs from the reference beyond the noise.
  public func hasChanged(_ frame: PictureMeasurement) -> Bool {
    frame.distance(to: reference, by: metric) > threshold
  }
}
