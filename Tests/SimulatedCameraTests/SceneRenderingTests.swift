// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import SimulatedCamera
import Testing

@Suite("Rendering the simulated scene")
struct SceneRenderingTests {
  private static let sizes = [(1920, 1080), (1280, 720), (640, 360)]

  private func camera(seed: UInt64 = 1, width: Int = 1280, height: Int = 720) -> SimulatedCamera {
    SimulatedCamera(
      options: .init(
        size: FrameSize(width: width, height: height), seed: seed,
        startTime: MonotonicTime(nanoseconds: 1_000_000_000), clock: ManualClock()))
  }

  /// The rows between the readouts and the luma ramp, where only the objects move.
  private func pictureRows(_ frame: NV12Frame) -> Range<Int> {
    (frame.size.height / 4)..<(frame.size.height * 84 / 100)
  }

  @Test func consecutiveFramesShowMovement() throws {
    let device = camera(width: 640, height: 360)
    try device.startStreaming()
    let frames = try CapturedFrame.capture(6, from: device)
    #expect(frames.count == 6)
    for (earlier, later) in zip(frames, frames.dropFirst()) {
      let before = CapturedFrame.lumaValues(of: earlier.frame, rows: pictureRows(earlier.frame))
      let after = CapturedFrame.lumaValues(of: later.frame, rows: pictureRows(later.frame))
      var changed = 0
      for index in before.indices where before[index] != after[index] { changed += 1 }
      // Six objects move every frame; at least a few hundred pixels change.
      #expect(changed > 300, "frames \(earlier.sequence) → \(later.sequence)")
    }
  }

  @Test func sameSeedAndStartTimeGiveIdenticalFrames() throws {
    let first = camera(seed: 42)
    let second = camera(seed: 42)
    try first.startStreaming()
    try second.startStreaming()
    let a = try CapturedFrame.capture(8, from: first)
    let b = try CapturedFrame.capture(8, from: second)
    #expect(a.count == 8 && b.count == 8)
    for (left, right) in zip(a, b) {
      #expect(left.sequence == right.sequence)
      #expect(left.captureTime == right.captureTime)
      #expect(left.frame.pixelBytes == right.frame.pixelBytes)
    }
  }

  @Test func differentSeedsGiveDifferentScenes() throws {
    let first = camera(seed: 1)
    let second = camera(seed: 2)
    try first.startStreaming()
    try second.startStreaming()
    let a = try #require(CapturedFrame.capture(1, from: first).first)
    let b = try #require(CapturedFrame.capture(1, from: second).first)
    #expect(a.frame.pixelBytes != b.frame.pixelBytes)
    #expect(first.scene != second.scene)
  }

  @Test(arguments: sizes)
  func staysInsideLimitedRange(size: (Int, Int)) throws {
    let device = camera(width: size.0, height: size.1)
    try device.startStreaming()
    for captured in try CapturedFrame.capture(2, from: device) {
      let luma = CapturedFrame.extremes(of: captured.lumaValues)
      let chroma = CapturedFrame.extremes(of: captured.chromaValues)
      #expect(luma.min >= 16 && luma.max <= 235)
      #expect(chroma.min >= 16 && chroma.max <= 240)
    }
  }

  @Test(arguments: sizes)
  func pictureIsFarFromConstant(size: (Int, Int)) throws {
    let device = camera(width: size.0, height: size.1)
    try device.startStreaming()
    let captured = try #require(CapturedFrame.capture(1, from: device).first)
    let luma = captured.lumaValues.map(Double.init)
    let mean = luma.reduce(0, +) / Double(luma.count)
    let variance = luma.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(luma.count)
    #expect(variance.squareRoot() > 25)
    let chroma = Set(captured.chromaValues)
    #expect(chroma.count > 20, "the picture should carry colour, not only greys")
  }

