// SPDX-License-Identifier: MIT
import CPipeWire
import CameraModel
import Capture
import Testing

@testable import PipeWireCapture

@Suite struct PipeWireFormatsTests {
  @Test func spaVideoFormatsMapOntoTheV4L2CodesOfTheSameLayout() {
    let raw = SPA_MEDIA_SUBTYPE_raw.rawValue
    #expect(
      PipeWireFormats.pixelFormat(mediaSubtype: raw, videoFormat: SPA_VIDEO_FORMAT_YUY2.rawValue)
        == .yuyv)
    #expect(
      PipeWireFormats.pixelFormat(mediaSubtype: raw, videoFormat: SPA_VIDEO_FORMAT_I420.rawValue)
        == .yu12)
    #expect(
      PipeWireFormats.pixelFormat(mediaSubtype: raw, videoFormat: SPA_VIDEO_FORMAT_NV12.rawValue)
        == .nv12)
    #expect(
      PipeWireFormats.pixelFormat(
        mediaSubtype: SPA_MEDIA_SUBTYPE_mjpg.rawValue, videoFormat: 0) == .mjpeg)
    #expect(
      PipeWireFormats.pixelFormat(mediaSubtype: raw, videoFormat: SPA_VIDEO_FORMAT_v210.rawValue)
        == nil)
    #expect(
      PipeWireFormats.pixelFormat(mediaSubtype: SPA_MEDIA_SUBTYPE_h264.rawValue, videoFormat: 0)
        == nil)
  }

  @Test(arguments: [PixelFormat.nv12, .yu12, .yuyv, .uyvy, .nv21, .yv12, .grey, .mjpeg])
  func everyNamedFormatGoesToPipeWireAndBack(_ format: PixelFormat) throws {
    let spa = try #require(PipeWireFormats.spaFormat(of: format))
    #expect(
      PipeWireFormats.pixelFormat(mediaSubtype: spa.mediaSubtype, videoFormat: spa.videoFormat)
        == format)
  }

  @Test func choicesAreReadAsSPASaysTheEnumerationsDefaultIsNotAnExtraValue() {
    typealias Values = PipeWireFormats.Alternatives<Int>
    #expect(Values(choice: SPA_CHOICE_None.rawValue, values: [7]) == .list([7]))
    #expect(
      Values(choice: SPA_CHOICE_Enum.rawValue, values: [30, 40, 30, 25]) == .list([40, 30, 25]))
    #expect(Values(choice: SPA_CHOICE_Enum.rawValue, values: [30]) == .list([30]))
    #expect(
      Values(choice: SPA_CHOICE_Range.rawValue, values: [15, 1, 60])
        == .range(min: 1, max: 60, step: nil))
    #expect(
      Values(choice: SPA_CHOICE_Step.rawValue, values: [640, 16, 4096, 16])
        == .range(min: 16, max: 4096, step: 16))
    // Too few values for the choice, or an unknown choice, offer nothing.
    #expect(Values(choice: SPA_CHOICE_Range.rawValue, values: [15, 1]) == .list([]))
    #expect(Values(choice: 99, values: [1, 2, 3]) == .list([]))
  }

  /// What PipeWire's V4L2 plugin publishes for vivid: one object per format and size, the
  /// frame rates an enumeration whose first value is the default.
  static let vividOffers: [PipeWireFormats.Offer] = [
    (FrameSize(width: 320, height: 180), [60, 60, 50, 40, 30, 25, 15, 1]),
    (FrameSize(width: 640, height: 360), [40, 40, 30, 25, 15, 1]),
    (FrameSize(width: 1280, height: 720), [12, 12, 5, 1]),
  ].flatMap { size, rates in
    [PixelFormat.yuyv, .nv12].map { format in
      PipeWireFormats.Offer(
        formats: [format], sizes: .list([size]),
        rates: PipeWireFormats.Alternatives(
          choice: SPA_CHOICE_Enum.rawValue,
          values: rates.map { PipeWireFormats.Rate(numerator: $0, denominator: 1) }))
    }
  }

  @Test func offersBecomeCapabilitiesInTheNodesOrderWithEveryRate() throws {
    let capabilities = PipeWireFormats.capabilities(from: Self.vividOffers)
    #expect(capabilities.formats.map(\.format) == [.yuyv, .nv12])
    let yuyv = try #require(capabilities.formats.first)
    #expect(yuyv.sizes.map(\.size.width) == [320, 640, 1280])
    #expect(
      yuyv.sizes[1].intervals
        == .discrete([40, 30, 25, 15, 1].map { FrameInterval(framesPerSecond: $0) }))
  }

  @Test func aRequestedSizeAndRateIsChosenNotTheNodesSlowestDefault() throws {
    let capabilities = PipeWireFormats.capabilities(from: Self.vividOffers)
    let choice = try ModePolicy.choose(
      from: capabilities,
      request: ModeRequest(size: FrameSize(width: 640, height: 360), framesPerSecond: 30))
    #expect(choice.mode.size == FrameSize(width: 640, height: 360))
    #expect(choice.mode.interval == FrameInterval(framesPerSecond: 30))
    #expect(choice.mode.format == .nv12)
  }

  @Test func implausibleSizesAndRatesFromTheDaemonAreLeftOut() {
    let offer = PipeWireFormats.Offer(
      formats: [.yuyv],
      sizes: .list([
        FrameSize(width: 0, height: 480), FrameSize(width: 70_000, height: 480),
        FrameSize(width: 640, height: 480),
      ]),
      rates: .list([
        PipeWireFormats.Rate(numerator: 0, denominator: 1),
        PipeWireFormats.Rate(numerator: 30, denominator: 0),
        PipeWireFormats.Rate(numerator: 30, denominator: 1),
      ]))
    let capabilities = PipeWireFormats.capabilities(from: [offer])
    #expect(capabilities.formats.first?.sizes.map(\.size) == [FrameSize(width: 640, height: 480)])
    #expect(
      capabilities.formats.first?.sizes.first?.intervals
        == .discrete([FrameInterval(framesPerSecond: 30)]))
    let noRates = PipeWireFormats.Offer(
      formats: [.nv12], sizes: .list([FrameSize(width: 640, height: 480)]),
      rates: .list([PipeWireFormats.Rate(numerator: 0, denominator: 1)]))
    #expect(PipeWireFormats.capabilities(from: [noRates]).formats.isEmpty)
  }

  @Test func aSizeRangeOffersTheCommonSizesInsideIt() throws {
    let offer = PipeWireFormats.Offer(
      formats: [.nv12],
      sizes: .range(
        min: FrameSize(width: 64, height: 64), max: FrameSize(width: 1920, height: 1080),
        step: FrameSize(width: 2, height: 2)),
      rates: .range(
        min: PipeWireFormats.Rate(numerator: 0, denominator: 1),
        max: PipeWireFormats.Rate(numerator: 30, denominator: 1), step: nil))
    let format = try #require(PipeWireFormats.capabilities(from: [offer]).formats.first)
    #expect(format.sizes.contains { $0.size == FrameSize(width: 1280, height: 720) })
    #expect(format.sizes.last?.size == FrameSize(width: 1920, height: 1080))
    #expect(
      format.sizes.first?.intervals.fastest == FrameInterval(framesPerSecond: 30))
  }

  @Test(arguments: [
    CaptureMode(
      format: .yuyv, size: FrameSize(width: 640, height: 360),
      interval: FrameInterval(framesPerSecond: 30)),
    CaptureMode(
      format: .nv12, size: FrameSize(width: 1280, height: 720),
      interval: FrameInterval(numerator: 2, denominator: 25)),
    CaptureMode(
      format: .mjpeg, size: FrameSize(width: 1920, height: 1080),
      interval: FrameInterval(framesPerSecond: 15)),
  ])
  func theFormatPodAskedForReadsBackAsTheSameMode(_ mode: CaptureMode) throws {
    let read = PipeWireFormats.withFormatPod(for: mode) { pod in
      (PipeWireFormats.negotiatedMode(from: pod), PipeWireFormats.offer(from: pod))
    }
    let (negotiated, offer) = try #require(read)
    #expect(negotiated == mode)
    let decoded = try #require(offer)
    #expect(decoded.formats == [mode.format])
    #expect(decoded.sizes == .list([mode.size]))
    #expect(
      decoded.rates
        == .list([
          PipeWireFormats.Rate(
            numerator: UInt32(mode.interval.denominator),
            denominator: UInt32(mode.interval.numerator))
        ]))
  }

  @Test func aModePipeWireCannotNameBuildsNoPod() {
    let mode = CaptureMode(
      format: PixelFormat(FourCC("H264")), size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(framesPerSecond: 30))
    #expect(PipeWireFormats.withFormatPod(for: mode) { _ in true } == nil)
    let zeroRate = CaptureMode(
      format: .nv12, size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(numerator: 0, denominator: 1))
    #expect(PipeWireFormats.withFormatPod(for: zeroRate) { _ in true } == nil)
  }

  @Test func aModeIsOfferedOnlyInAnOffersFormatSizeAndRate() {
    let mode = CaptureMode(
      format: .nv12, size: FrameSize(width: 640, height: 360),
      interval: FrameInterval(framesPerSecond: 30))
    #expect(PipeWireFormats.offers(Self.vividOffers, allow: mode))
    var odd = mode
    odd.size = FrameSize(width: 123, height: 77)
    #expect(!PipeWireFormats.offers(Self.vividOffers, allow: odd))
    var tooFast = mode
    tooFast.interval = FrameInterval(framesPerSecond: 60)
    #expect(!PipeWireFormats.offers(Self.vividOffers, allow: tooFast))
    var mjpeg = mode
    mjpeg.format = .mjpeg
    #expect(!PipeWireFormats.offers(Self.vividOffers, allow: mjpeg))
    // A libcamera-like range: any even size up to 1920x1080, 1 to 30 fps.
    let range = PipeWireFormats.Offer(
      formats: [.nv12],
      sizes: .range(
        min: FrameSize(width: 64, height: 64), max: FrameSize(width: 1920, height: 1080),
        step: FrameSize(width: 2, height: 2)),
      rates: .range(
        min: PipeWireFormats.Rate(numerator: 1, denominator: 1),
        max: PipeWireFormats.Rate(numerator: 30, denominator: 1), step: nil))
    #expect(PipeWireFormats.offers([range], allow: odd) == false)
    odd.size = FrameSize(width: 124, height: 78)
    #expect(PipeWireFormats.offers([range], allow: odd))
    #expect(!PipeWireFormats.offers([range], allow: tooFast))
  }

  @Test func aPipeWirePathNamesItsNode() {
    #expect(
      PipeWireCameraNode.nodeName(inPath: "pipewire:v4l2_input.platform-vivid.0")
        == "v4l2_input.platform-vivid.0")
    #expect(PipeWireCameraNode.nodeName(inPath: "pipewire:") == nil)
    #expect(PipeWireCameraNode.nodeName(inPath: "/dev/video0") == nil)
    let node = PipeWireCameraNode(id: 42, name: "cam", description: "Camera", busInfo: "")
    #expect(node.deviceInfo.path == "pipewire:cam")
    #expect(node.deviceInfo.kind == .pipewire)
  }
}

