// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Glibc
import Metering
import Testing

@testable import Capture

/// Click-to-focus on a camera with a UVC 1.5 region of interest: the request written for a
/// click, the settle-based lock, the fallback when the camera refuses, and the way back.
@Suite struct RegionFocusTests {
  typealias Write = FakeControlKernel.ControlWrite

  static let centre = RegionOfInterest.around(x: 0.5, y: 0.5)
  /// The centre region in pixels of the 640x480 stream.
  static let centrePixels = PixelRectangle(left: 256, top: 192, width: 128, height: 96)

  /// A region-of-interest webcam that has shown one frame, so the stream size is known.
  func rig(_ change: (FakeControlKernel) -> Void = { _ in }) throws -> FocusRig {
    let rig = try FocusRig(controls: FakeControl.regionOfInterestWebcam, change: change)
    rig.show(contrast: 30)
    return rig
  }

  @Test func clickWritesTheRegionInStreamPixelsWithFocusAndExposureBits() throws {
    let rig = try rig()
    rig.click(Self.centre, meter: true)
    #expect(
      rig.kernel.writes == [
        [
          Write(
            id: 0x0098_1ae1, value: 0, size: 16, payload: FakeControl.bytes(of: Self.centrePixels)),
          Write(id: 0x0098_1ae2, value: 0x09),
        ]
      ], "one request: autofocus and auto exposure already on")
    #expect(rig.reports.map(\.strategy) == [.regionOfInterest])
    #expect(rig.reports.map(\.phase) == [.searching])
  }

  @Test func clickWithoutMeteringAsksForFocusAloneAndLeavesExposureAlone() throws {
    let rig = try rig { kernel in
      kernel.change(0x009a_0901, to: 1)
    }
    rig.click(Self.centre, meter: false)
    #expect(rig.regionWrites.count == 1)
    #expect(rig.regionWrites.last?.last == Write(id: 0x0098_1ae2, value: 0x08))
    #expect(rig.kernel.value(of: 0x009a_0901) == 1)
  }

  @Test func continuousAutofocusAndAutoExposureAreSwitchedOnJustBefore() throws {
    let rig = try rig { kernel in
      kernel.change(0x009a_090c, to: 0)
      kernel.change(0x009a_0901, to: 1)
    }
    rig.click(Self.centre, meter: true)
    #expect(rig.kernel.writes.count == 2)
    #expect(
      rig.kernel.writes.first == [
        Write(id: 0x009a_090c, value: 1), Write(id: 0x009a_0901, value: 3),
      ])
    #expect(rig.kernel.writes.last?.map(\.id) == [0x0098_1ae1, 0x0098_1ae2])
  }

  @Test func clickNearAnEdgeKeepsTheRegionInsideTheStream() throws {
    let rig = try rig()
    rig.click(.around(x: 0.99, y: 0.01), meter: false)
    let written = try #require(rig.regionWrites.last?.first?.rectangle)
    #expect(written == PixelRectangle(left: 512, top: 0, width: 128, height: 96))
  }

  @Test func regionWaitsForAFrameWhenTheStreamSizeIsNotKnownYet() throws {
    let rig = try FocusRig(controls: FakeControl.regionOfInterestWebcam)
    rig.click(Self.centre, meter: false)
    #expect(rig.regionWrites.isEmpty)
    #expect(rig.reports.map(\.phase) == [.searching])
    rig.show(contrast: 30)
    #expect(rig.regionWrites.last?.first?.rectangle == Self.centrePixels)
  }

  @Test func locksOnceTheRegionsSharpnessHasSettled() throws {
    let rig = try rig()
    rig.click(Self.centre, meter: true)
    // The camera's lens travels: the region sharpens frame by frame, then holds.
    for contrast in [12, 16, 22, 30, 40, 52, 66, 80] {
      rig.show(contrast: contrast)
      #expect(rig.reports.last?.phase == .searching, "contrast \(contrast)")
    }
    rig.show(contrast: 80)
    rig.show(contrast: 81)
    #expect(rig.reports.last?.phase == .searching)
    rig.show(contrast: 80)
    let report = try #require(rig.reports.last)
    #expect(report.phase == .locked)
    #expect(report.strategy == .regionOfInterest)
    #expect(report.framesTaken == 11)
    #expect(!report.exposureLocked, "the camera's auto exposure keeps metering the region")
  }

  @Test func aStillRegionIsNotLockedBeforeTheCameraHadTimeToMove() throws {
    let rig = try rig()
    rig.click(Self.centre, meter: false)
    for _ in 0..<5 { rig.show(contrast: 40) }
    #expect(rig.reports.last?.phase == .searching)
    rig.show(contrast: 40)
    #expect(rig.reports.last?.phase == .locked)
    #expect(rig.reports.last?.framesTaken == FocusSettling.Configuration().minimumFrames)
  }

  @Test func aRegionThatNeverSettlesFailsAtTheFrameLimit() throws {
    let rig = try rig()
    rig.click(Self.centre, meter: false)
    for frame in 0..<FocusController.frameLimit {
      rig.show(contrast: frame % 2 == 0 ? 30 : 60)
    }
    let report = try #require(rig.reports.last)
    #expect(report.phase == .failed)
    #expect(report.framesTaken == FocusController.frameLimit)
    #expect(rig.regionWrites.count == 1, "the camera goes on focusing on the region")
  }

  @Test func aRefusedRegionFallsBackToContrastDetection() throws {
    let rig = try rig { $0.refusals[0x0098_1ae1] = ERANGE }
    rig.click(Self.centre, meter: false)
    #expect(rig.rejections.count == 1)
    #expect(rig.reports.map(\.strategy) == [.contrastDetect])
    #expect(rig.reports.map(\.phase) == [.searching])
    #expect(rig.kernel.writes == [[Write(id: 0x009a_090c, value: 0)]], "autofocus off")
    for _ in 0..<5 { rig.show(contrast: 30) }
    #expect(rig.kernel.writes.contains { $0.contains { $0.id == 0x009a_090a } }, "lens moves")
    // The camera is not asked again for the rest of the stream.
    rig.click(Self.centre, meter: false)
    #expect(rig.rejections.count == 1)
    #expect(rig.reports.last?.strategy == .contrastDetect)
  }

  @Test func aRefusedRegionWithoutAnotherStrategyFails() throws {
    let controls =
      FakeControl.regionOfInterest + [
        FakeControl(
          0x009a_090c, "Focus, Automatic Continuous", type: V4L2_CTRL_TYPE_BOOLEAN, range: 0...1,
          defaultValue: 1)
      ]
    let rig = try FocusRig(controls: controls) { $0.refusals[0x0098_1ae1] = EIO }
    rig.show(contrast: 30)
    rig.click(Self.centre, meter: false)
    let report = try #require(rig.reports.last)
    #expect(rig.reports.count == 1)
    #expect(report.strategy == .regionOfInterest)
    #expect(report.phase == .failed)
  }

  @Test func resumingReturnsTheRegionToTheWholeFrameWithContinuousAutofocus() throws {
    let rig = try rig()
    rig.click(Self.centre, meter: true)
    rig.show(contrast: 30)
    rig.kernel.change(0x009a_090c, to: 0)
    rig.resume()
    let region = try #require(rig.regionWrites.last)
    #expect(region.first?.rectangle == PixelRectangle(covering: rig.size))
    #expect(region.last == Write(id: 0x0098_1ae2, value: 0x01), "the camera's default bits")
    #expect(rig.kernel.value(of: 0x009a_090c) == 1)
    #expect(rig.kernel.value(of: 0x009a_0901) == 3)
    let report = try #require(rig.reports.last)
    #expect(report.phase == .continuous)
    #expect(report.strategy == .regionOfInterest)
    // The request is over: later frames change nothing.
    let writes = rig.kernel.writes.count
    for _ in 0..<10 { rig.show(contrast: 50) }
    #expect(rig.kernel.writes.count == writes)
  }
}
