// SPDX-License-Identifier: MIT
import CFFmpeg
import CameraModel
import Foundation
import Imaging

/// The encoders and the muxer of one recording, and the clock they share. Encoder thread only.
///
/// The clock's origin is the first video frame's capture time: video presentation times are
/// capture time − origin (90 kHz ticks), sound is placed by its own capture stamps against the
/// same origin, so both tracks start at 0 and stay together whatever frames are dropped.
final class RecordingPipeline {
  private let configuration: VideoRecorder.Configuration
  private let container: VideoContainer
  private let muxer: MediaMuxer
  private let video: H264Encoder?
  private let audio: AACEncoder?
  private let videoStream: Int32
  private let audioStream: Int32
  private let packet: UnsafeMutablePointer<AVPacket>
  /// The newest video packet, written when the next one comes or at the end: the last
  /// picture's duration is known only then (it lasts until the recording's end, over any
  /// frames dropped after it).
  private let heldVideo: UnsafeMutablePointer<AVPacket>
  private var isVideoHeld = false
  /// Where the video ends, in ticks: the last frame's time plus one frame, or later when
  /// frames after it were dropped.
  private var endTicks: Int64 = -1
  private let ticksPerFrame: Int64
  /// The first video frame's capture time, once it is written: the clock's origin.
  private(set) var origin: MonotonicTime?
  private var lastTicks: Int64 = -1
  private var waitingSound: [AudioChunk] = []
  /// Packet bytes handed to the muxer.
  private(set) var bytesWritten: Int64 = 0
  /// Frames handed to the muxer (or the encoder, for H.264).
  private(set) var framesWritten = 0

  /// The path of the file being written.
  var path: String { muxer.path }

  /// Opens the file at `path` as `container` with its streams, and writes the header.
  init(
    configuration: VideoRecorder.Configuration, path: URL, container: VideoContainer
  ) throws(RecordingError) {
    self.configuration = configuration
    try FFmpegResult.requireLibraries()
    // Encoder chatter (x264's statistics, AAC's quality) stays out of the terminal; errors
    // still show.
    av_log_set_level(AV_LOG_ERROR)
    self.container = container
    muxer = try MediaMuxer(path: path.path, container: container)
    guard let packet = av_packet_alloc(), let heldVideo = av_packet_alloc() else {
      throw .library(call: "av_packet_alloc", reason: "out of memory")
    }
    self.packet = packet
    self.heldVideo = heldVideo
    let fps = configuration.framesPerSecond
    ticksPerFrame = Int64(90_000 / (fps.isFinite && fps >= 1 ? min(fps, 240) : 30))
    switch configuration.codec {
    case .h264:
      let encoder = try H264Encoder(
        size: configuration.storedSize, framesPerSecond: fps,
        colorimetry: configuration.colorimetry, settings: configuration.settings,
        globalHeader: muxer.wantsGlobalHeader)
      video = encoder
      videoStream = try muxer.addStream(encoder: encoder.context)
    case .mjpeg:
      video = nil
      videoStream = try Self.addPassThroughStream(to: muxer, size: configuration.frameSize)
    }
    try muxer.setRotation(of: videoStream, quarterTurns: configuration.quarterTurns)
    if let format = configuration.audio {
      let encoder = try AACEncoder(
        format: format,
        bitRate: configuration.settings.audioBitRatePerChannel * max(1, format.channelCount),
        globalHeader: muxer.wantsGlobalHeader)
      audio = encoder
      audioStream = try muxer.addStream(encoder: encoder.context)
    } else {
      audio = nil
      audioStream = -1
    }
    try muxer.writeHeader(container: container)
  }

