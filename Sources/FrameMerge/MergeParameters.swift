// SPDX-License-Identifier: MIT

/// The knobs of `FrameMerger`, each named after what it trades.
///
/// The method follows the align-and-merge pipeline of Hasinoff et al., "Burst photography for
/// high dynamic range and low-light imaging on mobile cameras" (SIGGRAPH Asia 2016): a
/// coarse-to-fine, tile-based search for each frame's displacement against a reference on a
/// luma pyramid, then a pairwise robust merge in which each frame's contribution shrinks as its
/// difference from the reference grows beyond what the noise explains. Pinhole works on
/// already-processed Y'CbCr rather than raw Bayer data and merges in the spatial domain with
/// a per-sample weight instead of the paper's per-frequency one; the shrinkage formula is the
/// paper's.
public struct MergeParameters: Hashable, Sendable {
  /// Side of an alignment tile, in pixels of the pyramid level it is searched on. Each level's
  /// tiles are half the size (in full-resolution pixels) of the coarser level's, so a tile
  /// starts from its parent's displacement, doubled. 16 is the paper's choice; smaller tiles
  /// follow local motion more closely but match noise more often.
  public var tileSize: Int
  /// How far (in pixels of each level) the search looks around the coarser level's guess,
  /// finest level first. The finest level is half resolution, so displacements are found to
  /// 2 full-resolution pixels (one chroma sample, which keeps chroma aligned exactly); the
  /// robust merge takes care of the remaining sub-tile error. The defaults, 1, 2 and 4 on half,
  /// quarter and eighth resolution, reach ±42 full-resolution pixels.
  public var searchRadii: [Int]
  /// The paper's `c`: a frame's weight at a sample is `c σ² / (d² + c σ²)`, where `d` is its
  /// local mean difference from the reference and `σ²` that difference's noise variance. Larger
  /// values merge more (less noise, more risk of ghosts); smaller ones fall back to the
  /// reference sooner.
  public var robustness: Double
  /// The least noise standard deviation (in 8-bit code values) assumed when estimating it from
  /// the frames: below this, rounding dominates and an estimate of 0 would reject every frame.
  public var minimumNoiseLevel: Double

  /// Makes a set of parameters; the defaults are `standard`'s.
  public init(
    tileSize: Int = 16, searchRadii: [Int] = [1, 2, 4], robustness: Double = 8,
    minimumNoiseLevel: Double = 0.5
  ) {
    self.tileSize = max(tileSize, 4)
    self.searchRadii = searchRadii.isEmpty ? [1] : searchRadii.map { min(max($0, 0), 16) }
    self.robustness = robustness.isFinite ? max(robustness, 0) : 8
    self.minimumNoiseLevel = minimumNoiseLevel.isFinite ? max(minimumNoiseLevel, 0) : 0.5
  }

  /// The values the app uses.
  public static let standard = MergeParameters()
}
