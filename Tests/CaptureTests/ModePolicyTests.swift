// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Testing

/// Catalogues of real drivers, written the way `VIDIOC_ENUM_FMT`/`FRAMESIZES`/`FRAMEINTERVALS`
/// report them.
private enum Catalogue {
  static func fps(_ rates: Int...) -> IntervalChoices {
    .discrete(rates.map { FrameInterval(framesPerSecond: $0) })
  }

  static func size(_ width: Int, _ height: Int, _ intervals: IntervalChoices) -> SizeChoice {
    SizeChoice(size: FrameSize(width: width, height: height), intervals: intervals)
  }

  static func format(
    _ format: PixelFormat, emulated: Bool = false, _ sizes: [SizeChoice]
  ) -> FormatChoice {
    FormatChoice(format: format, description: "\(format)", isEmulated: emulated, sizes: sizes)
  }

  /// A typical UVC webcam: USB 2 bandwidth limits raw YUYV at large sizes, MJPEG does 30 fps.
  static let uvcWebcam = DeviceCapabilities(formats: [
    format(
      .yuyv, [size(640, 480, fps(30, 15)), size(1280, 720, fps(10)), size(1920, 1080, fps(5))]),
    format(
      .mjpeg,
      [size(640, 480, fps(30, 15)), size(1280, 720, fps(30, 15)), size(1920, 1080, fps(30, 15))]),
  ])

  /// The same webcam through libv4l2, which adds CPU-converted formats.
  static let uvcWebcamThroughLibv4l2 = DeviceCapabilities(
    formats: uvcWebcam.formats + [
      format(.yu12, emulated: true, [size(1920, 1080, fps(30))]),
      format(PixelFormat(FourCC("RGB3")), emulated: true, [size(1920, 1080, fps(30))]),
    ])

  /// vivid's webcam input: intervals from 1/1 to 1/60 s (vivid-vid-cap.c `webcam_intervals`).
  static let vividIntervals: [FrameInterval] =
    [
      (1, 1), (1, 2), (1, 4), (1, 5), (1, 10), (2, 25), (1, 15), (1, 25), (1, 30), (1, 40), (1, 50),
      (1, 60),
    ].map { FrameInterval(numerator: $0.0, denominator: $0.1) }
  static let vividSizes = [
    (320, 180), (640, 360), (640, 480), (1280, 720), (1920, 1080),
    (3840, 2160),
  ]

  /// vivid without its bandwidth limit: every size at every interval.
  static let vivid = DeviceCapabilities(
    formats: [.yuyv, .uyvy, .nv12, PixelFormat(FourCC("RGB3"))].map { pixelFormat in
      format(pixelFormat, vividSizes.map { size($0.0, $0.1, .discrete(vividIntervals)) })
    })

  /// vivid with `webcam_bandwidth_limit`: size i of 6 offers only the 2·(6 − i) slowest
  /// intervals, so 640x480 tops out at 25 fps and 1080p at 5 fps.
  static let vividBandwidthLimited = DeviceCapabilities(formats: [
    format(
      .yuyv,
      vividSizes.enumerated().map { index, dimensions in
        size(
          dimensions.0, dimensions.1,
          .discrete(Array(vividIntervals.prefix(2 * (vividSizes.count - index)))))
      })
  ])

  /// A sensor driver with a continuous interval range, 1 to 120 fps in 1/120 s steps.
  static let stepwise = DeviceCapabilities(formats: [
    format(
      .nv12,
      [
        size(
          1280, 720,
          .stepwise(
            min: FrameInterval(numerator: 1, denominator: 120),
            max: FrameInterval(numerator: 1, denominator: 1),
            step: FrameInterval(numerator: 1, denominator: 120)))
      ])
  ])
}

/// One row of the policy table.
struct PolicyCase: Sendable, CustomTestStringConvertible {
  var name: String
  var capabilities: DeviceCapabilities
  var request = ModeRequest()
  var expected: CaptureMode
  var reasonMentions: [String] = []

  var testDescription: String { name }
}

private func mode(_ format: PixelFormat, _ width: Int, _ height: Int, _ fps: Int) -> CaptureMode {
  CaptureMode(
    format: format, size: FrameSize(width: width, height: height),
    interval: FrameInterval(framesPerSecond: fps))
}

