// SPDX-License-Identifier: MIT
import CFFmpeg
import CameraModel

/// FFmpeg's native AAC encoder, fed microphone chunks placed on the recording's clock.
///
/// Each chunk's capture stamp says where its first sample belongs: (stamp − origin) × rate. The
/// samples then run on continuously, counted rather than re-stamped, because a callback's
/// stamp jitters by a few milliseconds while the sound card's sample clock does not. Only when a
/// chunk lands more than `resyncTolerance` away from where the count says (the device paused,
/// overflowed, or its clock drifted) does the gap get filled with silence or the overlap cut.
/// Time base 1/sample rate. Encoder thread only.
final class AACEncoder {
  /// How far a chunk may land from the running sample count before the count is corrected.
  static let resyncTolerance = 0.04

  let context: UnsafeMutablePointer<AVCodecContext>
  let format: AudioFormat
  private let frame: UnsafeMutablePointer<AVFrame>
  private let packet: UnsafeMutablePointer<AVPacket>
  private let frameSize: Int
  /// Planar samples waiting for a full AAC frame, one array per channel.
  private var pending: [[Float]]
  /// The position (in samples from the origin) of `pending`'s first sample.
  private var pendingStart: Int64?
  /// Silent samples inserted and samples cut to stay in sync, for the report.
  private(set) var correctedSamples: Int64 = 0

  /// Opens the encoder for `format` at `bitRate` bits per second.
  init(format: AudioFormat, bitRate: Int, globalHeader: Bool) throws(RecordingError) {
    try FFmpegResult.requireLibraries()
    guard let codec = avcodec_find_encoder(AV_CODEC_ID_AAC) else {
      throw .encoderMissing(name: "aac")
    }
    guard let context = avcodec_alloc_context3(codec), let frame = av_frame_alloc(),
      let packet = av_packet_alloc()
    else { throw .library(call: "avcodec_alloc_context3", reason: "out of memory") }
    self.context = context
    self.frame = frame
    self.packet = packet
    self.format = format
    context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
    context.pointee.sample_rate = Int32(format.sampleRate)
    av_channel_layout_default(&context.pointee.ch_layout, Int32(format.channelCount))
    context.pointee.bit_rate = Int64(bitRate)
    context.pointee.time_base = AVRational(num: 1, den: Int32(format.sampleRate))
    if globalHeader { context.pointee.flags |= CFFMPEG_CODEC_FLAG_GLOBAL_HEADER }
    try FFmpegResult.check(avcodec_open2(context, codec, nil), "avcodec_open2(aac)")
    frameSize = Int(max(context.pointee.frame_size, 1))
    frame.pointee.nb_samples = Int32(frameSize)
    frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
    frame.pointee.sample_rate = context.pointee.sample_rate
    try FFmpegResult.check(
      av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout),
      "av_channel_layout_copy")
    try FFmpegResult.check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
    pending = Array(repeating: [], count: format.channelCount)
  }

  deinit {
    var ownedFrame: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&ownedFrame)
    var ownedPacket: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&ownedPacket)
    var ownedContext: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&ownedContext)
  }

  /// The encoder's time base: one tick per sample.
  var timeBase: AVRational { context.pointee.time_base }

  /// Places `chunk` on the clock starting at `origin`, then encodes every full AAC frame.
  func append(
    _ chunk: AudioChunk, origin: MonotonicTime,
    write: (UnsafeMutablePointer<AVPacket>) throws(RecordingError) -> Void
  ) throws(RecordingError) {
    guard chunk.channelCount == format.channelCount, chunk.sampleRate == format.sampleRate,
      chunk.frameCount > 0
    else { return }
    let rate = Double(format.sampleRate)
    let stamped = Int64((chunk.captureTime.seconds(since: origin) * rate).rounded())
    var skip = 0
    if let start = pendingStart {
      let expected = start + Int64(pending[0].count)
      let gap = stamped - expected
      if Double(abs(gap)) > Self.resyncTolerance * rate {
        correctedSamples += abs(gap)
        if gap > 0 {
          try appendSilence(gap, write: write)
        } else {
          skip = Int(min(-gap, Int64(chunk.frameCount)))
        }
      }
    } else {
      // Both streams start together: sound from before the first video frame is cut, and a
      // microphone whose first sound came later gets silence up to it. (Fragmented MP4 has no
      // edit list to say that a track starts late: the muxer would move the first packet to 0
      // and stretch it over the gap, and players would show the rest of the sound early.)
      skip = stamped < 0 ? Int(min(-stamped, Int64(chunk.frameCount))) : 0
      guard skip < chunk.frameCount else { return }
      pendingStart = 0
      if stamped > 0 {
        correctedSamples += stamped
        try appendSilence(stamped, write: write)
      }
    }
    deinterleave(chunk, skipping: skip)
    try encodeFullFrames(write: write)
  }

  /// Encodes what is left (padded with silence) and drains the encoder.
  func flush(
    write: (UnsafeMutablePointer<AVPacket>) throws(RecordingError) -> Void
  ) throws(RecordingError) {
    if let count = pending.first?.count, count > 0 {
      for channel in pending.indices {
        pending[channel].append(contentsOf: repeatElement(0, count: frameSize - count))
      }
      try encodeFullFrames(write: write)
    }
    try send(nil, write: write)
  }

  /// Appends `count` silent samples, encoding as it goes, so a long gap never sits in memory.
  private func appendSilence(
    _ count: Int64, write: (UnsafeMutablePointer<AVPacket>) throws(RecordingError) -> Void
  ) throws(RecordingError) {
    var remaining = count
    while remaining > 0 {
      let block = Int(min(remaining, Int64(frameSize * 64)))
      for channel in pending.indices {
        pending[channel].append(contentsOf: repeatElement(0, count: block))
      }
      remaining -= Int64(block)
      try encodeFullFrames(write: write)
    }
  }

  private func deinterleave(_ chunk: AudioChunk, skipping skip: Int) {
    let channels = format.channelCount
    chunk.samples.withUnsafeBufferPointer { samples in
      for channel in 0..<channels {
        pending[channel].reserveCapacity(pending[channel].count + chunk.frameCount)
        for index in skip..<chunk.frameCount {
          pending[channel].append(samples[index * channels + channel])
        }
      }
    }
  }

  private func encodeFullFrames(
    write: (UnsafeMutablePointer<AVPacket>) throws(RecordingError) -> Void
  ) throws(RecordingError) {
    while let count = pending.first?.count, count >= frameSize, let start = pendingStart {
      try FFmpegResult.check(av_frame_make_writable(frame), "av_frame_make_writable")
      for channel in pending.indices {
        guard let plane = frame.pointee.extended_data?[channel] else { continue }
        pending[channel].withUnsafeBytes { source in
          UnsafeMutableRawPointer(plane).copyMemory(
            from: source.baseAddress ?? UnsafeRawPointer(plane),
            byteCount: frameSize * MemoryLayout<Float>.size)
        }
        pending[channel].removeFirst(frameSize)
      }
      frame.pointee.pts = start
      pendingStart = start + Int64(frameSize)
      try send(frame, write: write)
    }
  }

  private func send(
    _ frame: UnsafeMutablePointer<AVFrame>?,
    write: (UnsafeMutablePointer<AVPacket>) throws(RecordingError) -> Void
  ) throws(RecordingError) {
    try FFmpegEncoding.send(frame, to: context, packet: packet, tag: "aac", write: write)
  }
}
