// SPDX-License-Identifier: MIT
import CameraModel
import SimulatedCamera
import ViewfinderAids

/// The viewfinder aids' cost per frame on the render loop, each on its own, on the simulated
/// camera's still scene: the luma scaled to the size shown, then each aid on that plane. The
/// goal is 1.5 ms per aid per frame on one core.
struct AidsBenchmark {
  let stopwatch: Stopwatch

  /// Prints rows for frames shown at their own size (1280x720, 1920x1080) and for a 1080p frame
  /// shown at 1280x720.
  func run() {
    let cases = [
      (FrameSize(width: 1280, height: 720), FrameSize(width: 1280, height: 720)),
      (FrameSize(width: 1920, height: 1080), FrameSize(width: 1920, height: 1080)),
      (FrameSize(width: 1920, height: 1080), FrameSize(width: 1280, height: 720)),
    ]
    for (size, shown) in cases { run(size, shown: shown) }
  }

  private func run(_ size: FrameSize, shown: FrameSize) {
    let frame = NV12Frame(size: size)
    SimulatedSceneRenderer(scene: SimulatedScene.standard(seed: 1).stilled()).render(
      sequence: 1, streamTime: .zero, lens: LensState(focus: 0.5), into: frame)
    let label = shown == size ? "" : " shown \(shown)"
    var luma = LumaPlane()
    printRow(
      size, "aids: luma to the size shown" + label,
      stopwatch.measure {
        luma.downsample(frame, to: shown)
      })
    var layer = AidImage(width: luma.width, height: luma.height)
    var peaking = FocusPeaking()
    printRow(
      size, "aids: focus peaking (layer)" + label,
      stopwatch.measure {
        layer.resize(width: luma.width, height: luma.height)
        peaking.mark(luma, into: &layer)
      })
    let zebras = Zebras()
    printRow(
      size, "aids: zebras 95 % (layer)" + label,
      stopwatch.measure {
        layer.resize(width: luma.width, height: luma.height)
        zebras.mark(luma, into: &layer)
      })
    if shown == size {
      let copy = NV12Frame(size: size)
      let peakingAlone = FocusPeaking()
      printRow(
        size, "aids: focus peaking (into the copy)",
        stopwatch.measure {
          FrameMarks.paint(frame, luma: luma, peaking: peakingAlone, zebras: nil, into: copy)
        })
      printRow(
        size, "aids: zebras 95 % (into the copy)",
        stopwatch.measure {
          FrameMarks.paint(frame, luma: luma, peaking: nil, zebras: zebras, into: copy)
        })
      printRow(
        size, "aids: peaking + zebras (into the copy)",
        stopwatch.measure {
          FrameMarks.paint(frame, luma: luma, peaking: peakingAlone, zebras: zebras, into: copy)
        })
    }
    var panel = AidImage(width: 256, height: 100)
    printRow(
      size, "aids: histogram (count + draw)" + label,
      stopwatch.measure {
        LumaHistogram(luma).draw(into: &panel)
      })
    var waveform = Waveform()
    printRow(
      size, "aids: waveform (count + draw)" + label,
      stopwatch.measure {
        waveform.measure(luma)
        waveform.draw(into: &panel)
      })
    var all = ViewfinderAidSettings()
    all.showsFocusPeaking = true
    all.showsZebras = true
    all.showsHistogram = true
    all.showsWaveform = true
    let renderer = ViewfinderAidsRenderer()
    printRow(
      size, "aids: all four, from the frame" + label,
      stopwatch.measure {
        renderer.update(frame, shown: shown, settings: all)
      })
    printRow(
      size, "aids: all four, marks into a copy" + label,
      stopwatch.measure {
        renderer.update(frame, shown: shown, settings: all, marksFrame: true)
      })
  }
}
