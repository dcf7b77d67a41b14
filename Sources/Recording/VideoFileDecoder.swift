// SPDX-License-Identifier: MIT
import CFFmpeg
import CameraModel

/// Reads a video file back through libavformat and libavcodec: pictures as NV12 frames, sound
/// as interleaved 32-bit float samples, each with its presentation time in seconds. Used for
/// the strip's first-frame thumbnails and by the viewer's player.
///
/// Everything the file says is range-checked before use: sizes up to 8192 pixels a side,
/// durations up to a day, 1–8 channels at 8–192 kHz; a file outside those ranges, or one whose
/// pictures are in a layout other than 4:2:0 / 4:2:2 planar or NV12, is refused.
///
/// Owner's thread only: one thread opens, reads and drops a decoder.
public final class VideoFileDecoder {
  /// What the file holds, checked.
  public struct Info: Sendable, Equatable {
    /// The picture size.
    public var size: FrameSize
    /// The length in seconds (0 when the file does not say).
    public var duration: Double
    /// Sound samples per second, or nil without a sound stream (or when it was not wanted).
    public var sampleRate: Int?
    /// Sound channels.
    public var channelCount: Int
    /// Clockwise quarter turns the file asks the picture to be shown with (its display
    /// matrix), 0…3.
    public var quarterTurns = 0
  }

  /// One decoded piece of the file.
  public enum Output {
    /// A picture shown at `time` seconds.
    case video(NV12Frame, time: Double)
    /// Interleaved samples starting at `time` seconds.
    case audio([Float], time: Double)
  }

  /// The largest picture side accepted.
  public static let maximumSide = 8192
  /// The longest duration accepted, in seconds.
  public static let maximumDuration = 86_400.0
  /// The largest picture decoded on two threads: 4096x2304 (4K).
  static let multithreadedArea = 4096 * 2304

  /// The file's streams, checked.
  public private(set) var info = Info(
    size: FrameSize(width: 0, height: 0), duration: 0, sampleRate: nil, channelCount: 0)

  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var video: UnsafeMutablePointer<AVCodecContext>?
  private var audio: UnsafeMutablePointer<AVCodecContext>?
  private var videoIndex: Int32 = -1
  private var audioIndex: Int32 = -1
  private var videoTimeBase = AVRational(num: 0, den: 1)
  private var audioTimeBase = AVRational(num: 0, den: 1)
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  /// Decoded outputs not yet handed out (one packet can give several).
  private var ready: [Output] = []
  private var isAtEnd = false

  /// Opens `path` (a regular MP4/MOV or Matroska file only; see `MediaFileInput`);
  /// `wantsAudio` false skips the sound stream entirely. Every failure speaks of reading `path`.
  public init(path: String, wantsAudio: Bool) throws(RecordingError) {
    try FFmpegResult.requireLibraries()
    av_log_set_level(AV_LOG_QUIET)
    let context = try MediaFileInput.open(path)
    format = context
    packet = av_packet_alloc()
    frame = av_frame_alloc()
    do {
      try open(context, wantsAudio: wantsAudio)
    } catch {
      release()
      // The library calls in `open` name what failed; the person hears which file could not
      // be read, not FFmpeg's recording words.
      if case .library(let call, let reason) = error {
        throw .readFailed(path: path, reason: "\(call): \(reason)")
      }
      throw error
    }
  }

  private func open(
    _ context: UnsafeMutablePointer<AVFormatContext>, wantsAudio: Bool
  ) throws(RecordingError) {
    guard packet != nil, frame != nil else {
      throw .library(call: "av_frame_alloc", reason: "out of memory")
    }
    _ = avformat_find_stream_info(context, nil)
    let videoStream = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard videoStream >= 0, let stream = context.pointee.streams?[Int(videoStream)] else {
      throw .noVideo
    }
    videoIndex = videoStream
    videoTimeBase = stream.pointee.time_base
    let decoder = try Self.openDecoder(stream)
    video = decoder
    let width = Int(decoder.pointee.width)
    let height = Int(decoder.pointee.height)
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
      videoTimeBase.num > 0, videoTimeBase.den > 0
    else { throw .library(call: "avcodec_open2", reason: "picture size \(width)x\(height)") }
    info = Info(
      size: FrameSize(width: width, height: height), duration: Self.duration(of: context),
      sampleRate: nil, channelCount: 0, quarterTurns: Self.quarterTurns(of: stream))
    if wantsAudio { openAudio(context) }
  }

