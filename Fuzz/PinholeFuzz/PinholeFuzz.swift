import Foundation
// SPDX-License-Identifier: MIT
import FuzzTargets

// Built two ways. With -DPINHOLE_LIBFUZZER and -sanitize=fuzzer (`.ci/fuzz SECONDS`) this is
// libFuzzer's entry point and libFuzzer supplies `main`. Otherwise it is a replay tool:
// `pinhole-fuzz FILE...` runs each file through the target its first byte selects, the way
// libFuzzer did, so a crash file it saved reproduces under a debugger.

#if PINHOLE_LIBFUZZER
  /// The harness, kept across inputs as the app keeps its decoders. libFuzzer calls from one
  /// thread.
  nonisolated(unsafe) private var harness = FuzzHarness()

  /// Which target this process fuzzes: PINHOLE_FUZZ_TARGET names one; unset, the first byte
  /// of each input picks one.
  private let fixedTarget = ProcessInfo.processInfo
    .environment["PINHOLE_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

  /// Called by libFuzzer before it reads the corpus: an empty corpus folder (the first
  /// argument that is not a flag) gets the target's generated seeds, so runs start from valid
  /// inputs without seed files in the repository.
  @_cdecl("LLVMFuzzerInitialize")
  public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
  ) -> Int32 {
    guard let argc, let argv = argv?.pointee else { return 0 }
    let arguments = (1..<Int(argc.pointee)).compactMap { argv[$0].map { String(cString: $0) } }
    guard let corpus = arguments.first(where: { !$0.hasPrefix("-") }),
      (try? FileManager.default.contentsOfDirectory(atPath: corpus))?.isEmpty == true
    else { return 0 }
    let targets = fixedTarget.map { [$0] } ?? FuzzTarget.allCases
    for target in targets {
      let prefix =
        fixedTarget == nil ? [UInt8(FuzzTarget.allCases.firstIndex(of: target) ?? 0)] : []
      for (index, seed) in FuzzSeeds.seeds(for: target).enumerated() {
        _ = FileManager.default.createFile(
          atPath: "\(corpus)/seed-\(target.rawValue)-\(index)", contents: Data(prefix + seed))
      }
    }
    return 0
  }

  /// libFuzzer's driver (compiler-rt, LLVM 11 and later), which parses the fuzzer's flags and
  /// runs the loop. Declared by hand: there is no header to import it from.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  /// The executable's entry point. SwiftPM links an executable target with `main` aliased to
  /// `<module>_main`, so libFuzzer's own `main` cannot be used; this one hands over to its
  /// driver instead.
  @_cdecl("PinholeFuzz_main")
  public func fuzzMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    if let fixedTarget {
      harness.run(fixedTarget, bytes)
    } else {
      harness.runSelecting(bytes)
    }
    return 0
  }
#else
  @main
  enum Replay {
    static func main() {
      let harness = FuzzHarness()
      let target = ProcessInfo.processInfo.environment["PINHOLE_FUZZ_TARGET"]
        .flatMap(FuzzTarget.init(rawValue:))
      for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("pinhole-fuzz: cannot read \(path)\n".utf8))
          exit(1)
        }
        if let target {
          harness.run(target, [UInt8](data))
        } else {
          harness.runSelecting([UInt8](data))
        }
        print("ok \(path)")
      }
    }
  }
#endif
