// SPDX-License-Identifier: MIT
import CameraModel
import Scanning
import SimulatedCamera
import Testing

@Suite struct SimulatedCodeTests {
  @Test(arguments: CodeScanner.Engine.allCases)
  func theMovingCodeReadsInMostFrames(engine: CodeScanner.Engine) throws {
    let code = try #require(SceneCode(text: "pinhole scan test 12345"))
    let renderer = SimulatedSceneRenderer(scene: SimulatedScene.standard(seed: 1).showing(code))
    let frame = NV12Frame(size: FrameSize(width: 1280, height: 720))
    let scanner = CodeScanner(engine: engine)
    let region = ScanRegion.standard.rectangle(in: frame.size)
    var missed: [Int] = []
    // Ten seconds of the code's swing and drift, a frame every third of a second.
    for third in 0..<30 {
      renderer.render(sequence: 0, streamTime: .milliseconds(third * 333), into: frame)
      let image = try #require(LumaImage(frame, region: region))
      if scanner.scan(image).first?.text != code.text { missed.append(third) }
    }
    #expect(missed.count <= 3, "\(engine) missed the code in frames \(missed)")
  }
}
