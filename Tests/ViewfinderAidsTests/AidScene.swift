// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import SimulatedCamera
import ViewfinderAids

/// The simulated camera's still scene rendered for the aids, and pictures of their output for
/// goldens: the luma in grey with an aid's layer blended over it.
enum AidScene {
  /// The size shown in the tests: a 1280x720 frame in a window showing it at half size.
  static let shown = FrameSize(width: 640, height: 360)

  /// A 1280x720 frame of `scene` with the lens focused at `focus` (0 near … 1 far).
  static func frame(
    scene: SimulatedScene = SimulatedScene.standard(seed: 1).stilled(), focus: Double
  ) -> NV12Frame {
    let frame = NV12Frame(size: FrameSize(width: 1280, height: 720))
    SimulatedSceneRenderer(scene: scene).render(
      sequence: 1, streamTime: .zero, lens: LensState(focus: focus), into: frame)
    return frame
  }

  /// `luma` in grey with `layer` (its size) blended over it.
  static func picture(_ luma: LumaPlane, layer: AidImage?) -> PPM.Image {
    var rgb = [UInt8](repeating: 0, count: luma.width * luma.height * 3)
    for index in 0..<(luma.width * luma.height) {
      let grey = Int(luma.samples[index])
      var color = (grey, grey, grey)
      if let layer {
        let alpha = Int(layer.rgba[index * 4 + 3])
        func blend(_ over: UInt8, _ under: Int) -> Int {
          (Int(over) * alpha + under * (255 - alpha) + 127) / 255
        }
        color = (
          blend(layer.rgba[index * 4], color.0), blend(layer.rgba[index * 4 + 1], color.1),
          blend(layer.rgba[index * 4 + 2], color.2)
        )
      }
      rgb[index * 3] = UInt8(color.0)
      rgb[index * 3 + 1] = UInt8(color.1)
      rgb[index * 3 + 2] = UInt8(color.2)
    }
    return PPM.Image(width: luma.width, height: luma.height, rgb: rgb)
  }

  /// A panel blended over mid grey, as it shows over a picture.
  static func panel(_ image: AidImage) -> PPM.Image {
    let grey = LumaPlane(
      width: image.width, height: image.height,
      samples: [UInt8](repeating: 128, count: image.width * image.height))
    return picture(grey, layer: image)
  }
}
