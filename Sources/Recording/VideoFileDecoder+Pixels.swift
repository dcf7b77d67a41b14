// SPDX-License-Identifier: MIT
import CFFmpeg
import CameraModel

/// Decoded FFmpeg frames into Pinhole's own layouts: pictures into NV12 (the texture path the
/// preview uses), sound into interleaved floats (what SDL's queue takes). Plain loops: a 4:2:0
/// chroma interleave is a fraction of a millisecond even at 1080p.
extension VideoFileDecoder {
  /// The picture in `frame` as NV12, or nil for a layout Pinhole does not convert or sizes and
  /// strides out of range. H.264 recordings decode to 4:2:0 planar, MJPEG ones to 4:2:2 planar.
  static func nv12(from frame: UnsafeMutablePointer<AVFrame>, size: FrameSize) -> NV12Frame? {
    let width = Int(frame.pointee.width)
    let height = Int(frame.pointee.height)
    guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
      return nil
    }
    let format = frame.pointee.format
    let isFullRange =
      frame.pointee.color_range == AVCOL_RANGE_JPEG
      || format == AV_PIX_FMT_YUVJ420P.rawValue || format == AV_PIX_FMT_YUVJ422P.rawValue
    let chromaRowStep: Int
    switch format {
    case AV_PIX_FMT_YUV420P.rawValue, AV_PIX_FMT_YUVJ420P.rawValue: chromaRowStep = 1
    case AV_PIX_FMT_YUV422P.rawValue, AV_PIX_FMT_YUVJ422P.rawValue: chromaRowStep = 2
    case AV_PIX_FMT_NV12.rawValue: chromaRowStep = 0
    default: return nil
    }
    let out = NV12Frame(size: FrameSize(width: width, height: height))
    out.metadata.colorimetry = Colorimetry(
      matrix: frame.pointee.colorspace == AVCOL_SPC_BT709 ? .bt709 : .bt601,
      range: isFullRange ? .full : .limited)
    return out.withPlaneAddresses { y, uv -> NV12Frame? in
      let lumaStride = Int(frame.pointee.linesize.0)
      guard lumaStride >= width, let luma = frame.pointee.data.0 else { return nil }
      for row in 0..<height {
        (y + row * out.yStride).update(from: luma + row * lumaStride, count: width)
      }
      let chromaWidth = (width + 1) / 2
      if chromaRowStep == 0 {
        let stride = Int(frame.pointee.linesize.1)
        guard stride >= chromaWidth * 2, let plane = frame.pointee.data.1 else { return nil }
        for row in 0..<out.chromaHeight {
          (uv + row * out.uvStride).update(from: plane + row * stride, count: chromaWidth * 2)
        }
        return out
      }
      let uStride = Int(frame.pointee.linesize.1)
      let vStride = Int(frame.pointee.linesize.2)
      guard uStride >= chromaWidth, vStride >= chromaWidth, let uPlane = frame.pointee.data.1,
        let vPlane = frame.pointee.data.2
      else { return nil }
      let sourceRows = chromaRowStep == 2 ? height : (height + 1) / 2
      for row in 0..<out.chromaHeight {
        // 4:2:2 has a chroma row per luma row: every second one makes 4:2:0.
        let source = min(row * chromaRowStep, sourceRows - 1)
        let u = uPlane + source * uStride
        let v = vPlane + source * vStride
        let line = uv + row * out.uvStride
        for column in 0..<chromaWidth {
          line[2 * column] = u[column]
          line[2 * column + 1] = v[column]
        }
      }
      return out
    }
  }

  /// The sound in `frame` as interleaved floats in −1…1, or nil for a sample layout Pinhole does
  /// not convert or a channel count other than the stream's.
  static func interleaved(from frame: UnsafeMutablePointer<AVFrame>, channels: Int) -> [Float]? {
    let count = Int(frame.pointee.nb_samples)
    guard (1...65_536).contains(count), channels > 0,
      Int(frame.pointee.ch_layout.nb_channels) == channels,
      let planes = frame.pointee.extended_data
    else { return nil }
    var samples = [Float](repeating: 0, count: count * channels)
    switch frame.pointee.format {
    case AV_SAMPLE_FMT_FLTP.rawValue:
      for channel in 0..<channels {
        guard let plane = planes[channel] else { return nil }
        plane.withMemoryRebound(to: Float.self, capacity: count) { values in
          for index in 0..<count { samples[index * channels + channel] = values[index] }
        }
      }
    case AV_SAMPLE_FMT_FLT.rawValue:
      guard let plane = planes[0] else { return nil }
      plane.withMemoryRebound(to: Float.self, capacity: count * channels) { values in
        for index in 0..<(count * channels) { samples[index] = values[index] }
      }
    case AV_SAMPLE_FMT_S16P.rawValue:
      for channel in 0..<channels {
        guard let plane = planes[channel] else { return nil }
        plane.withMemoryRebound(to: Int16.self, capacity: count) { values in
          for index in 0..<count {
            samples[index * channels + channel] = Float(values[index]) / 32_768
          }
        }
      }
    case AV_SAMPLE_FMT_S16.rawValue:
      guard let plane = planes[0] else { return nil }
      plane.withMemoryRebound(to: Int16.self, capacity: count * channels) { values in
        for index in 0..<(count * channels) { samples[index] = Float(values[index]) / 32_768 }
      }
    default:
      return nil
    }
    return samples
  }
}