  deinit {
    var owned: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&owned)
    var held: UnsafeMutablePointer<AVPacket>? = heldVideo
    av_packet_free(&held)
  }

  /// Samples inserted or cut to keep sound on the video's clock.
  var audioSamplesCorrected: Int64 { audio?.correctedSamples ?? 0 }

  /// Seconds of video so far: the last frame's time plus one frame (at the end, until the
  /// last frame offered, dropped or not).
  var duration: Double {
    lastTicks < 0 ? 0 : Double(max(lastTicks + ticksPerFrame, endTicks)) / 90_000
  }

  /// Encodes (or passes through) the frame in `slot`.
  func writeVideo(_ slot: VideoSlot) throws(RecordingError) {
    let origin = self.origin ?? slot.captureTime
    if self.origin == nil {
      self.origin = origin
      let waiting = waitingSound
      waitingSound = []
      for chunk in waiting { try writeAudio(chunk) }
    }
    let nanoseconds = Int64(bitPattern: slot.captureTime.nanoseconds &- origin.nanoseconds)
    // A stamp that does not move forward (a driver glitch) still gets a later time: MP4 needs
    // strictly increasing times in a track.
    let ticks = max(nanoseconds / 100_000 * 9, lastTicks + 1)
    lastTicks = ticks
    if let video, let picture = slot.picture {
      picture.frame.pointee.pts = ticks
      try video.encode(picture.frame) { (packet) throws(RecordingError) in
        try self.mux(packet, stream: videoStream, timeBase: H264Encoder.timeBase)
      }
    } else {
      try writePassThrough(slot.jpeg, ticks: ticks)
    }
    framesWritten += 1
  }

  /// Encodes a chunk of sound; held back until the first frame fixes the clock's origin.
  func writeAudio(_ chunk: AudioChunk) throws(RecordingError) {
    guard let audio else { return }
    guard let origin else {
      // Sound from before the first frame is cut anyway; two seconds of it is plenty to keep.
      if waitingSound.count < 200 { waitingSound.append(chunk) }
      return
    }
    try audio.append(chunk, origin: origin) { (packet) throws(RecordingError) in
      try self.mux(packet, stream: audioStream, timeBase: audio.timeBase)
    }
  }

  /// Drains the encoders and writes the trailer; closes the file even after an error. The
  /// last picture lasts until `lastOffered` (the capture time of the newest frame the camera
  /// gave, recorded or dropped) plus one frame, so the file is as long as the recording was
  /// even when the encoder was behind at the end.
  func finish(flushing: Bool, lastOffered: MonotonicTime? = nil) throws(RecordingError) {
    var failure: RecordingError?
    if let origin, let lastOffered, lastOffered.nanoseconds > origin.nanoseconds {
      let nanoseconds = min(lastOffered.nanoseconds - origin.nanoseconds, UInt64(Int64.max / 2))
      endTicks = Int64(nanoseconds / 100_000 * 9) + ticksPerFrame
    }
    if flushing {
      do {
        try video?.encode(nil) { (packet) throws(RecordingError) in
          try self.mux(packet, stream: videoStream, timeBase: H264Encoder.timeBase)
        }
        try writeHeldVideo()
        if let audio {
          try audio.flush { (packet) throws(RecordingError) in
            try self.mux(packet, stream: audioStream, timeBase: audio.timeBase)
          }
        }
      } catch {
        failure = error
      }
    }
    do { try muxer.finish() } catch { failure = failure ?? error }
    if let failure { throw failure }
  }

  private func mux(
    _ packet: UnsafeMutablePointer<AVPacket>, stream: Int32, timeBase: AVRational
  ) throws(RecordingError) {
    bytesWritten += Int64(max(0, packet.pointee.size))
    if stream == videoStream, timeBase.den == 90_000 {
      if packet.pointee.duration <= 0 { packet.pointee.duration = ticksPerFrame }
      try writeHeldVideo()
      av_packet_move_ref(heldVideo, packet)
      isVideoHeld = true
      return
    }
    try muxer.write(packet, stream: stream, timeBase: timeBase)
  }

  /// Writes the held video packet, lengthened at the end to reach `endTicks`.
  private func writeHeldVideo() throws(RecordingError) {
    guard isVideoHeld else { return }
    isVideoHeld = false
    if endTicks > heldVideo.pointee.pts {
      heldVideo.pointee.duration = max(heldVideo.pointee.duration, endTicks - heldVideo.pointee.pts)
    }
    try muxer.write(heldVideo, stream: videoStream, timeBase: H264Encoder.timeBase)
  }

  /// Stores one camera JPEG as a packet, with the standard Huffman tables added when the camera
  /// left them out (as photos do), so any decoder reads the file.
  private func writePassThrough(_ jpeg: [UInt8], ticks: Int64) throws(RecordingError) {
    let complete: [UInt8]
    if (try? StandardHuffmanTables.hasHuffmanTables(jpeg)) == false,
      let fixed = try? StandardHuffmanTables.inserting(into: jpeg)
    {
      complete = [UInt8](fixed)
    } else {
      complete = jpeg
    }
    guard !complete.isEmpty, complete.count < Int(Int32.max) else { return }
    try FFmpegResult.check(av_new_packet(packet, Int32(complete.count)), "av_new_packet")
    complete.withUnsafeBufferPointer { bytes in
      if let base = bytes.baseAddress { packet.pointee.data.update(from: base, count: bytes.count) }
    }
    packet.pointee.pts = ticks
    packet.pointee.dts = ticks
    packet.pointee.flags |= AV_PKT_FLAG_KEY
    defer { av_packet_unref(packet) }
    try mux(packet, stream: videoStream, timeBase: H264Encoder.timeBase)
  }

  private static func addPassThroughStream(
    to muxer: MediaMuxer, size: FrameSize
  ) throws(RecordingError) -> Int32 {
    guard let parameters = avcodec_parameters_alloc() else {
      throw .library(call: "avcodec_parameters_alloc", reason: "out of memory")
    }
    var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters
    defer { avcodec_parameters_free(&owned) }
    parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
    parameters.pointee.codec_id = AV_CODEC_ID_MJPEG
    parameters.pointee.width = Int32(size.width)
    parameters.pointee.height = Int32(size.height)
    return try muxer.addStream(copying: parameters, timeBase: H264Encoder.timeBase)
  }
}
