// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Testing

/// Numbers typed on the command line are range-checked where they enter, so no later
/// arithmetic on them can trap.
@Suite struct OptionsRangeTests {
  @Test(arguments: ["1e16", "0", "-1", "1000.5", "inf", "nan", "9223372036854775807"])
  func refusesFrameRatesOutsideZeroToOneThousand(_ text: String) {
    #expect(throws: OptionsError.self) { try Options(parsing: ["--fps", text]) }
  }

  @Test func acceptsFrameRatesUpToOneThousand() throws {
    #expect(try Options(parsing: ["--fps", "1000"]).modeRequest.framesPerSecond == 1000)
    #expect(try Options(parsing: ["--fps", "0.5"]).modeRequest.framesPerSecond == 0.5)
  }

  @Test(arguments: [
    "9223372036854775807x9223372036854775807", "65536x480", "640x0", "0x0", "-640x480",
    "640x480x3", "x480",
  ])
  func refusesSizesWithSidesOutsideOneTo65535(_ text: String) {
    #expect(throws: OptionsError.self) { try Options(parsing: ["--size", text]) }
  }

  @Test func acceptsTheLargestSize() throws {
    #expect(
      try Options(parsing: ["--size", "65535x65535"]).modeRequest.size
        == FrameSize(width: 65535, height: 65535))
  }

  @Test func refusesCheckDurationsBeyondADay() {
    #expect(throws: OptionsError.self) { try Options(parsing: ["--check", "--seconds", "1e300"]) }
  }
}

/// Empty names on the command line would silently mean the current folder.
@Suite struct OptionsEmptyNameTests {
  @Test func anEmptyOutputFolderIsRefused() {
    #expect(throws: OptionsError.self) { try Options(parsing: ["-o", ""]) }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--output-dir="]) }
  }

  @Test func anEmptySnapshotPathIsRefused() {
    #expect(throws: OptionsError.self) { try Options(parsing: ["--snapshot="]) }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--snapshot", ""]) }
  }
}
