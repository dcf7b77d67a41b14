// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Testing

/// Requests and driver catalogues with numbers far outside any real camera: the policy ignores
/// or survives them instead of trapping on an overflow.
@Suite struct ModePolicyRangeTests {
  static let webcam = DeviceCapabilities(formats: [
    FormatChoice(
      format: .mjpeg, description: "Motion-JPEG", isEmulated: false,
      sizes: [
        SizeChoice(
          size: FrameSize(width: 1280, height: 720),
          intervals: .discrete([FrameInterval(framesPerSecond: 30)]))
      ])
  ])

  @Test(arguments: [1e16, 9.3e15, 1e300, 1001])
  func ignoresRatesNoCameraStreams(rate: Double) throws {
    let choice = try ModePolicy.choose(
      from: Self.webcam, request: ModeRequest(framesPerSecond: rate))
    #expect(choice.mode.interval == FrameInterval(framesPerSecond: 30))
    #expect(choice.reason.contains("ignoring a rate"))
  }

  @Test func ignoresSizesNoCameraStreams() throws {
    let huge = FrameSize(width: .max, height: .max)
    let choice = try ModePolicy.choose(from: Self.webcam, request: ModeRequest(size: huge))
    #expect(choice.mode.size == FrameSize(width: 1280, height: 720))
    #expect(choice.reason.contains("ignoring a size"))
  }

  @Test func survivesDriverFractionsAtTheLimitsOfUInt32() throws {
    let top = Int(UInt32.max)
    let capabilities = DeviceCapabilities(formats: [
      FormatChoice(
        format: .yuyv, description: "YUYV", isEmulated: false,
        sizes: [
          SizeChoice(
            size: FrameSize(width: top, height: top),
            intervals: .discrete([FrameInterval(numerator: 1, denominator: top)])),
          SizeChoice(
            size: FrameSize(width: 640, height: 480),
            intervals: .stepwise(
              min: FrameInterval(numerator: 1, denominator: top),
              max: FrameInterval(numerator: top, denominator: 1),
              step: FrameInterval(numerator: 1, denominator: top))),
        ])
    ])
    let choice = try ModePolicy.choose(
      from: capabilities, request: ModeRequest(framesPerSecond: 30))
    #expect(choice.mode.size == FrameSize(width: 640, height: 480))
    _ = try ModePolicy.choose(from: capabilities)
  }

  @Test(arguments: [1, 99, 0xFEED] as [UInt64])
  func neverTrapsOnRandomHostileCatalogues(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let edges = [0, 1, 2, 29, 30, 65535, 65536, Int(Int32.max), Int(UInt32.max)]
    func pick() -> Int {
      Bool.random(using: &random)
        ? edges[Int.random(in: 0..<edges.count, using: &random)]
        : Int(UInt32.random(in: 0...UInt32.max, using: &random))
    }
    for _ in 0..<200 {
      func interval() -> FrameInterval { FrameInterval(numerator: pick(), denominator: pick()) }
      let sizes = (0..<3).map { _ in
        SizeChoice(
          size: FrameSize(width: pick(), height: pick()),
          intervals: Bool.random(using: &random)
            ? .discrete([interval(), interval()])
            : .stepwise(min: interval(), max: interval(), step: interval()))
      }
      let capabilities = DeviceCapabilities(formats: [
        FormatChoice(format: .nv12, description: "NV12", isEmulated: false, sizes: sizes)
      ])
      let request = ModeRequest(
        size: FrameSize(width: pick(), height: pick()),
        framesPerSecond: Double(pick()) / Double(max(1, pick())))
      _ = try? ModePolicy.choose(from: capabilities, request: request)
      _ = try? ModePolicy.choose(from: capabilities)
    }
  }
}
