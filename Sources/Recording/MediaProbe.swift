// SPDX-License-Identifier: MIT
import CFFmpeg

/// What a media file holds, read back through libavformat: its streams and every packet's
/// presentation time. Used to decide whether a left-over recording is readable, and by tests.
/// Reads the whole file; any thread.
public struct MediaProbe: Sendable {
  /// One stream of the file.
  public struct Stream: Sendable {
    /// What the stream carries.
    public enum Kind: Sendable, Equatable {
      /// Pictures.
      case video
      /// Sound.
      case audio
      /// Anything else (subtitles, data).
      case other
    }

    /// What the stream carries.
    public var kind: Kind
    /// FFmpeg's codec name: "h264", "aac", "mjpeg".
    public var codecName: String
    /// Picture size (video).
    public var width = 0
    /// Picture height (video).
    public var height = 0
    /// Samples per second (audio).
    public var sampleRate = 0
    /// Channels (audio).
    public var channelCount = 0
    /// Presentation times of the packets in file order, in seconds.
    public var presentationTimes: [Double] = []
    /// Packets flagged as keyframes.
    public var keyframeCount = 0
    /// Where the stream ends, in seconds: the latest packet time plus that packet's duration,
    /// or the container's length of the stream when that is later (MP4 keeps sample durations
    /// in its tables, not in the packets read back).
    public var end = 0.0

    /// Packets in the stream.
    public var packetCount: Int { presentationTimes.count }
  }

  /// The streams in file order.
  public var streams: [Stream]
  /// The container's name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm").
  public var formatName: String

  /// Reads `path`, a regular MP4/MOV or Matroska file (see `MediaFileInput`). Throws when it
  /// is something else or libavformat cannot parse it. `expectsDamage` keeps libavformat's
  /// complaints about a file cut short (as every recovered recording is) off the terminal.
  public init(path: String, expectsDamage: Bool = false) throws(RecordingError) {
    try FFmpegResult.requireLibraries()
    av_log_set_level(expectsDamage ? AV_LOG_QUIET : AV_LOG_ERROR)
    let context = try MediaFileInput.open(path)
    var owned: UnsafeMutablePointer<AVFormatContext>? = context
    defer { avformat_close_input(&owned) }
    // A file cut short mid-fragment can make the stream search fail on its last packets; the
    // streams are already known from the header then, and reading the packets is the test.
    _ = avformat_find_stream_info(context, nil)
    formatName = context.pointee.iformat.map { String(cString: $0.pointee.name) } ?? ""
    var streams: [Stream] = []
    var timeBases: [AVRational] = []
    for index in 0..<Int(context.pointee.nb_streams) {
      guard let stream = context.pointee.streams?[index], let parameters = stream.pointee.codecpar
      else { continue }
      let type = parameters.pointee.codec_type
      let kind: Stream.Kind =
        type == AVMEDIA_TYPE_VIDEO ? .video : type == AVMEDIA_TYPE_AUDIO ? .audio : .other
      var entry = Stream(
        kind: kind, codecName: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
      entry.width = Int(parameters.pointee.width)
      entry.height = Int(parameters.pointee.height)
      entry.sampleRate = Int(parameters.pointee.sample_rate)
      entry.channelCount = Int(parameters.pointee.ch_layout.nb_channels)
      let base = stream.pointee.time_base
      let length = stream.pointee.duration
      if length != CFFMPEG_NOPTS_VALUE, length > 0, base.den > 0, base.num > 0 {
        entry.end = Double(length) * Double(base.num) / Double(base.den)
      }
      streams.append(entry)
      timeBases.append(base)
    }
    guard let packet = av_packet_alloc() else {
      throw .library(call: "av_packet_alloc", reason: "out of memory")
    }
    var ownedPacket: UnsafeMutablePointer<AVPacket>? = packet
    defer { av_packet_free(&ownedPacket) }
    while av_read_frame(context, packet) >= 0 {
      defer { av_packet_unref(packet) }
      let index = Int(packet.pointee.stream_index)
      guard streams.indices.contains(index) else { continue }
      let time = packet.pointee.pts == CFFMPEG_NOPTS_VALUE ? packet.pointee.dts : packet.pointee.pts
      let base = timeBases[index]
      let seconds = base.den != 0 ? Double(time) * Double(base.num) / Double(base.den) : 0
      streams[index].presentationTimes.append(seconds)
      let length =
        base.den != 0
        ? Double(max(0, packet.pointee.duration)) * Double(base.num) / Double(base.den)
        : 0
      streams[index].end = max(streams[index].end, seconds + length)
      if packet.pointee.flags & AV_PKT_FLAG_KEY != 0 { streams[index].keyframeCount += 1 }
    }
    self.streams = streams
  }

  /// The first video stream.
  public var video: Stream? { streams.first { $0.kind == .video } }
  /// The first sound stream.
  public var audio: Stream? { streams.first { $0.kind == .audio } }
}
