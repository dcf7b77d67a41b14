// SPDX-License-Identifier: MIT
import AppCore
import Testing

@Suite struct LatencyOptionsTests {
  @Test func latencyOpensTheWindowAndMeasures() throws {
    let options = try Options(parsing: [
      "--latency", "--camera", "sim", "--sim-screen-delay", "250",
    ])
    #expect(options.command == .preview)
    #expect(options.latency.isRequested)
    #expect(options.latency.simulatedDelayMilliseconds == 250)
    #expect(try Options(parsing: []).latency == LatencyOptions())
  }

  @Test(arguments: ["-1", "5001", "ten", "1e3", ""])
  func aDelayOutOfRangeIsRefusedInPlainWords(text: String) {
    #expect(
      throws: OptionsError.invalidValue(
        option: "--sim-screen-delay", value: text,
        expected: "a whole number of milliseconds from 0 to 5000")
    ) { try Options(parsing: ["--sim-screen-delay", text]) }
  }
}
