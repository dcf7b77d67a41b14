// SPDX-License-Identifier: MIT
import Hotplug
import Testing

@Suite struct ProcessStatTests {
  /// A real line's shape: pid, (name), state, then numbers; user 14, system 15, start 22.
  static func line(name: String, user: String = "120", system: String = "30") -> [UInt8] {
    var fields = (3...52).map { String($0 * 10) }
    fields[0] = "S"
    fields[14 - 3] = user
    fields[15 - 3] = system
    fields[22 - 3] = "98765"
    return Array(("4242 (\(name)) " + fields.joined(separator: " ") + "\n").utf8)
  }

  @Test func readsCPUAndStartTicksAfterTheLastParenthesis() throws {
    let stat = try #require(ProcessStat(parsing: Self.line(name: "pin hole) (x")))
    #expect(stat == ProcessStat(userTicks: 120, systemTicks: 30, startTicks: 98765))
    #expect(stat.cpuTicks == 150)
  }

  @Test func refusesTruncatedNegativeOrOversizedFields() {
    #expect(ProcessStat(parsing: Array("4242 (pinhole) S 1 2 3".utf8)) == nil)
    #expect(ProcessStat(parsing: Array("no parenthesis at all".utf8)) == nil)
    #expect(ProcessStat(parsing: Self.line(name: "p", user: "-5")) == nil)
    #expect(ProcessStat(parsing: Self.line(name: "p", user: "184467440737095516160")) == nil)
    #expect(ProcessStat(parsing: [UInt8]()) == nil)
  }

  @Test func saturatesTheSumOfHugeTimes() throws {
    let max = String(UInt64.max)
    let stat = try #require(ProcessStat(parsing: Self.line(name: "p", user: max, system: max)))
    #expect(stat.cpuTicks == .max)
  }

  @Test func readsThisProcess() throws {
    let stat = try #require(ProcessStat.current())
    #expect(stat.startTicks > 0)
  }

  @Test func commNamesStopAtTheNewlineAndAreBounded() {
    #expect(DeviceHolders.programName(fromComm: Array("obs\n".utf8)) == "obs")
    #expect(DeviceHolders.programName(fromComm: Array("\n".utf8)) == nil)
    #expect(DeviceHolders.programName(fromComm: [0x66, 0xFF, 0x0A]) == "f\u{FFFD}")
    let long = DeviceHolders.programName(fromComm: [UInt8](repeating: 0x61, count: 500))
    #expect(long?.utf8.count == 64)
  }
}
