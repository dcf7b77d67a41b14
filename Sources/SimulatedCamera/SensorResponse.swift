// SPDX-License-Identifier: MIT
import CameraModel

/// Applies a `SensorState` to a rendered frame: scales the signal by the exposure, clips the
/// highlights at 235 and adds gain noise.
///
/// Brightness scales luma in fixed point (1/1024) and chroma through a 256-entry table rebuilt
/// only when the exposure changes. Noise comes from a fixed table of 64 Ki roughly Gaussian
/// samples read from a different offset each frame, so a frame costs a multiply and an add per
/// pixel, which the compiler vectorises (a per-pixel table lookup would not be), and the same
/// frame number always gets the same grain.
///
/// Owner's thread only: it caches the table between frames.
struct SensorResponse {
  /// Standard deviation of the raw noise table, in table units.
  private static let tableSigma = 16.0
  private static let noiseMask = (1 << 16) - 1
  /// Approximately Gaussian samples: each is the sum of four uniform integers in −14…14
  /// (variance (29² − 1) / 12 = 70 each), so the standard deviation is √280 ≈ 16.7, close
  /// enough to `tableSigma` for grain.
  private static let noise: [Int8] = {
    var random = SceneRandom(seed: 0x5EED)
    return (0...noiseMask).map { _ in
      var total = 0
      for _ in 0..<4 { total += Int(random.next() % 29) - 14 }
      return Int8(total)
    }
  }()

  /// The brightness in 1/1024ths, at most 256 × (anything above 15 clips every level anyway).
  private var lumaGain: Int32 = 1024
  private var chroma = [UInt8](repeating: 0, count: 256)
  private var tableBrightness = Double.nan
  /// The noise table scaled to the current gain, in code values.
  private var grain: [Int16] = []
  private var grainLevel = Double.nan

  /// Applies `sensor` to every row of `frame`; `sequence` picks the noise offset.
  mutating func apply(_ sensor: SensorState, to frame: NV12Frame, sequence: UInt32) {
    guard !sensor.isNeutral else { return }
    if sensor.brightness != tableBrightness { rebuildTables(brightness: sensor.brightness) }
    if sensor.noiseLevel != grainLevel { rescaleGrain(level: sensor.noiseLevel) }
    applyLuma(to: frame, sequence: sequence)
    if sensor.brightness < 1 { applyChroma(to: frame) }
  }

  private mutating func rebuildTables(brightness: Double) {
    tableBrightness = brightness
    lumaGain = Int32((min(max(brightness, 0), 256) * 1024).rounded())
    for code in 0..<256 {
      // A darker picture is also less colourful; a brighter one keeps its colour, since the
      // chroma of a clipped pixel is not known anyway.
      let offset = (Double(code) - 128) * min(brightness, 1)
      chroma[code] = UInt8(min(max(128 + offset.rounded(), 16), 240))
    }
  }

  private mutating func rescaleGrain(level: Double) {
    grainLevel = level
    let scale = level / Self.tableSigma
    grain = Self.noise.map { Int16((Double($0) * scale).rounded()) }
  }

  private func applyLuma(to frame: NV12Frame, sequence: UInt32) {
    // Wider rows than the noise table (no simulated mode is) would read past it.
    let width = min(frame.size.width, Self.noiseMask + 1)
    // Each row reads a contiguous run of the table, starting where it does not wrap.
    let room = max(grain.count - width, 1)
    // A large odd multiplier scatters consecutive frames across the table.
    let start = Int(truncatingIfNeeded: UInt64(sequence) &* 40_503) & Self.noiseMask
    let gain = lumaGain
    grain.withUnsafeBufferPointer { grain in
      frame.withPlaneAddresses { y, _ in
        for row in 0..<frame.size.height {
          let line = y + row * frame.yStride
          // Rows start 4099 samples apart (a prime longer than a row) so grain does not
          // repeat from one row to the next.
          let noise = grain.baseAddress.unsafelyUnwrapped + (start &+ row &* 4099) % room
          for x in 0..<width {
            // 16 + (code − 16) × brightness, clipped at 235, then the grain.
            let signal = max(Int32(line[x]) &- 16, 0) &* gain &+ 512
            let scaled = min(16 &+ (signal >> 10), 235)
            let value = scaled &+ Int32(noise[x])
            line[x] = UInt8(truncatingIfNeeded: min(max(value, 16), 235))
          }
        }
      }
    }
  }

  private func applyChroma(to frame: NV12Frame) {
    let count = (frame.size.width + 1) / 2 * 2
    chroma.withUnsafeBufferPointer { table in
      frame.withPlaneAddresses { _, uv in
        for row in 0..<frame.chromaHeight {
          let line = uv + row * frame.uvStride
          for x in 0..<count { line[x] = table[Int(line[x])] }
        }
      }
    }
  }
}
