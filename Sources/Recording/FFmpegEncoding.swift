// SPDX-License-Identifier: MIT
import CFFmpeg

/// The send-and-drain step both encoders share.
enum FFmpegEncoding {
  /// Sends `frame` to the open encoder `context` (nil flushes it) and hands each packet the
  /// encoder has ready to `write`, reusing `packet` for all of them. `tag` goes in brackets
  /// after the call's name in errors ("avcodec_send_frame(aac)"); nil adds nothing.
  static func send(
    _ frame: UnsafeMutablePointer<AVFrame>?, to context: UnsafeMutablePointer<AVCodecContext>,
    packet: UnsafeMutablePointer<AVPacket>, tag: String? = nil,
    write: (UnsafeMutablePointer<AVPacket>) throws(RecordingError) -> Void
  ) throws(RecordingError) {
    let suffix = tag.map { "(\($0))" } ?? ""
    try FFmpegResult.check(avcodec_send_frame(context, frame), "avcodec_send_frame" + suffix)
    while true {
      let result = avcodec_receive_packet(context, packet)
      if result == CFFMPEG_ERROR_EAGAIN || result == CFFMPEG_ERROR_EOF { return }
      try FFmpegResult.check(result, "avcodec_receive_packet" + suffix)
      try write(packet)
      av_packet_unref(packet)
    }
  }
}
