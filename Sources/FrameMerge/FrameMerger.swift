// SPDX-License-Identifier: MIT
import CameraModel

/// What a merge did.
public struct MergeReport: Hashable, Sendable {
  /// Frames that went into the result, the reference included; 1 means the reference alone.
  public var framesMerged: Int
  /// The noise standard deviation used, in 8-bit luma code values (given or estimated).
  public var noiseLevel: Double

  /// Makes a report.
  public init(framesMerged: Int, noiseLevel: Double) {
    self.framesMerged = framesMerged
    self.noiseLevel = noiseLevel
  }
}

/// Merges a burst of NV12 frames into one with less noise: each frame is aligned to a
/// reference (`TileAligner`), then merged robustly, so that where a frame disagrees with the
/// reference by more than noise explains (a moving subject, an alignment miss) the reference
/// wins and nothing ghosts. See `MergeParameters` for the method and its knobs.
///
/// The merge, per 2×2 luma block (the area of one chroma sample) and per other frame:
/// `d` is the mean difference between the frame (displaced by its tile's offset) and the
/// reference over the 3×3 half-resolution neighbourhood of the block; the frame's weight is
/// `w = c σd² / (d² + c σd²)` (Hasinoff et al. 2016, equation 7, with `σd²` the noise variance
/// of `d`); and the result is `reference + Σ w (frame − reference) / N` for each of the four
/// luma samples and the Cb and Cr samples, `N` counting the reference. With every `w` at 1 this
/// is the plain mean of the aligned frames; with every `w` at 0 it is the reference.
///
/// Alignment and merge run on every core. Any thread; it keeps no state between calls.
public struct FrameMerger: Sendable {
  /// The knobs.
  public var parameters: MergeParameters

  /// Makes a merger.
  public init(parameters: MergeParameters = .standard) { self.parameters = parameters }

  /// Merges `frames` into `output`, aligned to `frames[referenceIndex]`, whose size, metadata
  /// and any odd last row or column `output` takes. Frames of another size are left out.
  ///
  /// `noiseLevel` is the luma noise standard deviation in code values when the source knows it;
  /// nil estimates it from the difference between the reference and the first other frame
  /// (the median absolute difference, which moving parts of the picture barely shift).
  /// `output` must not be one of `frames`.
  @discardableResult
  public func merge(
    _ frames: [NV12Frame], referenceIndex: Int, noiseLevel: Double? = nil,
    into output: NV12Frame
  ) -> MergeReport {
    precondition(frames.indices.contains(referenceIndex), "no reference frame")
    let reference = frames[referenceIndex]
    precondition(!frames.contains { $0 === output }, "merging into one of the inputs")
    output.resize(to: reference.size)
    output.copyPixels(from: reference)
    output.metadata = reference.metadata
    let others = frames.indices.filter {
      $0 != referenceIndex && frames[$0].size == reference.size
    }.map { frames[$0] }
    let size = reference.size
    let given = noiseLevel.flatMap { $0.isFinite ? max($0, 0) : nil }
    guard !others.isEmpty, size.width >= 8, size.height >= 8 else {
      return MergeReport(framesMerged: 1, noiseLevel: given ?? 0)
    }
    let pyramids = Self.pyramids(of: [reference] + others, levelCount: parameters.searchRadii.count)
    let offsets = pyramids.dropFirst().map {
      TileAligner.align($0, to: pyramids[0], parameters: parameters)
    }
    let views = others.map(PlaneView.init)
    let sigma = max(
      given
        ?? NoiseEstimate.sigma(
          reference: PlaneView(reference), other: views[0], offsets: offsets[0],
          halfSize: (pyramids[0].levels[0].width, pyramids[0].levels[0].height)),
      parameters.minimumNoiseLevel)
    let kernel = MergeKernel(
      reference: PlaneView(reference), output: PlaneView(output), others: views,
      referenceHalf: pyramids[0].levels[0], othersHalf: pyramids.dropFirst().map { $0.levels[0] },
      offsets: offsets, robustness: parameters.robustness, noiseLevel: sigma)
    kernel.run()
    withExtendedLifetime((frames, output)) {}
    return MergeReport(framesMerged: others.count + 1, noiseLevel: sigma)
  }

  /// Each frame's luma pyramid, built in parallel.
  private static func pyramids(of frames: [NV12Frame], levelCount: Int) -> [LumaPyramid] {
    let views = frames.map(PlaneView.init)
    let size = frames[0].size
    var built = [LumaPyramid?](repeating: nil, count: frames.count)
    built.withUnsafeMutableBufferPointer { buffer in
      let slots = SharedSlots(buffer)
      Parallel.forEach(views.count) { index in
        let view = views[index]
        slots[index] = LumaPyramid(
          luma: view.luma, stride: view.lumaStride, width: size.width, height: size.height,
          levelCount: levelCount)
      }
    }
    withExtendedLifetime(frames) {}
    return built.compactMap { $0 }
  }
}

/// A frame's plane addresses, shared with the merge's parallel pieces. Valid while the frame is
/// alive and not resized, which `FrameMerger.merge` guarantees by holding every frame for the
/// whole call and resizing `output` before taking its view.
struct PlaneView: @unchecked Sendable {
  // @unchecked: no lock. The thread running `FrameMerger.merge` owns the frames and waits for
  // every parallel piece; the pieces read the sources and each writes only its own rows of
  // `output`.
  /// First luma sample.
  let luma: UnsafeMutablePointer<UInt8>
  /// First Cb sample (Cr follows each).
  let chroma: UnsafeMutablePointer<UInt8>
  /// Bytes between luma rows.
  let lumaStride: Int
  /// Bytes between chroma rows.
  let chromaStride: Int

  /// The view of `frame`.
  init(_ frame: NV12Frame) {
    (luma, chroma) = frame.withPlaneAddresses { ($0, $1) }
    lumaStride = frame.yStride
    chromaStride = frame.uvStride
  }
}
