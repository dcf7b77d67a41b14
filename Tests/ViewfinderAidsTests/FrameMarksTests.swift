// SPDX-License-Identifier: MIT
import CameraModel
import Testing
import ViewfinderAids

@Suite struct FrameMarksTests {
  /// Peaking and zebras at 80 %, so the still scene has both kinds of marks.
  private var both: ViewfinderAidSettings {
    var settings = ViewfinderAidSettings()
    settings.showsFocusPeaking = true
    settings.showsZebras = true
    settings.zebraPercent = 80
    return settings
  }

  private static let frameSize = FrameSize(width: 1280, height: 720)

  private func bytes(_ frame: NV12Frame) -> [UInt8] { frame.withBytes { Array($0) } }

  /// The marked copy carries, sample for sample, the luma of the layer's marks blended over
  /// the frame: the peaking colour's where peaking marked, the stripe's blend where a zebra
  /// stripe lies, the frame's own elsewhere; and the frame itself is left untouched.
  @Test func markedCopyHasTheLayersMarksInLuma() throws {
    let frame = AidScene.frame(focus: 0.5)
    let before = bytes(frame)
    let layered = ViewfinderAidsRenderer()
    layered.update(frame, shown: Self.frameSize, settings: both)
    let painted = ViewfinderAidsRenderer()
    painted.update(frame, shown: Self.frameSize, settings: both, marksFrame: true)
    let marked = try #require(painted.markedFrame)
    #expect(bytes(frame) == before, "the camera's frame is not written")
    #expect(painted.layer.width == 0 && painted.layerPieces.isEmpty)
    #expect(painted.peakingCount == layered.peakingCount)
    #expect(painted.peakingCount > 1000)
    #expect(marked.metadata.colorimetry == frame.metadata.colorimetry)
    let colorimetry = frame.metadata.colorimetry
    let peak = FrameMarks.ycbcr(Color(red: 255, green: 40, blue: 40), colorimetry)
    let black = FrameMarks.ycbcr(Color(red: 0, green: 0, blue: 0), colorimetry)
    var counts = (peaked: 0, striped: 0, mismatched: 0)
    let layer = layered.layer
    frame.withYPlane { source in
      marked.withYPlane { target in
        for y in 0..<720 {
          for x in 0..<1280 {
            let under = Int(source[y * frame.yStride + x])
            let mark = layer.pixel(x: x, y: y)
            var expected = under
            if mark.alpha == 255 {
              expected = Int(peak.y)
              counts.peaked += 1
            } else if mark.alpha > 0 {
              let alpha = Int(mark.alpha)
              expected = (Int(black.y) * alpha + under * (255 - alpha) + 127) / 255
              counts.striped += 1
            }
            if Int(target[y * marked.yStride + x]) != expected { counts.mismatched += 1 }
          }
        }
      }
    }
    #expect(counts.peaked == painted.peakingCount)
    #expect(counts.striped > 1000)
    #expect(counts.mismatched == 0)
  }

  /// A 2 × 2 block holding a peaking mark shows the peaking colour's chroma; a block without
  /// any mark keeps the frame's.
  @Test func chromaFollowsTheBlocksMarks() throws {
    var settings = ViewfinderAidSettings()
    settings.showsFocusPeaking = true
    let frame = AidScene.frame(focus: 0.5)
    let layered = ViewfinderAidsRenderer()
    layered.update(frame, shown: Self.frameSize, settings: settings)
    let painted = ViewfinderAidsRenderer()
    painted.update(frame, shown: Self.frameSize, settings: settings, marksFrame: true)
    let marked = try #require(painted.markedFrame)
    let peak = FrameMarks.ycbcr(
      Color(red: 255, green: 40, blue: 40), frame.metadata.colorimetry)
    let layer = layered.layer
    var (markedBlocks, wrong) = (0, 0)
    frame.withPlanes { _, sourceUV in
      marked.withPlanes { _, targetUV in
        for row in 0..<360 {
          for column in 0..<640 {
            let isMarked = [(0, 0), (1, 0), (0, 1), (1, 1)].contains {
              layer.pixel(x: column * 2 + $0.0, y: row * 2 + $0.1).alpha > 0
            }
            let source = row * frame.uvStride + column * 2
            let target = row * marked.uvStride + column * 2
            let expected =
              isMarked ? (peak.cb, peak.cr) : (sourceUV[source], sourceUV[source + 1])
            if isMarked { markedBlocks += 1 }
            if (targetUV[target], targetUV[target + 1]) != expected { wrong += 1 }
          }
        }
      }
    }
    #expect(markedBlocks > 500)
    #expect(wrong == 0)
  }