  @Test func onlyTheTagAndCounterDependOnTheSequenceNumber() {
    let renderer = SimulatedSceneRenderer(scene: .standard(seed: 7))
    let size = FrameSize(width: 1280, height: 720)
    let first = NV12Frame(size: size)
    let second = NV12Frame(size: size)
    renderer.render(sequence: 1, streamTime: .seconds(2), into: first)
    renderer.render(sequence: 2, streamTime: .seconds(2), into: second)
    var changedRows = Set<Int>()
    for y in 0..<size.height {
      for x in stride(from: 0, to: size.width, by: 2)
      where first.luma(x: x, y: y) != second.luma(x: x, y: y) {
        changedRows.insert(y)
      }
    }
    let strip = SimulatedFrameTag.stripHeight(forFrameHeight: size.height)
    // The tag strip and the counter at the top change; nothing below the readouts does.
    #expect(changedRows.contains { $0 < strip })
    #expect(changedRows.contains { $0 > strip && $0 < size.height / 4 })
    #expect(changedRows.allSatisfy { $0 < size.height / 4 })
  }

  @Test func rendererSetsSequenceAndColorimetryOnTheFrame() {
    let renderer = SimulatedSceneRenderer(scene: .standard(seed: 1))
    let frame = NV12Frame(size: FrameSize(width: 640, height: 360))
    renderer.render(sequence: 77, streamTime: .zero, into: frame)
    #expect(frame.metadata.sequence == 77)
    #expect(frame.metadata.colorimetry == .bt601Limited)
    frame.resize(to: FrameSize(width: 1280, height: 720))
    renderer.render(sequence: 78, streamTime: .zero, into: frame)
    #expect(frame.metadata.colorimetry == .bt709Limited)
    #expect(SimulatedFrameTag.decode(from: frame) == 78)
  }

  @Test func rendersOddSizesWithoutLeavingTheFrame() {
    let renderer = SimulatedSceneRenderer(scene: .standard(seed: 3))
    for size in [FrameSize(width: 321, height: 179), FrameSize(width: 99, height: 57)] {
      let frame = NV12Frame(size: size)
      renderer.render(sequence: 12345, streamTime: .milliseconds(500), into: frame)
      let luma = CapturedFrame.extremes(of: CapturedFrame.lumaValues(of: frame))
      #expect(luma.min >= 16 && luma.max <= 235)
      #expect(SimulatedFrameTag.decode(from: frame) == 12345)
    }
  }

  @Test(arguments: [
    (SceneObject.Shape.rectangle(aspect: 1), SceneObject.Texture.stripes(count: 5)),
    (.disc, .stripes(count: 5)), (.disc, .rings(count: 4)),
  ])
  func texturesPaintADarkerShadeOfTheColourInsideTheOutline(
    shape: SceneObject.Shape, texture: SceneObject.Texture
  ) {
    let grey = SceneColor(grey: 0.8)
    let scene = SimulatedScene(objects: [
      SceneObject(
        shape: shape, depth: 0.5, size: 0.5, color: grey, motion: .fixed(x: 0.5, y: 0.5),
        texture: texture)
    ])
    let frame = NV12Frame(size: FrameSize(width: 640, height: 360))
    SimulatedSceneRenderer(scene: scene).render(sequence: 1, streamTime: .zero, into: frame)
    // The middle 40 % of the object (height 180 rows, centred on 180, 320).
    var levels: Set<UInt8> = []
    for row in 146..<214 {
      for column in 290..<350 { levels.insert(frame.luma(x: column, y: row)) }
    }
    let bright = grey.encoded(.bt601).y
    let dark = UInt8(16 + (Int(bright) - 16) / 2)
    #expect(levels == [bright, dark], "\(levels.sorted())")
  }

  @Test func skipsObjectsPlacedOutOfAnyReasonableRange() {
    let wild = [
      SceneObject(
        shape: .disc, depth: 0.5, size: .infinity, color: .white, motion: .fixed(x: 0.5, y: 0.5)),
      SceneObject(
        shape: .siemensStar(spokes: .max), depth: 0.5, size: 0.2, color: .white,
        motion: .fixed(x: .nan, y: 0.5)),
      SceneObject(
        shape: .checkerboard(cells: .max), depth: 0.5, size: 0.2, color: .white,
        motion: .fixed(x: 1e300, y: -1e300)),
    ]
    let renderer = SimulatedSceneRenderer(scene: SimulatedScene(objects: wild))
    let frame = NV12Frame(size: FrameSize(width: 640, height: 360))
    renderer.render(sequence: 9, streamTime: .seconds(1), into: frame)
    #expect(SimulatedFrameTag.decode(from: frame) == 9)
  }
}
