// SPDX-License-Identifier: MIT
import CameraModel

/// Finds QR codes and bar codes in a luma plane. Owner's thread only: each scanner keeps its
/// libraries' state; make one per thread.
///
/// Two libraries are available, chosen by measurement (`pinhole-bench --scan-corpus`, see
/// docs/performance.md): on the 208-image corpus ZXing-C++ read 145 codes against zbar's 117
/// (zbar cannot read Data Matrix or 1.5-pixel modules) and cost less (3.2 ms against 7.8 ms for the 432x432
/// region of a 720p frame), but zbar read more of the dark images. So live scanning uses
/// `.zxing` alone (within the 5 ms budget), and file scanning `.zxingThenZBar`, which asks
/// zbar only when ZXing found nothing and read 154.
public final class CodeScanner {
  /// Which library reads.
  public enum Engine: String, Sendable, CaseIterable {
    /// zbar alone.
    case zbar
    /// ZXing-C++ alone.
    case zxing
    /// ZXing-C++, then zbar when ZXing found nothing.
    case zxingThenZBar = "zxing+zbar"
  }

  /// The library in use.
  public let engine: Engine
  private let zbar: ZBarDecoder?
  private let zxing: ZXingDecoder?

  /// Makes a scanner using `engine`.
  public init(engine: Engine = .zxingThenZBar) {
    self.engine = engine
    zbar = engine == .zxing ? nil : ZBarDecoder()
    zxing = engine == .zbar ? nil : ZXingDecoder()
  }

  /// The codes inside `region` (clamped to the plane; the whole plane when nil) of a luma plane
  /// of `width` x `height` pixels whose rows are `stride` bytes apart. Corners are in pixels
  /// of the whole plane. Impossible plane numbers give no codes rather than a trap.
  public func scan(
    luma: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int,
    region: PixelRectangle? = nil
  ) -> [DetectedCode] {
    guard
      let image = LumaImage(
        copying: luma, width: width, height: height, stride: stride, region: region)
    else { return [] }
    return scan(image)
  }

  /// The codes in `image`, corners in the coordinates of the frame it was cut from.
  public func scan(_ image: LumaImage) -> [DetectedCode] {
    let first = zxing?.decode(image) ?? []
    guard first.isEmpty, let zbar else { return Self.unique(first) }
    return Self.unique(zbar.decode(image))
  }

  /// The codes with repeats of the same text and kind removed (zbar can report one code twice
  /// when two scan directions both read it), first seen kept.
  static func unique(_ codes: [DetectedCode]) -> [DetectedCode] {
    var seen: Set<String> = []
    return codes.filter { seen.insert($0.symbology.rawValue + "\u{0}" + $0.text).inserted }
  }
}