  @Test func colorsInEachColorimetry() {
    let red = Color(red: 255, green: 0, blue: 0)
    let white = Color(red: 255, green: 255, blue: 255)
    let black = Color(red: 0, green: 0, blue: 0)
    let fullBT601 = Colorimetry(matrix: .bt601, range: .full)
    let limitedBT709 = Colorimetry(matrix: .bt709, range: .limited)
    #expect(FrameMarks.ycbcr(white, fullBT601) == (255, 128, 128))
    #expect(FrameMarks.ycbcr(black, fullBT601) == (0, 128, 128))
    #expect(FrameMarks.ycbcr(white, limitedBT709) == (235, 128, 128))
    #expect(FrameMarks.ycbcr(black, limitedBT709) == (16, 128, 128))
    // BT.601 full range red: Y 0.299, Cr at its top.
    #expect(FrameMarks.ycbcr(red, fullBT601) == (76, 85, 255))
    // BT.709 limited red: Y 16 + 219 × 0.2126, Cr 128 + 112.
    #expect(FrameMarks.ycbcr(red, limitedBT709) == (63, 102, 240))
  }

  /// Shown smaller than the frame, the aids work on a smaller luma: the marks stay a layer.
  @Test func smallerThanTheFrameTheMarksStayALayer() {
    let renderer = ViewfinderAidsRenderer()
    renderer.update(
      AidScene.frame(focus: 0.5), shown: AidScene.shown, settings: both, marksFrame: true)
    #expect(renderer.markedFrame == nil)
    #expect(renderer.layer.width == AidScene.shown.width)
    #expect(!renderer.layerPieces.isEmpty)
  }

  /// Odd sizes: the last chroma column and row cover one luma column or row.
  @Test func oddSizesPaintWithinTheFrame() throws {
    let size = FrameSize(width: 37, height: 23)
    let frame = NV12Frame(size: size)
    frame.withPlanes { y, uv in
      for row in 0..<size.height {
        for x in 0..<size.width { y[row * frame.yStride + x] = x < 18 ? 10 : 250 }
      }
      uv.update(repeating: 128)
    }
    let renderer = ViewfinderAidsRenderer()
    renderer.update(frame, shown: size, settings: both, marksFrame: true)
    let marked = try #require(renderer.markedFrame)
    #expect(renderer.peakingCount > 0)
    marked.withYPlane { y in
      // The bright right half is striped: some of its samples darkened, none of the left's.
      let right = (18..<size.width).map { y[5 * marked.yStride + $0] }
      #expect(right.contains { $0 < 250 })
      #expect((0..<14).allSatisfy { y[5 * marked.yStride + $0] == 10 })
    }
  }

  /// Given the time, the panels are redrawn at most once per interval, and at once when one
  /// is turned on.
  @Test func panelsAreRedrawnAtMost15TimesASecond() {
    var settings = ViewfinderAidSettings()
    settings.showsWaveform = true
    let renderer = ViewfinderAidsRenderer()
    let frame = AidScene.frame(focus: 0.5)
    let start = MonotonicTime(nanoseconds: 1_000_000_000)
    func at(_ milliseconds: UInt64) -> MonotonicTime {
      MonotonicTime(nanoseconds: start.nanoseconds + milliseconds * 1_000_000)
    }
    renderer.update(frame, shown: AidScene.shown, settings: settings, now: at(0))
    #expect(renderer.panelsChanged)
    renderer.update(frame, shown: AidScene.shown, settings: settings, now: at(33))
    #expect(!renderer.panelsChanged)
    settings.showsHistogram = true
    renderer.update(frame, shown: AidScene.shown, settings: settings, now: at(40))
    #expect(renderer.panelsChanged, "the histogram was turned on")
    #expect(renderer.histogramPanel.width > 0)
    renderer.update(frame, shown: AidScene.shown, settings: settings, now: at(73))
    #expect(!renderer.panelsChanged)
    renderer.update(frame, shown: AidScene.shown, settings: settings, now: at(107))
    #expect(renderer.panelsChanged)
    renderer.update(frame, shown: AidScene.shown, settings: settings)
    #expect(renderer.panelsChanged, "without the time, every update redraws")
  }
}
