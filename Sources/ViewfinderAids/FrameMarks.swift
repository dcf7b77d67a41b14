// SPDX-License-Identifier: MIT
import CameraModel

/// Focus peaking and zebras painted straight into a copy of the frame, for when the aids run
/// at the frame's own size: the picture then carries its marks, and no second layer has to be
/// uploaded and blended over it. What a blended layer would show, in Y'CbCr: a peaking mark
/// sets its sample's luma to the peaking colour's; a zebra stripe blends its colour over the
/// sample at the stripe's opacity (zebras under peaking, as on the layer). Chroma is shared by
/// 2 × 2 samples: a block with any peaking mark takes the peaking colour's chroma, so a
/// one-sample line still reads in its colour; a block with stripes blends their colour in by
/// the share of its samples striped. Owner's thread only.
public enum FrameMarks {
  /// How many samples each aid marked.
  public struct Counts: Hashable, Sendable {
    /// Samples peaking marked.
    public var peaked = 0
    /// Samples at or above the zebra level.
    public var bright = 0
  }

  /// Copies `frame` into `target` (same size; strides may differ) with the marks of `peaking`
  /// and `zebras` (either may be nil) on `luma`, which must be the frame's luma at its size.
  @discardableResult
  public static func paint(
    _ frame: NV12Frame, luma: LumaPlane, peaking: FocusPeaking?, zebras: Zebras?,
    into target: NV12Frame
  ) -> Counts {
    precondition(
      frame.size == target.size && luma.width == frame.size.width
        && luma.height == frame.size.height, "size mismatch")
    target.metadata = frame.metadata
    let width = luma.width
    let height = luma.height
    var counts = Counts()
    guard width > 0, height > 0 else { return counts }
    let colorimetry = frame.metadata.colorimetry
    let ink = Ink(peaking: peaking, zebras: zebras, colorimetry: colorimetry)
    // Two rows of flags per aid (a chroma row covers two luma rows), rounded up to 8 and
    // zero past the width, so each can be read 8 at a time.
    let padded = (width + 7) / 8 * 8
    let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * padded)
    flags.initialize(repeating: 0, count: 4 * padded)
    defer { flags.deallocate() }
    let peakFlags = [flags, flags + padded]
    let stripeFlags = [flags + 2 * padded, flags + 3 * padded]
    let period = max(zebras?.period ?? 2, 2)
    // The stripe pattern, 1 where a stripe is dark, a row plus a period long: row y starts
    // at y % period, so the stripes run down to the left.
    let pattern = (0..<(width + period)).map { UInt8($0 % period < period / 2 ? 1 : 0) }
    let limit = UInt8(clamping: zebras?.level(in: luma.range) ?? 256)
    let span = FocusPeaking.span
    let thresholds = peaking?.thresholds
    let canPeak = width > 2 * span && height > 2 * span
    luma.samples.withUnsafeBufferPointer { samples in
      pattern.withUnsafeBufferPointer { stripes in
        frame.withPlaneAddresses { sourceY, sourceUV in
          target.withPlaneAddresses { targetY, targetUV in
            guard let lumaBase = samples.baseAddress, let stripeBase = stripes.baseAddress
            else { return }
            for pair in 0..<frame.chromaHeight {
              var anyMark = false
              for half in 0..<2 {
                let y = pair * 2 + half
                let peak = peakFlags[half]
                let stripe = stripeFlags[half]
                guard y < height else {
                  peak.update(repeating: 0, count: padded)
                  stripe.update(repeating: 0, count: padded)
                  continue
                }
                let row = lumaBase + y * width
                var rowMarks = 0
                if let thresholds, canPeak, y >= span, y < height - span {
                  FocusPeaking.flagRow(row, width: width, thresholds: thresholds, into: peak)
                  var count = 0
                  for x in span..<(width - span) { count &+= Int(peak[x]) }
                  counts.peaked &+= count
                  rowMarks &+= count
                } else {
                  peak.update(repeating: 0, count: padded)
                }
                if zebras != nil {
                  let dark = stripeBase + y % period
                  var count = 0
                  for x in 0..<width {
                    let isBright: UInt8 = row[x] >= limit ? 1 : 0
                    stripe[x] = isBright & dark[x]
                    count &+= Int(isBright)
                  }
                  counts.bright &+= count
                  rowMarks &+= count
                } else {
                  stripe.update(repeating: 0, count: padded)
                }
                let out = targetY + y * target.yStride
                out.update(from: sourceY + y * frame.yStride, count: width)
                if rowMarks > 0 {
                  anyMark = true
                  ink.paintLuma(out, width: width, peak: peak, stripe: stripe)
                }
              }
              let out = targetUV + pair * target.uvStride
              out.update(from: sourceUV + pair * frame.uvStride, count: (width + 1) / 2 * 2)
              if anyMark {
                ink.paintChroma(
                  out, width: width, peaks: (peakFlags[0], peakFlags[1]),
                  stripes: (stripeFlags[0], stripeFlags[1]))
              }
            }
          }
        }
      }
    }
    return counts
  }

  /// The marks' colours in the frame's Y'CbCr, and the stripes' blend as tables.
  private struct Ink {
    let peak: (y: UInt8, cb: UInt8, cr: UInt8)
    /// Luma under a stripe, by the luma beneath.
    let stripeLuma: [UInt8]
    /// Cb and Cr under a stripe, by the value beneath.
    let stripeCb: [UInt8]
    let stripeCr: [UInt8]

    init(peaking: FocusPeaking?, zebras: Zebras?, colorimetry: Colorimetry) {
      peak = FrameMarks.ycbcr(peaking?.color ?? Color(red: 0, green: 0, blue: 0), colorimetry)
      let stripe = zebras?.color ?? Color(red: 0, green: 0, blue: 0, alpha: 0)
      let over = FrameMarks.ycbcr(stripe, colorimetry)
      let alpha = Int(stripe.alpha)
      func blend(_ value: UInt8) -> [UInt8] {
        (0..<256).map { UInt8((Int(value) * alpha + $0 * (255 - alpha) + 127) / 255) }
      }
      stripeLuma = blend(over.y)
      stripeCb = blend(over.cb)
      stripeCr = blend(over.cr)
    }

    /// Paints one luma row: peaking over stripes. Flags are read 8 at a time, so unmarked
    /// stretches cost one load.
    func paintLuma(
      _ out: UnsafeMutablePointer<UInt8>, width: Int, peak: UnsafeMutablePointer<UInt8>,
      stripe: UnsafeMutablePointer<UInt8>
    ) {
      stripeLuma.withUnsafeBufferPointer { table in
        for first in stride(from: 0, to: width, by: 8) {
          let marked =
            UnsafeRawPointer(peak + first).loadUnaligned(as: UInt64.self)
            | UnsafeRawPointer(stripe + first).loadUnaligned(as: UInt64.self)
          guard marked != 0 else { continue }
          for x in first..<min(first + 8, width) {
            if peak[x] != 0 {
              out[x] = self.peak.y
            } else if stripe[x] != 0 {
              out[x] = table[Int(out[x])]
            }
          }
        }
      }
    }

    /// Paints one interleaved CbCr row from the flags of the two luma rows it covers.
    func paintChroma(
      _ out: UnsafeMutablePointer<UInt8>, width: Int,
      peaks: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>),
      stripes: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)
    ) {
      stripeCb.withUnsafeBufferPointer { cbTable in
        stripeCr.withUnsafeBufferPointer { crTable in
          for first in stride(from: 0, to: width, by: 8) {
            let marked =
              UnsafeRawPointer(peaks.0 + first).loadUnaligned(as: UInt64.self)
              | UnsafeRawPointer(peaks.1 + first).loadUnaligned(as: UInt64.self)
              | UnsafeRawPointer(stripes.0 + first).loadUnaligned(as: UInt64.self)
              | UnsafeRawPointer(stripes.1 + first).loadUnaligned(as: UInt64.self)
            guard marked != 0 else { continue }
            // Flags past the width are zero, so the last block may read one beyond it.
            for x in stride(from: first, to: min(first + 8, width), by: 2) {
              let cb = x
              let cr = x + 1
              if peaks.0[x] | peaks.0[x + 1] | peaks.1[x] | peaks.1[x + 1] != 0 {
                out[cb] = peak.cb
                out[cr] = peak.cr
                continue
              }
              let striped =
                Int(stripes.0[x]) + Int(stripes.0[x + 1]) + Int(stripes.1[x])
                + Int(stripes.1[x + 1])
              guard striped > 0 else { continue }
              let oldCb = Int(out[cb])
              let oldCr = Int(out[cr])
              out[cb] = UInt8((Int(cbTable[oldCb]) * striped + oldCb * (4 - striped) + 2) / 4)
              out[cr] = UInt8((Int(crTable[oldCr]) * striped + oldCr * (4 - striped) + 2) / 4)
            }
          }
        }
      }
    }
  }

  /// `color` (its opacity aside) in Y'CbCr as `colorimetry` encodes it.
  public static func ycbcr(
    _ color: Color, _ colorimetry: Colorimetry
  ) -> (y: UInt8, cb: UInt8, cr: UInt8) {
    let (kr, kb) = colorimetry.matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
    let red = Double(color.red) / 255
    let green = Double(color.green) / 255
    let blue = Double(color.blue) / 255
    let luma = kr * red + (1 - kr - kb) * green + kb * blue
    let pb = (blue - luma) / (2 * (1 - kb))
    let pr = (red - luma) / (2 * (1 - kr))
    let (black, lumaScale, chromaScale) =
      colorimetry.range == .limited ? (16.0, 219.0, 224.0) : (0.0, 255.0, 255.0)
    func code(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
    return (
      code(black + luma * lumaScale), code(128 + pb * chromaScale), code(128 + pr * chromaScale)
    )
  }
}
