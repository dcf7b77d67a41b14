// SPDX-License-Identifier: MIT
import CFFmpeg
import CameraModel

/// libx264 through libavcodec, fed NV12 frames as the camera pipeline makes them (libx264 takes
/// NV12 natively, so nothing converts pixels on the way).
///
/// Time base 1/90000 (the MPEG clock): presentation times come from the capture stamps, so the
/// frame rate is variable and a dropped frame leaves a gap rather than shifting later frames.
/// No B-frames (packets come out in order, one frame late at most with frame threads), a
/// keyframe at least every `keyframeInterval`, which is also the fragment length of the MP4.
/// Encoder thread only.
final class H264Encoder {
  /// The encoder's clock: 90 kHz.
  static let timeBase = AVRational(num: 1, den: 90_000)

  let context: UnsafeMutablePointer<AVCodecContext>
  private let packet: UnsafeMutablePointer<AVPacket>
  private let keyframeTicks: Int64
  private var lastKeyframe: Int64?

  /// Opens libx264 for `size` at about `framesPerSecond`.
  init(
    size: FrameSize, framesPerSecond: Double, colorimetry: Colorimetry,
    settings: VideoRecorder.Settings, globalHeader: Bool
  ) throws(RecordingError) {
    try FFmpegResult.requireLibraries()
    guard let codec = avcodec_find_encoder_by_name("libx264") else {
      throw .encoderMissing(name: "libx264")
    }
    guard let context = avcodec_alloc_context3(codec), let packet = av_packet_alloc() else {
      throw .library(call: "avcodec_alloc_context3", reason: "out of memory")
    }
    let rate = framesPerSecond.isFinite ? Int32(max(1, min(240, framesPerSecond.rounded()))) : 30
    context.pointee.width = Int32(size.width)
    context.pointee.height = Int32(size.height)
    context.pointee.pix_fmt = AV_PIX_FMT_NV12
    context.pointee.time_base = Self.timeBase
    context.pointee.framerate = AVRational(num: rate, den: 1)
    context.pointee.max_b_frames = 0
    // Keyframes are forced by time in `encode`; x264's own count is only a backstop.
    context.pointee.gop_size = Int32(
      max(1, (2 * Double(rate) * settings.keyframeInterval).rounded()))
    context.pointee.thread_count = Int32(settings.encoderThreads)
    context.pointee.color_range = colorimetry.range == .full ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
    let matrix = colorimetry.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
    context.pointee.colorspace = matrix
    if globalHeader {
      context.pointee.flags |= CFFMPEG_CODEC_FLAG_GLOBAL_HEADER
    }
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    let preset =
      settings.preset
      ?? VideoRecorder.Settings.preset(for: size, framesPerSecond: framesPerSecond)
    av_dict_set(&options, "preset", preset, 0)
    av_dict_set(&options, "crf", String(settings.constantRateFactor), 0)
    let opened = avcodec_open2(context, codec, &options)
    guard opened >= 0 else {
      var owned: UnsafeMutablePointer<AVPacket>? = packet
      av_packet_free(&owned)
      var ownedContext: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&ownedContext)
      throw .library(call: "avcodec_open2(libx264)", reason: FFmpegResult.text(opened))
    }
    self.context = context
    self.packet = packet
    keyframeTicks = Int64(settings.keyframeInterval * 90_000)
  }

  deinit {
    var owned: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&owned)
    var ownedContext: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&ownedContext)
  }

  /// Encodes `frame` (pts already set, in 90 kHz ticks), or flushes when nil, handing each
  /// finished packet to `write`.
  func encode(
    _ frame: UnsafeMutablePointer<AVFrame>?,
    write: (UnsafeMutablePointer<AVPacket>) throws(RecordingError) -> Void
  ) throws(RecordingError) {
    if let frame {
      // A keyframe by time as well as by count: with a camera slower than its nominal rate (dim
      // light) the count alone would stretch fragments, and with them what a crash can lose.
      let pts = frame.pointee.pts
      if let last = lastKeyframe, pts - last < keyframeTicks {
        frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
      } else {
        frame.pointee.pict_type = AV_PICTURE_TYPE_I
        lastKeyframe = pts
      }
    }
    try FFmpegEncoding.send(frame, to: context, packet: packet, write: write)
  }
}
