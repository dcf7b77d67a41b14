// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// How far a region's brightness is from the exposure target, in stops: the error both
/// exposure controllers correct (exposure time and gain, or the camera's bias). Pure.
enum ExposureError {
  /// The error of mean luma `mean`: `log2((target − black) / (mean − black))`, positive when
  /// the region is too dark, at most `limit` either way. A clipped region (mean at or above
  /// `clipLevel`) says nothing of how far over it is, so it asks for at least one stop less.
  static func stops(
    meanLuma mean: Double, target: Double, blackLevel: Double, clipLevel: Double, limit: Double
  ) -> Double {
    let signal = max(mean - blackLevel, 0.5)
    var error = log2((target - blackLevel) / signal)
    if mean >= clipLevel { error = min(error, -1) }
    return min(max(error, -limit), limit)
  }
}
