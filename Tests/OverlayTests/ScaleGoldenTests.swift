// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

/// The camera screen and the settings panel at the desktop scales people use (1×, 1.5×, 2×),
/// with the largest text size, and at the smallest window: the same layout in points, every
/// part drawn at the scaled pixel size.
@Suite("Scale goldens")
struct ScaleGoldenTests {
  private let golden = GoldenAssertion()

  /// The smallest window in points (`WindowSizing.minimum`).
  private static let smallest = Size(width: 560, height: 400)

  private func check(
    _ name: String, _ base: OverlayState, scale: Double, windowSize: Size = CameraScene.windowSize,
    textSize: TextSize = .normal
  ) throws {
    var state = base
    let pixels = windowSize.scaled(by: scale)
    let video = VideoGeometry.aspectFit(
      content: Size(width: 1280, height: 720), in: Rect(origin: .zero, size: pixels))
    state.videoRect = video
    state.camera.textSize = textSize
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let frame = overlay.frame(
      input: OverlayInput(windowSize: windowSize, pixelScale: scale), state: state)
    var canvas = SoftwareCanvas(width: Int(pixels.width), height: Int(pixels.height))
    canvas.draw(.fillRect(video, color: Color(red: 92, green: 120, blue: 150), cornerRadius: 0))
    canvas.draw(frame.commands)
    try golden.verify(canvas.image, named: "scale-" + name)
    try golden.verify(
      text: frame.commands.map(\.description).joined(separator: "\n") + "\n",
      named: "scale-" + name + ".commands")
  }

  @Test(arguments: [(1.0, "100"), (1.5, "150"), (2.0, "200")])
  func cameraScreenAtScale(scale: Double, name: String) throws {
    try check("main" + name, CameraScene.state(), scale: scale)
  }

  @Test(arguments: [(1.0, "100"), (1.5, "150"), (2.0, "200")])
  func settingsPanelAtScale(scale: Double, name: String) throws {
    try check("settings" + name, CameraScene.settingsState(), scale: scale)
  }

  @Test func largerTextInTheSmallestWindowAtOneAndAHalf() throws {
    try check(
      "smallestLargerText150", CameraScene.settingsState(), scale: 1.5,
      windowSize: Self.smallest, textSize: .larger)
  }

  @Test func theLayoutInPointsIsTheSameAtEveryScale() {
    // The bars, the panel, the mode pill and the round buttons at 2× are the 1× ones doubled
    // (within the rounding to whole pixels).
    let surfaces: Set<String> = ["#00000073", "#18181cff", "#242428ff", "#ffffff28"]
    func rects(_ scale: Double) -> [Rect] {
      let state = CameraScene.settingsState(scale: scale)
      let frame = Overlay(measurer: FixedWidthTextMeasurer()).frame(
        input: OverlayInput(windowSize: CameraScene.windowSize, pixelScale: scale), state: state)
      return frame.commands.compactMap { command in
        if case .fillRect(let rect, let color, _) = command, surfaces.contains("\(color)") {
          return rect
        }
        return nil
      }
    }
    let one = rects(1)
    let two = rects(2)
    #expect(one.count >= 4 && one.count == two.count, "\(one) \(two)")
    for (small, large) in zip(one, two) {
      #expect(abs(large.minX - small.minX * 2) <= 2 && abs(large.width - small.width * 2) <= 2)
      #expect(abs(large.minY - small.minY * 2) <= 2 && abs(large.height - small.height * 2) <= 2)
    }
  }

  @Test func theTextSizeEnlargesTextAndTheLayoutMeasuresItAtThatSize() {
    func texts(_ size: TextSize) -> [String: (origin: Point, size: Double)] {
      var state = CameraScene.settingsState()
      state.camera.textSize = size
      let frame = Overlay(measurer: FixedWidthTextMeasurer()).frame(
        input: OverlayInput(windowSize: CameraScene.windowSize), state: state)
      var found: [String: (origin: Point, size: Double)] = [:]
      for command in frame.commands {
        if case .text(let text, let origin, let size, _) = command { found[text] = (origin, size) }
      }
      return found
    }
    let normal = texts(.normal)
    let larger = texts(.larger)
    let title = "Integrated Camera"
    let before = normal[title]
    let after = larger[title]
    #expect(before != nil && after != nil)
    if let before, let after {
      #expect(after.size == before.size * 1.5)
      // Centred text moves by half its growth: the layout measured the larger text.
      #expect(after.origin != before.origin)
    }
    let format = normal["Format"]
    #expect(format.map { larger["Format"]?.size == $0.size * 1.5 } == true)
  }

  @Test(arguments: TextSize.allCases)
  func theSettingsTitleLinesNeverOverlap(textSize: TextSize) throws {
    var state = CameraScene.settingsState()
    state.camera.textSize = textSize
    let measurer = FixedWidthTextMeasurer()
    let frame = Overlay(measurer: measurer).frame(
      input: OverlayInput(windowSize: Self.smallest), state: state)
    var boxes: [(String, Rect)] = []
    for command in frame.commands {
      if case .text(let text, let origin, let size, _) = command {
        boxes.append((text, Rect(origin: origin, size: measurer.size(of: text, pointSize: size))))
      }
    }
    let title = try #require(boxes.first { $0.0 == "Camera settings" }?.1)
    let name = try #require(boxes.last { $0.0 == CameraScene.device.name }?.1)
    let rule = try #require(
      frame.commands.compactMap { command -> Rect? in
        if case .fillRect(let rect, _, _) = command, rect.height == 1, rect.minY > title.minY {
          return rect
        }
        return nil
      }.first)
    #expect(title.maxY <= name.minY, "\(title) \(name)")
    #expect(name.maxY <= rule.minY, "\(name) \(rule)")
  }
}
