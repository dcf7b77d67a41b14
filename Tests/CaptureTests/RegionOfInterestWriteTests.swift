// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

/// The UVC 1.5 region of interest as V4L2Device writes it: one VIDIOC_S_EXT_CTRLS carrying
/// the rectangle (a RECT compound control, 16 bytes through `ptr`) and the automatic bits.
@Suite struct RegionOfInterestWriteTests {
  typealias Write = FakeControlKernel.ControlWrite

  static let rectangleID: UInt32 = 0x0098_1ae1
  static let bitsID: UInt32 = 0x0098_1ae2

  /// A region-of-interest webcam streaming YUYV 640x480.
  func device(_ change: (FakeControlKernel) -> Void = { _ in }) throws
    -> (V4L2Device, FakeControlKernel)
  {
    let kernel = FakeControlKernel(controls: FakeControl.regionOfInterestWebcam)
    change(kernel)
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    _ = try device.configure(
      CaptureMode(
        format: .yuyv, size: FrameSize(width: 640, height: 480),
        interval: FrameInterval(framesPerSecond: 30)))
    return (device, kernel)
  }

  @Test func rectangleAndAutomaticBitsGoInOneRequest() throws {
    let (device, kernel) = try device()
    let wanted = PixelRectangle(left: 256, top: 192, width: 128, height: 96)
    _ = try device.setRegionOfInterest(wanted, automatic: [.focus, .exposure])
    #expect(kernel.calls.filter { $0 == "VIDIOC_S_EXT_CTRLS" }.count == 1)
    let request = try #require(kernel.writes.last)
    #expect(
      request == [
        Write(id: Self.rectangleID, value: 0, size: 16, payload: FakeControl.bytes(of: wanted)),
        Write(id: Self.bitsID, value: 0x09),
      ])
    #expect(request.first?.rectangle == wanted)
    let stored = kernel.controls.first { $0.id == Self.rectangleID }?.payload ?? []
    #expect(FakeControl.rectangle(in: stored) == wanted)
    #expect(kernel.value(of: Self.bitsID) == 0x09)
  }

  @Test(
    arguments: [
      // Past the right and bottom edges: pushed back inside, keeping its size.
      (PixelRectangle(left: 600, top: 460, width: 128, height: 96), (512, 384, 128, 96)),
      // Before the left and top edges.
      (PixelRectangle(left: -40, top: -8, width: 64, height: 48), (0, 0, 64, 48)),
      // Larger than the stream: the whole stream.
      (PixelRectangle(left: 10, top: 10, width: 5000, height: 900), (0, 0, 640, 480)),
      // Empty: one pixel.
      (PixelRectangle(left: 700, top: 20, width: 0, height: 0), (639, 20, 1, 1)),
    ] as [(PixelRectangle, (Int, Int, Int, Int))])
  func rectangleIsClampedIntoTheStream(asked: PixelRectangle, expected: (Int, Int, Int, Int))
    throws
  {
    let (device, kernel) = try device()
    _ = try device.setRegionOfInterest(asked, automatic: .focus)
    let written = try #require(kernel.writes.last?.first?.rectangle)
    #expect(
      written
        == PixelRectangle(
          left: expected.0, top: expected.1, width: expected.2, height: expected.3))
  }

  @Test func clampedRectanglesLieInsideAndKeepSizesThatFit() {
    var random = SplitMix64(seed: 0x00c1_a3b5)
    for _ in 0..<400 {
      let size = FrameSize(
        width: Int(random.next() % 1920) + 1, height: Int(random.next() % 1080) + 1)
      let asked = PixelRectangle(
        left: Int(random.next() % 4000) - 2000, top: Int(random.next() % 4000) - 2000,
        width: Int(random.next() % 2500), height: Int(random.next() % 1500))
      let placed = asked.clamped(to: size)
      let context = "seed 0x00c1_a3b5: \(asked) in \(size) → \(placed)"
      #expect(placed.left >= 0 && placed.top >= 0, "\(context)")
      #expect(placed.right <= size.width && placed.bottom <= size.height, "\(context)")
      #expect(placed.width >= 1 && placed.height >= 1, "\(context)")
      if (1...size.width).contains(asked.width) { #expect(placed.width == asked.width) }
      if (1...size.height).contains(asked.height) { #expect(placed.height == asked.height) }
    }
  }

  @Test func bitsTheCameraDoesNotListAreLeftOut() throws {
    let (device, kernel) = try device { kernel in
      let index = kernel.controls.firstIndex { $0.id == Self.bitsID }
      if let index { kernel.controls[index].maximum = 0x01 }
    }
    _ = try device.setRegionOfInterest(
      PixelRectangle(left: 0, top: 0, width: 64, height: 64), automatic: [.focus, .exposure])
    #expect(kernel.writes.last?.last == Write(id: Self.bitsID, value: 0x01))
  }

  @Test func aCameraWithoutARegionOfInterestSaysSoWithoutAsking() throws {
    let kernel = FakeControlKernel()
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    #expect(throws: CaptureError.controlNotSupported(.regionOfInterestRect, device: "/dev/video0"))
    {
      _ = try device.setRegionOfInterest(
        PixelRectangle(left: 0, top: 0, width: 8, height: 8), automatic: .focus)
    }
    #expect(!kernel.calls.contains("VIDIOC_S_EXT_CTRLS"))
  }

  @Test func aRefusedRegionChangesNothing() throws {
    let (device, kernel) = try device { $0.refusals[Self.rectangleID] = ERANGE }
    #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: ERANGE)) {
      _ = try device.setRegionOfInterest(
        PixelRectangle(left: 0, top: 0, width: 8, height: 8), automatic: .focus)
    }
    #expect(kernel.writes.isEmpty)
    #expect(kernel.value(of: Self.bitsID) == 0x01)
  }

  @Test func theRectangleIsListedButNotReadAsANumber() throws {
    let (device, kernel) = try device()
    let controls = try device.controls()
    let rectangle = try #require(controls.first { $0.id == .regionOfInterestRect })
    #expect(rectangle.kind == .other)
    #expect(controls.first { $0.id == .regionOfInterestAuto }?.kind == .bitmask)
    #expect(FocusCapability.of(controls) == .regionOfInterest)
    #expect(FocusCapability.canMeter(controls), "the camera meters the region itself")
    #expect(kernel.calls.contains("VIDIOC_G_EXT_CTRLS"))
  }

  @Test func devicesWithoutARegionOfInterestRefuseByDefault() throws {
    let camera = FakeCamera()
    let device = try camera.open()
    #expect(
      throws: CaptureError.controlNotSupported(.regionOfInterestRect, device: "/dev/video-fake")
    ) {
      _ = try device.setRegionOfInterest(
        PixelRectangle(left: 0, top: 0, width: 8, height: 8), automatic: .focus)
    }
    device.close()
  }
}
