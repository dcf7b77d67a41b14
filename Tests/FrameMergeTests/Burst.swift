// SPDX-License-Identifier: MIT
import CameraModel
import SimulatedCamera

/// A burst rendered by the simulated camera, with the noise-free render of its newest frame:
/// the ground truth a merge is measured against.
struct Burst {
  /// Oldest first; the newest is the reference, as the shutter's frame is.
  let frames: [NV12Frame]
  /// The newest frame without gain noise.
  let clean: NV12Frame
  /// Each frame's noise-free render, oldest first.
  let cleanFrames: [NV12Frame]

  /// Renders `count` consecutive frames (30 fps) of `scene` at `size` through `sensor`.
  init(
    scene: SimulatedScene, count: Int, sensor: SensorState,
    size: FrameSize = FrameSize(width: 640, height: 360)
  ) {
    let renderer = SimulatedSceneRenderer(scene: scene)
    var frames: [NV12Frame] = []
    var cleanFrames: [NV12Frame] = []
    for index in 0..<count {
      let sequence = UInt32(100 + index)
      let time = Duration.milliseconds(Int64(sequence) * 100) / 3
      let frame = NV12Frame(size: size)
      renderer.render(sequence: sequence, streamTime: time, sensor: sensor, into: frame)
      frames.append(frame)
      let clean = NV12Frame(size: size)
      renderer.render(
        sequence: sequence, streamTime: time, sensor: sensor.withoutNoise(), into: clean)
      cleanFrames.append(clean)
    }
    self.frames = frames
    self.cleanFrames = cleanFrames
    clean = cleanFrames[cleanFrames.count - 1]
  }

  /// The newest frame, what Speed saves.
  var reference: NV12Frame { frames[frames.count - 1] }

  /// The newest `count` frames.
  func newest(_ count: Int) -> [NV12Frame] { Array(frames.suffix(count)) }

  /// True for each pixel whose noise-free value changes anywhere in the newest `count` frames:
  /// where something moved.
  func movingMask(_ count: Int) -> [Bool] {
    let size = clean.size
    var mask = [Bool](repeating: false, count: size.width * size.height)
    for frame in cleanFrames.suffix(count) {
      for y in 0..<size.height {
        for x in 0..<size.width where frame.luma(x: x, y: y) != clean.luma(x: x, y: y) {
          mask[y * size.width + x] = true
        }
      }
    }
    return mask
  }
}