@Suite struct PipeWireOfferBytesTests {
  @Test func aV4L2NodesOfferWithAnEnumerationOfRatesReadsAsItsAlternatives() throws {
    let bytes = SPAPodBytes.rawOffer(
      videoFormat: SPA_VIDEO_FORMAT_YUY2.rawValue, width: 640, height: 360,
      framesPerSecond: [30, 40, 30, 25, 1])
    let offer = try #require(PipeWireFormats.read(podBytes: bytes).offer)
    #expect(offer.formats == [.yuyv])
    #expect(offer.sizes == .list([FrameSize(width: 640, height: 360)]))
    #expect(
      offer.rates
        == .list([40, 30, 25, 1].map { PipeWireFormats.Rate(numerator: $0, denominator: 1) }))
  }

  /// An offer whose frame rates are `rates`.
  static func mjpegOffer(rates: [UInt8]) -> [UInt8] {
    SPAPodBytes.enumFormat([
      (SPA_FORMAT_mediaType.rawValue, SPAPodBytes.id(SPA_MEDIA_TYPE_video.rawValue)),
      (SPA_FORMAT_mediaSubtype.rawValue, SPAPodBytes.id(SPA_MEDIA_SUBTYPE_mjpg.rawValue)),
      (
        SPA_FORMAT_VIDEO_size.rawValue,
        SPAPodBytes.pod(UInt32(SPA_TYPE_Rectangle), SPAPodBytes.rectangle(640, 480))
      ),
      (SPA_FORMAT_VIDEO_framerate.rawValue, rates),
    ])
  }

  @Test func aChoiceShorterThanItsOwnHeaderOffersNothing() throws {
    // The frame-rate choice's body ends after its kind (4 bytes, padded to 8); the 8 bytes
    // after it, still inside the object, read as a child header of 8-byte Fractions. Counted
    // from the body's size less the choice header, the values underflow to millions and the
    // copy would run hundreds of bytes past the object.
    let rates =
      SPAPodBytes.pod(UInt32(SPA_TYPE_Choice), SPAPodBytes.word(SPA_CHOICE_Enum.rawValue))
      + SPAPodBytes.word(8) + SPAPodBytes.word(UInt32(SPA_TYPE_Fraction))
    #expect(PipeWireFormats.read(podBytes: Self.mjpegOffer(rates: rates)).offer == nil)
  }

  @Test func anMJPEGOfferReadsWholeAndCutAnywhereNeverReadsPastItsEnd() throws {
    let rates = SPAPodBytes.choice(
      SPA_CHOICE_Enum.rawValue, type: UInt32(SPA_TYPE_Fraction),
      [SPAPodBytes.fraction(30, 1), SPAPodBytes.fraction(15, 1)])
    let bytes = Self.mjpegOffer(rates: rates)
    let offer = try #require(PipeWireFormats.read(podBytes: bytes).offer)
    #expect(offer.formats == [.mjpeg])
    #expect(offer.rates == .list([PipeWireFormats.Rate(numerator: 15, denominator: 1)]))
    // Cut anywhere, the object reads as something or nothing, never past its end.
    for length in stride(from: 0, to: bytes.count, by: 4) {
      _ = PipeWireFormats.read(podBytes: Array(bytes.prefix(length)))
    }
  }
}
