// SPDX-License-Identifier: MIT
import CameraModel
import Testing
import ViewfinderAids

@Suite struct WaveformTests {
  /// 8x4: the left half black, the right half white.
  private let halves = LumaPlane(
    width: 8, height: 4, samples: (0..<32).map { $0 % 8 < 4 ? UInt8(0) : UInt8(255) })

  /// The brightest level of each column, in level steps (0 black).
  private func topLevels(_ waveform: Waveform) -> [Int] {
    (0..<waveform.columns).map { column in
      (0..<waveform.levels).last { waveform.counts[column * waveform.levels + $0] > 0 } ?? -1
    }
  }

  @Test func columnsFollowThePictureAsShown() {
    var waveform = Waveform(columns: 2, levels: 4)
    waveform.measure(halves, rowStep: 1)
    #expect(topLevels(waveform) == [0, 3])
    #expect(waveform.counts[0] == 16)
    waveform.measure(halves, isMirrored: true)
    #expect(topLevels(waveform) == [3, 0])
    waveform.measure(halves, quarterTurns: 2)
    #expect(topLevels(waveform) == [3, 0])
    waveform.measure(halves, isMirrored: true, quarterTurns: 2)
    #expect(topLevels(waveform) == [0, 3])
  }

  @Test func sidewaysColumnsComeFromRows() {
    // Top half black, bottom half white: turned clockwise, the bottom comes to the left.
    let rows = LumaPlane(
      width: 4, height: 8, samples: (0..<32).map { $0 / 4 < 4 ? UInt8(0) : UInt8(255) })
    var waveform = Waveform(columns: 2, levels: 4)
    waveform.measure(rows, quarterTurns: 1)
    #expect(topLevels(waveform) == [3, 0])
    waveform.measure(rows, quarterTurns: 3)
    #expect(topLevels(waveform) == [0, 3])
    waveform.measure(rows, isMirrored: true, quarterTurns: 1)
    #expect(topLevels(waveform) == [0, 3])
  }
}
