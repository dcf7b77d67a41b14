// SPDX-License-Identifier: MIT
import CameraModel
import Scanning
import SimulatedCamera
import Testing

@Suite struct CodeScannerTests {
  @Test(arguments: CodeScanner.Engine.allCases)
  func readsAQRCodeWithItsCorners(engine: CodeScanner.Engine) throws {
    let code = try #require(SceneCode(text: "https://example.org/pinhole"))
    var page = TestPage(width: 400, height: 300)
    page.paint(code, x: 100, y: 50, module: 6)
    let found = page.scan(with: CodeScanner(engine: engine))
    let first = try #require(found.first)
    #expect(found.count == 1)
    #expect(first.text == "https://example.org/pinhole")
    #expect(first.symbology == .qr)
    #expect(first.corners.count == 4)
    let side = Double(code.side * 6)
    for corner in first.corners {
      #expect(corner.x >= 95 && corner.x <= 105 + side)
      #expect(corner.y >= 45 && corner.y <= 55 + side)
    }
  }

  @Test(arguments: CodeScanner.Engine.allCases)
  func readsEAN13AndCode39(engine: CodeScanner.Engine) throws {
    let ean = LinearPatterns.ean13("590123412345")
    var page = TestPage(width: 480, height: 360)
    page.paintBars(ean.pattern, x: 40, y: 20, module: 3, height: 120)
    page.paintBars(LinearPatterns.code39("PINHOLE"), x: 40, y: 200, module: 2, height: 120)
    let found = page.scan(with: CodeScanner(engine: engine))
    #expect(found.contains { $0.symbology == .ean13 && $0.text == ean.text })
    #expect(found.contains { $0.symbology == .code39 && $0.text == "PINHOLE" })
  }

  @Test func scansOnlyTheRegionAndReportsFrameCoordinates() throws {
    let left = try #require(SceneCode(text: "LEFT"))
    let right = try #require(SceneCode(text: "RIGHT"))
    var page = TestPage(width: 640, height: 320)
    page.paint(left, x: 40, y: 60, module: 6)
    page.paint(right, x: 400, y: 60, module: 6)
    let scanner = CodeScanner()
    #expect(Set(page.scan(with: scanner).map(\.text)) == ["LEFT", "RIGHT"])
    let region = PixelRectangle(left: 360, top: 0, width: 280, height: 320)
    let found = page.scan(with: scanner, region: region)
    #expect(found.map(\.text) == ["RIGHT"])
    #expect(found.first?.corners.allSatisfy { $0.x >= 360 } == true)
  }

  @Test func findsNothingOnABlankPageOrImpossibleNumbers() {
    let page = TestPage(width: 200, height: 100)
    #expect(page.scan(with: CodeScanner()).isEmpty)
    let scanner = CodeScanner()
    page.pixels.withUnsafeBytes { bytes in
      #expect(scanner.scan(luma: bytes, width: 200, height: 100, stride: 100).isEmpty)
      #expect(scanner.scan(luma: bytes, width: 200, height: 101, stride: 200).isEmpty)
      #expect(scanner.scan(luma: bytes, width: -5, height: 100, stride: 200).isEmpty)
    }
  }

  @Test func readsTheSimulatedCamerasMovingCode() throws {
    let code = try #require(SceneCode(text: "scene code 7"))
    let renderer = SimulatedSceneRenderer(scene: SimulatedScene.standard(seed: 1).showing(code))
    let frame = NV12Frame(size: FrameSize(width: 1280, height: 720))
    let scanner = CodeScanner()
    let region = ScanRegion.standard.rectangle(in: frame.size)
    for second in [0.0, 1.3, 2.9] {
      renderer.render(sequence: 0, streamTime: .milliseconds(Int(second * 1000)), into: frame)
      let image = try #require(LumaImage(frame, region: region))
      #expect(scanner.scan(image).map(\.text) == ["scene code 7"], "at \(second) s")
    }
  }

  @Test func resolvesRegionsInsideTheFrame() {
    let size = FrameSize(width: 1280, height: 720)
    #expect(
      ScanRegion.standard.rectangle(in: size)
        == PixelRectangle(left: 424, top: 144, width: 432, height: 432))
    #expect(
      ScanRegion(parsing: "10,20,300,200")
        == .pixels(.init(left: 10, top: 20, width: 300, height: 200)))
    #expect(
      ScanRegion(parsing: "0.25,0.25,0.5,0.5")?.rectangle(in: size)
        == PixelRectangle(left: 320, top: 180, width: 640, height: 360))
    #expect(ScanRegion(parsing: "1,2,3") == nil)
    #expect(ScanRegion(parsing: "0.5,0.5,0.7,0.2") == nil)
    #expect(ScanRegion(parsing: "10,10,0,5") == nil)
    #expect(ScanRegion(parsing: "nan,0,1,1") == nil)
    #expect(
      ScanRegion.pixels(.init(left: 1200, top: 700, width: 500, height: 500)).rectangle(in: size)
        == PixelRectangle(left: 780, top: 220, width: 500, height: 500))
  }
}
