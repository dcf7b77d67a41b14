// SPDX-License-Identifier: MIT
import Testing

@testable import DesktopBus

@Suite("D-Bus values: signatures and type-checked reads")
struct BusValueTests {
  @Test func signaturesFollowTheWireTypes() {
    #expect(BusValue.string("x").signature == "s")
    #expect(BusValue.objectPath("/a").signature == "o")
    #expect(BusValue.variant(.bool(true)).signature == "v")
    #expect(BusValue.array(elementSignature: "s", []).signature == "as")
    #expect(BusValue.options([:]).signature == "a{sv}")
    #expect(BusValue.structure([.uint32(0), .options([:])]).signature == "(ua{sv})")
  }

  @Test func optionsAreSortedAndWrappedInVariants() throws {
    let options = BusValue.options(["handle_token": .string("t1"), "a": .uint32(7)])
    guard case .dictionary("s", "v", let entries) = options else {
      Issue.record("not a{sv}: \(options)")
      return
    }
    #expect(entries.map(\.key) == [.string("a"), .string("handle_token")])
    #expect(entries.map(\.value) == [.variant(.uint32(7)), .variant(.string("t1"))])
    #expect(try options.options() == ["a": .uint32(7), "handle_token": .string("t1")])
  }

  @Test func readingTheWrongTypeThrowsInsteadOfTrapping() {
    #expect(throws: BusError.unexpectedType(expected: "o", found: "s")) {
      try BusValue.string("/not/a/path").objectPath()
    }
    #expect(throws: BusError.unexpectedType(expected: "u", found: "i")) {
      try BusValue.int32(-1).uint32()
    }
    #expect(throws: BusError.unexpectedType(expected: "h", found: "u")) {
      try BusValue.uint32(3).fileDescriptor()
    }
    #expect(throws: BusError.unexpectedType(expected: "v", found: "b")) {
      try BusValue.bool(true).variant()
    }
    #expect(throws: BusError.unexpectedType(expected: "a{sv}", found: "a{ss}")) {
      try BusValue.dictionary(
        keySignature: "s", valueSignature: "s", [BusEntry(key: .string("k"), value: .string("v"))]
      ).options()
    }
  }

  @Test func argumentsAreCheckedAsAWholeAndByPosition() throws {
    let response = BusArguments([.uint32(1), .options(["x": .bool(true)])])
    #expect(response.signature == "ua{sv}")
    #expect(try response.checked("ua{sv}").value(at: 0).uint32() == 1)
    #expect(throws: BusError.unexpectedType(expected: "o", found: "ua{sv}")) {
      try response.checked("o")
    }
    #expect(throws: BusError.missingValue(index: 2, count: 2)) { try response.value(at: 2) }
    #expect(throws: BusError.missingValue(index: -1, count: 2)) { try response.value(at: -1) }
  }

  @Test func absenceErrorsAreToldApartFromFailures() {
    #expect(
      BusError.errorReply(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "").isAbsence)
    #expect(
      !BusError.errorReply(name: "org.freedesktop.portal.Error.NotAllowed", message: "").isAbsence)
    #expect(!BusError.timedOut(waitingFor: "x", seconds: 1).isAbsence)
  }

  @Test func microsecondsNeverWrapOrMeanTheDefault() {
    #expect(BusConnection.microseconds(.seconds(2)) == 2_000_000)
    #expect(BusConnection.microseconds(.milliseconds(1)) == 1_000)
    #expect(BusConnection.microseconds(.zero) == 1)
    #expect(BusConnection.microseconds(.seconds(-5)) == 1)
    #expect(BusConnection.microseconds(.seconds(Int64.max)) == 365 * 86_400 * 1_000_000)
  }
}