@Suite struct ModePolicyTests {
  static let cases: [PolicyCase] = [
    PolicyCase(
      name: "UVC webcam: MJPEG is the only way to 1080p at 24 fps or more",
      capabilities: Catalogue.uvcWebcam, expected: mode(.mjpeg, 1920, 1080, 30),
      reasonMentions: ["highest size ≤ 1080p at ≥ 24 fps", "YUYV reaches only 5 fps at 1920x1080"]),
    PolicyCase(
      name: "emulated formats are ignored",
      capabilities: Catalogue.uvcWebcamThroughLibv4l2, expected: mode(.mjpeg, 1920, 1080, 30)),
    PolicyCase(
      name: "same size and rate: the cheaper format wins",
      capabilities: DeviceCapabilities(formats: [
        Catalogue.format(.mjpeg, [Catalogue.size(1280, 720, Catalogue.fps(30))]),
        Catalogue.format(.yuyv, [Catalogue.size(1280, 720, Catalogue.fps(30))]),
      ]),
      expected: mode(.yuyv, 1280, 720, 30),
      reasonMentions: ["YUYV is cheaper to display than MJPG"]),
    PolicyCase(
      name: "vivid: NV12 at 1080p, capped at 30 fps",
      capabilities: Catalogue.vivid, expected: mode(.nv12, 1920, 1080, 30),
      reasonMentions: ["NV12 is cheaper to display than YUYV", "capped at 30 fps"]),
    PolicyCase(
      name: "vivid with bandwidth limit: 640x480 is the largest size reaching 24 fps",
      capabilities: Catalogue.vividBandwidthLimited, expected: mode(.yuyv, 640, 480, 25)),
    PolicyCase(
      name: "stepwise intervals: 30 fps is picked from the range",
      capabilities: Catalogue.stepwise, expected: mode(.nv12, 1280, 720, 30),
      reasonMentions: ["capped at 30 fps"]),
    PolicyCase(
      name: "nothing reaches 24 fps: the fastest rate",
      capabilities: DeviceCapabilities(formats: [
        Catalogue.format(
          .yuyv,
          [
            Catalogue.size(1280, 720, Catalogue.fps(10)),
            Catalogue.size(
              640, 480,
              .discrete([
                FrameInterval(framesPerSecond: 15), FrameInterval(framesPerSecond: 5),
              ])),
          ])
      ]),
      expected: mode(.yuyv, 640, 480, 15), reasonMentions: ["no size reaches 24 fps"]),
    PolicyCase(
      name: "only faster than 30 fps: the slowest offered",
      capabilities: DeviceCapabilities(formats: [
        Catalogue.format(.nv12, [Catalogue.size(1280, 720, Catalogue.fps(120, 60))])
      ]),
      expected: mode(.nv12, 1280, 720, 60)),
    PolicyCase(
      name: "sizes above 1080p only: the smallest of them",
      capabilities: DeviceCapabilities(formats: [
        Catalogue.format(
          .mjpeg,
          [
            Catalogue.size(3840, 2160, Catalogue.fps(30)),
            Catalogue.size(2560, 1440, Catalogue.fps(30)),
          ])
      ]),
      expected: mode(.mjpeg, 2560, 1440, 30)),
    PolicyCase(
      name: "a requested size takes the nearest, then the policy's format choice",
      capabilities: Catalogue.uvcWebcam,
      request: ModeRequest(size: FrameSize(width: 1280, height: 700)),
      expected: mode(.mjpeg, 1280, 720, 30), reasonMentions: ["nearest size to 1280x700"]),
    PolicyCase(
      name: "a requested format restricts the choice to it",
      capabilities: Catalogue.uvcWebcam, request: ModeRequest(format: .yuyv),
      expected: mode(.yuyv, 640, 480, 30), reasonMentions: ["YUYV as requested"]),
    PolicyCase(
      name: "a requested format that is not offered falls back to the default",
      capabilities: Catalogue.uvcWebcam, request: ModeRequest(format: .nv12),
      expected: mode(.mjpeg, 1920, 1080, 30), reasonMentions: ["NV12 is not offered natively"]),
    PolicyCase(
      name: "a requested rate lifts the cap and picks the largest size reaching it",
      capabilities: Catalogue.vivid, request: ModeRequest(format: .yuyv, framesPerSecond: 60),
      expected: mode(.yuyv, 1920, 1080, 60)),
    PolicyCase(
      name: "a requested rate not offered takes the nearest",
      capabilities: Catalogue.uvcWebcam,
      request: ModeRequest(
        format: .mjpeg, size: FrameSize(width: 640, height: 480), framesPerSecond: 20),
      expected: mode(.mjpeg, 640, 480, 15), reasonMentions: ["nearest rate to 20 fps"]),
    PolicyCase(
      name: "a requested rate from a stepwise range",
      capabilities: Catalogue.stepwise, request: ModeRequest(framesPerSecond: 60),
      expected: mode(.nv12, 1280, 720, 60)),
  ]

  @Test(arguments: cases)
  func choosesTheExpectedMode(_ row: PolicyCase) throws {
    let choice = try ModePolicy.choose(from: row.capabilities, request: row.request)
    #expect(choice.mode == row.expected, "reason: \(choice.reason)")
    for fragment in row.reasonMentions {
      #expect(choice.reason.contains(fragment), "reason: \(choice.reason)")
    }
    #expect(!choice.reason.isEmpty)
  }

