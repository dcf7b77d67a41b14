// SPDX-License-Identifier: MIT
import CameraTestSupport
import FuzzTargets
import Testing

/// Every fuzz target over its seeds and a few hundred deterministic mutations of them: a short,
/// reproducible fuzzing pass in the normal suite (the long runs are `.ci/fuzz SECONDS`).
@Suite struct FuzzTargetsTests {
  static let mutationsPerTarget = 300

  /// Mutations for `target`: fewer for video files, each of which goes through FFmpeg's
  /// probing and decoders (about 20 ms an input) and, for part files, the disk; `.ci/fuzz`
  /// gives them the long runs.
  static func mutations(for target: FuzzTarget) -> Int {
    target == .mediaFile || target == .partFileRecovery ? 100 : mutationsPerTarget
  }

  @Test(arguments: FuzzTarget.allCases)
  func survivesMutationsOfItsSeeds(_ target: FuzzTarget) {
    let harness = FuzzHarness()
    let seeds = FuzzSeeds.seeds(for: target)
    for seed in seeds { harness.run(target, seed) }
    let seedNumber = UInt64(0xF022) &+ UInt64(FuzzTarget.allCases.firstIndex(of: target) ?? 0)
    var generator = SplitMix64(seed: seedNumber)
    let mutator = Mutator()
    var input = seeds[0]
    for round in 0..<Self.mutations(for: target) {
      // Mostly fresh mutations of a seed, sometimes a mutation of the last mutation.
      let base = round % 4 == 3 ? input : seeds[round % seeds.count]
      input = mutator.mutate(base, others: seeds, using: &generator)
      harness.run(target, input)
    }
    #expect(harness.runs[target] == seeds.count + Self.mutations(for: target), "seed \(seedNumber)")
  }

  @Test func theSingleEntryPointReachesEveryTarget() {
    let harness = FuzzHarness()
    for (index, target) in FuzzTarget.allCases.enumerated() {
      harness.runSelecting([UInt8(index)] + (FuzzSeeds.seeds(for: target).first ?? []))
    }
    #expect(harness.runs.count == FuzzTarget.allCases.count)
  }

  @Test func theMediaSeedIsARecordingAsPinholeWritesIt() {
    // An MP4 file starts with its "ftyp" box; without FFmpeg the seed would be empty and the
    // target would only ever see the bytes its mutations make up.
    let seed = FuzzSeeds.seeds(for: .mediaFile).first ?? []
    #expect(seed.count > 1000)
    #expect(seed.dropFirst(4).prefix(4).elementsEqual("ftyp".utf8))
  }
}
