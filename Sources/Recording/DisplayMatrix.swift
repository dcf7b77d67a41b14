// SPDX-License-Identifier: MIT

/// A video stream's display matrix (FFmpeg's `AV_PKT_DATA_DISPLAYMATRIX`: nine 32-bit values,
/// the first two rows' first two entries in 16.16 fixed point), read as the clockwise quarter
/// turns a player applies. Phones and Pinhole itself store turned recordings this way.
public enum DisplayMatrix {
  /// The clockwise quarter turns, 0…3, that `matrix` shows the picture with; 0 for anything
  /// that is not a plain quarter turn (a mirror, a scale, a slant, too few values).
  public static func quarterTurns(of matrix: [Int32]) -> Int {
    guard matrix.count >= 5 else { return 0 }
    // FFmpeg's av_display_rotation_set(m, 90 · n) gives (m0, m1, m3, m4) =
    // (0, +, −, 0) for n = 1, (−, 0, 0, −) for n = 2 and (0, −, +, 0) for n = 3.
    let (a, b, c, d) = (
      Int64(matrix[0]), Int64(matrix[1]), Int64(matrix[3]), Int64(matrix[4])
    )
    // A quarter turn has its diagonal near zero, a half turn its other corners.
    if abs(b) > 8 * abs(a), abs(c) > 8 * abs(d) {
      if b > 0, c < 0 { return 1 }
      if b < 0, c > 0 { return 3 }
    } else if abs(a) > 8 * abs(b), abs(d) > 8 * abs(c), a < 0, d < 0 {
      return 2
    }
    return 0
  }
}