  /// The turn `stream`'s display matrix asks for; 0 without one, or one too short.
  private static func quarterTurns(of stream: UnsafeMutablePointer<AVStream>) -> Int {
    var size = 0
    guard let bytes = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
      size >= 9 * MemoryLayout<Int32>.size
    else { return 0 }
    let raw = UnsafeRawPointer(bytes)
    let matrix = (0..<9).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self) }
    return DisplayMatrix.quarterTurns(of: matrix)
  }

  /// Opens the sound stream when there is a usable one; without it the video plays silent.
  private func openAudio(_ context: UnsafeMutablePointer<AVFormatContext>) {
    let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    guard index >= 0, let stream = context.pointee.streams?[Int(index)],
      let decoder = try? Self.openDecoder(stream)
    else { return }
    let rate = Int(decoder.pointee.sample_rate)
    let count = Int(decoder.pointee.ch_layout.nb_channels)
    let base = stream.pointee.time_base
    guard (8000...192_000).contains(rate), (1...8).contains(count), base.num > 0, base.den > 0
    else {
      var owned: UnsafeMutablePointer<AVCodecContext>? = decoder
      avcodec_free_context(&owned)
      return
    }
    audio = decoder
    audioIndex = index
    audioTimeBase = base
    info.sampleRate = rate
    info.channelCount = count
  }

  deinit { release() }

  private func release() {
    avcodec_free_context(&video)
    avcodec_free_context(&audio)
    av_packet_free(&packet)
    av_frame_free(&frame)
    avformat_close_input(&format)
  }

  /// The container's duration in seconds, or 0 when it is missing or out of range.
  private static func duration(of context: UnsafeMutablePointer<AVFormatContext>) -> Double {
    let raw = context.pointee.duration
    guard raw != CFFMPEG_NOPTS_VALUE, raw > 0 else { return 0 }
    let seconds = Double(raw) / Double(AV_TIME_BASE)
    return seconds.isFinite && seconds <= maximumDuration ? seconds : 0
  }

  private static func openDecoder(
    _ stream: UnsafeMutablePointer<AVStream>
  ) throws(RecordingError) -> UnsafeMutablePointer<AVCodecContext> {
    guard let parameters = stream.pointee.codecpar,
      let codec = avcodec_find_decoder(parameters.pointee.codec_id)
    else { throw .library(call: "avcodec_find_decoder", reason: "no decoder") }
    var context = avcodec_alloc_context3(codec)
    guard let opened = context else {
      throw .library(call: "avcodec_alloc_context3", reason: "out of memory")
    }
    do {
      try FFmpegResult.check(
        avcodec_parameters_to_context(opened, parameters), "avcodec_parameters_to_context")
      // Frame threading keeps a picture in flight per thread, each with its own buffers: past
      // 4K (an 8192x8192 picture is 100 MB) one thread keeps the memory down.
      let area = Int(max(0, parameters.pointee.width)) * Int(max(0, parameters.pointee.height))
      opened.pointee.thread_count = area > Self.multithreadedArea ? 1 : 2
      try FFmpegResult.check(avcodec_open2(opened, codec, nil), "avcodec_open2")
    } catch {
      avcodec_free_context(&context)
      throw error
    }
    return opened
  }

  /// The next picture or sound in presentation order per stream; nil at the end of the file.
  /// A damaged packet is skipped; only a file that cannot be read at all ends early. The output
  /// moves to the caller `sending`, so its picture may go to another thread.
  public func next() -> sending Output? {
    while ready.isEmpty {
      guard !isAtEnd else { return nil }
      readPacket()
    }
    return takeReady()
  }

  /// Removes the oldest ready output and hands it on `sending`. Its own function because the
  /// unchecked binding below is not honoured inside `next`'s loop.
  private func takeReady() -> sending Output? {
    // Unchecked, on the owner's thread (the decoder's only one): `ready` holds each output
    // only until it is removed here, and every picture in
    // it is a fresh allocation, so the one handed out has no other reference. The binding is the
    // whole optional: one built around an unchecked value is checked again.
    nonisolated(unsafe) let output = ready.isEmpty ? nil : Optional(ready.removeFirst())
    return output
  }

  /// The first picture of the file, reading at most `packetLimit` packets to find it.
  public func firstFrame(packetLimit: Int = 600) -> NV12Frame? {
    var packets = 0
    while packets < packetLimit {
      if let output = next() {
        if case .video(let frame, _) = output { return frame }
      } else {
        return nil
      }
      packets += 1
    }
    return nil
  }

  /// Moves to the keyframe at or before `seconds`; the caller skips outputs before the target.
  public func seek(to seconds: Double) {
    guard let format else { return }
    let target = min(max(seconds.isFinite ? seconds : 0, 0), Self.maximumDuration)
    let timestamp = Int64(target * Double(AV_TIME_BASE))
    _ = av_seek_frame(format, -1, timestamp, AVSEEK_FLAG_BACKWARD)
    if let video { avcodec_flush_buffers(video) }
    if let audio { avcodec_flush_buffers(audio) }
    ready.removeAll()
    isAtEnd = false
  }

  private func readPacket() {
    guard let format, let packet else {
      isAtEnd = true
      return
    }
    guard av_read_frame(format, packet) >= 0 else {
      // The end (or a file cut short): flush the decoders for their last pictures.
      if let video { drain(video, sending: nil, isVideo: true) }
      if let audio { drain(audio, sending: nil, isVideo: false) }
      isAtEnd = true
      return
    }
    defer { av_packet_unref(packet) }
    if packet.pointee.stream_index == videoIndex, let video {
      drain(video, sending: packet, isVideo: true)
    } else if packet.pointee.stream_index == audioIndex, let audio {
      drain(audio, sending: packet, isVideo: false)
    }
  }

  /// Sends `packet` (nil flushes) and collects every frame the decoder gives back.
  private func drain(
    _ decoder: UnsafeMutablePointer<AVCodecContext>,
    sending packet: UnsafeMutablePointer<AVPacket>?,
    isVideo: Bool
  ) {
    guard let frame else { return }
    guard avcodec_send_packet(decoder, packet) >= 0 || packet == nil else { return }
    while avcodec_receive_frame(decoder, frame) >= 0 {
      defer { av_frame_unref(frame) }
      let stamp =
        frame.pointee.best_effort_timestamp != CFFMPEG_NOPTS_VALUE
        ? frame.pointee.best_effort_timestamp : frame.pointee.pts
      let base = isVideo ? videoTimeBase : audioTimeBase
      let raw =
        stamp == CFFMPEG_NOPTS_VALUE ? 0 : Double(stamp) * Double(base.num) / Double(base.den)
      let time = raw.isFinite ? min(max(raw, 0), Self.maximumDuration) : 0
      if isVideo {
        if let picture = Self.nv12(from: frame, size: info.size) {
          ready.append(.video(picture, time: time))
        }
      } else if let samples = Self.interleaved(from: frame, channels: info.channelCount) {
        ready.append(.audio(samples, time: time))
      }
    }
  }
}
