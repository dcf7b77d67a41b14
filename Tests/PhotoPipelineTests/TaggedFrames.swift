// SPDX-License-Identifier: MIT
import CameraModel
import SimulatedCamera

/// Simulated camera frames carrying their machine-readable frame number.
enum TaggedFrames {
  /// A frame of `size` showing the simulated scene at frame `sequence`, tagged with it.
  static func make(_ sequence: UInt32, size: FrameSize = FrameSize(width: 320, height: 180))
    -> NV12Frame
  {
    let frame = NV12Frame(size: size)
    let renderer = SimulatedSceneRenderer(scene: SimulatedScene.standard(seed: 7))
    renderer.render(
      sequence: sequence, streamTime: .milliseconds(Int64(sequence) * 33), into: frame)
    frame.metadata.sequence = sequence
    frame.metadata.colorimetry = SimulatedSceneRenderer.colorimetry(for: size)
    SimulatedFrameTag.stamp(sequence, into: frame)
    return frame
  }
}
