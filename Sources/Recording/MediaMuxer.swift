// SPDX-License-Identifier: MIT
import CFFmpeg
import SystemCalls

/// One output file through libavformat: streams, header, packets, trailer.
///
/// MP4 is written fragmented (`frag_keyframe+empty_moov+default_base_moof`): an empty index
/// first, then a self-contained fragment at every keyframe (once a second), so a file cut short
/// by kill -9 or a power cut plays up to its last complete fragment. Matroska writes clusters of
/// at most one second for the same reason. Packets are flushed to the kernel as they are
/// written. Encoder thread only.
final class MediaMuxer {
  let path: String
  private var context: UnsafeMutablePointer<AVFormatContext>?
  private var isHeaderWritten = false
  private var isFinished = false

  /// Opens `path` for writing (creating or truncating it).
  init(path: String, container: VideoContainer) throws(RecordingError) {
    try FFmpegResult.requireLibraries()
    self.path = path
    var context: UnsafeMutablePointer<AVFormatContext>?
    try FFmpegResult.check(
      avformat_alloc_output_context2(&context, nil, container.formatName, path),
      "avformat_alloc_output_context2")
    guard let context else {
      throw .library(call: "avformat_alloc_output_context2", reason: "no context")
    }
    self.context = context
    // By bytes: a name given on the command line may hold bytes that are not UTF-8.
    let opened = FileNameBytes.withCString(path) {
      avio_open(&context.pointee.pb, $0, AVIO_FLAG_WRITE)
    }
    guard opened >= 0 else {
      avformat_free_context(context)
      self.context = nil
      throw FFmpegResult.writeError(opened, path: path)
    }
    // Hand each packet to the kernel at once, so a killed process loses nothing already muxed.
    context.pointee.flush_packets = 1
    // Interleave across streams with at most a second of waiting: a microphone that stops
    // delivering must not hold video packets in memory (the default is 10 s).
    context.pointee.max_interleave_delta = 1_000_000
  }

  deinit {
    guard let context else { return }
    if !isFinished { avio_closep(&context.pointee.pb) }
    avformat_free_context(context)
  }

  /// True when the container wants codec headers out of band (MP4 and Matroska both do).
  var wantsGlobalHeader: Bool {
    guard let format = context?.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds a stream described by `parameters`; returns its index.
  func addStream(
    copying parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational
  ) throws(RecordingError) -> Int32 {
    guard let context, let stream = avformat_new_stream(context, nil) else {
      throw .library(call: "avformat_new_stream", reason: "out of memory")
    }
    try FFmpegResult.check(
      avcodec_parameters_copy(stream.pointee.codecpar, parameters), "avcodec_parameters_copy")
    stream.pointee.time_base = timeBase
    return stream.pointee.index
  }

  /// Adds a stream with the encoder's parameters; returns its index.
  func addStream(encoder: UnsafeMutablePointer<AVCodecContext>) throws(RecordingError) -> Int32 {
    guard let parameters = avcodec_parameters_alloc() else {
      throw .library(call: "avcodec_parameters_alloc", reason: "out of memory")
    }
    var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters
    defer { avcodec_parameters_free(&owned) }
    try FFmpegResult.check(
      avcodec_parameters_from_context(parameters, encoder), "avcodec_parameters_from_context")
    return try addStream(copying: parameters, timeBase: encoder.pointee.time_base)
  }

  /// Marks `stream` to be shown turned clockwise by `quarterTurns`: a display matrix, which
  /// MP4 stores in the track header and players (and `ffprobe`'s "displaymatrix") read. The
  /// pixels stay as the camera gave them. Before the header is written; nothing for 0.
  func setRotation(of stream: Int32, quarterTurns: Int) throws(RecordingError) {
    let turns = ((quarterTurns % 4) + 4) % 4
    guard turns != 0, let context, stream >= 0, stream < Int32(context.pointee.nb_streams),
      let streams = context.pointee.streams, let entry = streams[Int(stream)]
    else { return }
    let size = 9 * MemoryLayout<Int32>.size
    guard let bytes = av_stream_new_side_data(entry, AV_PKT_DATA_DISPLAYMATRIX, size) else {
      throw .library(call: "av_stream_new_side_data", reason: "out of memory")
    }
    // av_display_rotation_set takes the clockwise turn a player applies (its reader,
    // av_display_rotation_get, answers the same turn anticlockwise: ffprobe shows −90 here).
    bytes.withMemoryRebound(to: Int32.self, capacity: 9) {
      av_display_rotation_set($0, Double(90 * turns))
    }
  }

  /// The time base the muxer chose for `stream` (fixed once the header is written).
  func timeBase(of stream: Int32) -> AVRational {
    guard let context, stream >= 0, stream < Int32(context.pointee.nb_streams),
      let streams = context.pointee.streams, let entry = streams[Int(stream)]
    else { return AVRational(num: 1, den: 90_000) }
    return entry.pointee.time_base
  }

  /// Writes the file header. After every stream is added.
  func writeHeader(container: VideoContainer) throws(RecordingError) {
    guard let context else { return }
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    switch container {
    case .mp4: av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0)
    case .matroska: av_dict_set(&options, "cluster_time_limit", "1000", 0)
    }
    let result = avformat_write_header(context, &options)
    guard result >= 0 else { throw FFmpegResult.writeError(result, path: path) }
    isHeaderWritten = true
  }

  /// Writes `packet` (timestamps in `timeBase`) to `stream`; the packet is emptied.
  func write(
    _ packet: UnsafeMutablePointer<AVPacket>, stream: Int32, timeBase: AVRational
  ) throws(RecordingError) {
    guard let context, isHeaderWritten else { return }
    packet.pointee.stream_index = stream
    av_packet_rescale_ts(packet, timeBase, self.timeBase(of: stream))
    let result = av_interleaved_write_frame(context, packet)
    guard result >= 0 else { throw FFmpegResult.writeError(result, path: path) }
  }

  /// Writes the trailer (the last fragment) and closes the file. Safe to call twice; the file is
  /// closed even when the trailer fails.
  func finish() throws(RecordingError) {
    guard let context, !isFinished else { return }
    isFinished = true
    var result: Int32 = 0
    if isHeaderWritten { result = av_write_trailer(context) }
    let closed = avio_closep(&context.pointee.pb)
    if result >= 0 { result = closed }
    guard result >= 0 else { throw FFmpegResult.writeError(result, path: path) }
  }
}
