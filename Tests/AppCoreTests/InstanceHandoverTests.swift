// SPDX-License-Identifier: MIT
import AppCore
import Testing

@Suite struct InstanceHandoverTests {
  @Test func onlyTheModeIsPassedOnAndTheRestIsNamed() {
    #expect(InstanceHandover.argumentsNotPassedOn(["--mode", "video"]).isEmpty)
    #expect(InstanceHandover.argumentsNotPassedOn(["--mode=scan"]).isEmpty)
    #expect(
      InstanceHandover.argumentsNotPassedOn(["-o", "/other", "--mode", "video", "--camera", "sim"])
        == ["-o", "/other", "--camera", "sim"])
  }

  @Test func theReportSaysWhatWasNotPassedOnAndHowToHaveIt() {
    let quiet = InstanceHandover.report(arguments: ["--mode", "video"], mode: .video)
    #expect(
      quiet == ["Pinhole is already running; its window was brought to the front in video mode."])
    let lines = InstanceHandover.report(arguments: ["-o", "/my photos"], mode: nil)
    #expect(lines.count == 2)
    #expect(lines[0] == "Pinhole is already running; its window was brought to the front.")
    #expect(lines[1].contains("-o '/my photos'"))
    #expect(lines[1].contains("--new-window"))
  }
}