  @Test func aStillTakesTheLargestSizeWhateverItsRate() throws {
    let capabilities = DeviceCapabilities(formats: [
      Catalogue.format(
        .yuyv,
        [
          Catalogue.size(1280, 720, Catalogue.fps(10)),
          Catalogue.size(3840, 2160, Catalogue.fps(2)),
        ]),
      Catalogue.format(
        .mjpeg,
        [
          Catalogue.size(1280, 720, Catalogue.fps(30)),
          Catalogue.size(3840, 2160, Catalogue.fps(15)),
        ]),
    ])
    #expect(try ModePolicy.choose(from: capabilities).mode == mode(.mjpeg, 1280, 720, 30))
    var still = ModeRequest()
    still.prefersLargestSize = true
    let choice = try ModePolicy.choose(from: capabilities, request: still)
    #expect(choice.mode == mode(.mjpeg, 3840, 2160, 15))
    #expect(choice.reason.contains("the largest size, for a still"))
    // A size asked for wins.
    still.size = FrameSize(width: 1280, height: 720)
    #expect(try ModePolicy.choose(from: capabilities, request: still).mode.size == still.size)
  }

  @Test func formatsTheConverterCannotHandleAreSkipped() throws {
    let choice = try ModePolicy.choose(from: Catalogue.uvcWebcam) { $0 != .mjpeg }
    #expect(choice.mode == mode(.yuyv, 640, 480, 30))
  }

  @Test func filmRateCountsAsTwentyFourFramesPerSecond() throws {
    let film = FrameInterval(numerator: 1001, denominator: 24000)
    let capabilities = DeviceCapabilities(formats: [
      Catalogue.format(
        .nv12,
        [
          Catalogue.size(1920, 1080, .discrete([film])),
          Catalogue.size(640, 480, Catalogue.fps(30)),
        ])
    ])
    let choice = try ModePolicy.choose(from: capabilities)
    #expect(choice.mode.size == FrameSize(width: 1920, height: 1080))
    #expect(choice.mode.interval == film)
  }

  @Test(arguments: [0, -30, .nan, .infinity] as [Double])
  func meaninglessRequestedRateIsIgnored(rate: Double) throws {
    let choice = try ModePolicy.choose(
      from: Catalogue.uvcWebcam, request: ModeRequest(framesPerSecond: rate))
    #expect(choice.mode == mode(.mjpeg, 1920, 1080, 30))
    #expect(choice.reason.contains("ignoring a rate"))
  }

  @Test func noDisplayableFormatThrowsUnsupportedFormat() {
    let h264 = PixelFormat(FourCC("H264"))
    let capabilities = DeviceCapabilities(formats: [
      Catalogue.format(h264, [Catalogue.size(1920, 1080, Catalogue.fps(30))]),
      Catalogue.format(.yu12, emulated: true, [Catalogue.size(1920, 1080, Catalogue.fps(30))]),
    ])
    #expect(throws: CaptureError.unsupportedFormat(h264.fourCC)) {
      try ModePolicy.choose(from: capabilities)
    }
  }

  @Test(arguments: [7, 42, 1234, 0xC0FFEE] as [UInt64])
  func defaultChoiceIsOfferedAndNoLargerSmoothSizeWasPassedOver(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for index in 0..<250 {
      let capabilities = randomCatalogue(&random)
      let usable = capabilities.formats.filter { !$0.isEmulated && $0.format.displayCost != nil }
      let candidates = usable.flatMap { format in format.sizes.map { (format.format, $0) } }
      guard !candidates.isEmpty else { continue }
      let choice = try ModePolicy.choose(from: capabilities)
      let context = "seed \(seed) case \(index): \(choice)"
      let offered = candidates.first { $0.0 == choice.mode.format && $0.1.size == choice.mode.size }
      let sizeChoice = try #require(offered?.1, Comment(rawValue: context))
      #expect(sizeChoice.intervals.representatives.contains(choice.mode.interval), "\(context)")
      let smooth = candidates.filter {
        ($0.1.intervals.fastest?.framesPerSecond ?? 0) >= 24 && $0.1.size.width <= 1920
          && $0.1.size.height <= 1080
      }
      if let largest = smooth.map(\.1.size.area).max() {
        #expect(choice.mode.size.area == largest, "\(context)")
        #expect(choice.mode.interval.framesPerSecond >= 24, "\(context)")
      }
      let hasSmoothOptionWithinCap = sizeChoice.intervals.representatives.contains {
        (24...30).contains($0.framesPerSecond)
      }
      if hasSmoothOptionWithinCap {
        #expect(choice.mode.interval.framesPerSecond <= 30, "\(context)")
      }
    }
  }

  private func randomCatalogue(_ random: inout SplitMix64) -> DeviceCapabilities {
    let formats: [PixelFormat] = [.yuyv, .mjpeg, .nv12, .yu12, PixelFormat(FourCC("H264"))]
    let sizes = [(320, 240), (640, 480), (1280, 720), (1920, 1080), (2592, 1944), (3840, 2160)]
    let rates = [5, 10, 15, 20, 24, 25, 30, 50, 60]
    return DeviceCapabilities(
      formats: formats.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)).map {
        pixelFormat in
        let chosen = sizes.filter { _ in Bool.random(using: &random) }
        return Catalogue.format(
          pixelFormat, emulated: Int.random(in: 0..<5, using: &random) == 0,
          chosen.map { width, height in
            let offered = rates.filter { _ in Bool.random(using: &random) }
            return Catalogue.size(
              width, height,
              .discrete(
                (offered.isEmpty ? [15] : offered).map { FrameInterval(framesPerSecond: $0) }))
          })
      })
  }
}
