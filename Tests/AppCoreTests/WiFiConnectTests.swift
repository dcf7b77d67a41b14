// SPDX-License-Identifier: MIT
import CameraModel
import DesktopBus
import Overlay
import Testing

@testable import AppCore

@Suite("Wi-Fi codes: joining through NetworkManager, the copied password")
struct WiFiConnectTests {
  let start = MonotonicTime(nanoseconds: 10_000_000_000)

  func at(_ seconds: Double) -> MonotonicTime {
    start.advanced(by: .milliseconds(Int64(seconds * 1000)))
  }

  /// The settings' sections as `[section: [key: value]]`.
  func sections(_ network: WiFiNetwork) throws -> [String: [String: BusValue]] {
    let settings = NetworkManager.connectionSettings(for: network)
    #expect(settings.signature == "a{sa{sv}}")
    guard case .dictionary(_, _, let entries) = settings else { return [:] }
    var result: [String: [String: BusValue]] = [:]
    for entry in entries { result[try entry.key.string()] = try entry.value.options() }
    return result
  }

  @Test func wpaSendsTheSSIDAsBytesWithAPreSharedKey() throws {
    let network = try #require(WiFiNetwork(parsing: "WIFI:S:Café Net;T:WPA;P:s3cret;;"))
    let settings = try sections(network)
    #expect(settings["connection"]?["type"] == .string("802-11-wireless"))
    #expect(settings["connection"]?["id"] == .string("Café Net"))
    #expect(
      settings["802-11-wireless"]?["ssid"]
        == .array(elementSignature: "y", Array("Café Net".utf8).map { .byte($0) }))
    #expect(settings["802-11-wireless"]?["hidden"] == nil)
    #expect(
      settings["802-11-wireless-security"] == [
        "key-mgmt": .string("wpa-psk"), "psk": .string("s3cret"),
      ])
  }

  @Test func eachSecurityTypeGetsNetworkManagersKeyManagement() throws {
    let cases: [(String, String?)] = [
      ("WIFI:S:a;T:WPA;P:pw;;", "wpa-psk"), ("WIFI:S:a;T:wpa2;P:pw;;", "wpa-psk"),
      ("WIFI:S:a;P:pw;;", "wpa-psk"), ("WIFI:S:a;T:SAE;P:pw;;", "sae"),
      ("WIFI:S:a;T:WEP;P:pw;;", "none"), ("WIFI:S:a;T:nopass;;", nil), ("WIFI:S:a;;", nil),
    ]
    for (text, expected) in cases {
      let network = try #require(WiFiNetwork(parsing: text))
      #expect(NetworkManager.keyManagement(for: network) == expected, "\(text)")
      let security = try sections(network)["802-11-wireless-security"]
      #expect(security?["key-mgmt"] == expected.map { .string($0) }, "\(text)")
    }
    let wep = try sections(try #require(WiFiNetwork(parsing: "WIFI:S:a;T:WEP;P:abcde;;")))
    #expect(wep["802-11-wireless-security"]?["wep-key0"] == .string("abcde"))
    #expect(wep["802-11-wireless-security"]?["wep-key-type"] == .uint32(1))
    #expect(wep["802-11-wireless-security"]?["psk"] == nil)
    let hidden = try sections(try #require(WiFiNetwork(parsing: "WIFI:S:h;T:WPA;P:p;H:true;;")))
    #expect(hidden["802-11-wireless"]?["hidden"] == .bool(true))
  }

  @Test func connectAsksTheAppAndSaysSoThenShowsTheOutcome() throws {
    var scan = ScanController()
    let network = try #require(WiFiNetwork(parsing: "WIFI:S:Home;T:WPA;P:pw;;"))
    let effects = scan.handle(.connectWiFi(network), at: start)
    #expect(effects.contains(.connectWiFi(network)))
    #expect(scan.overlay.notice == "Connecting to “Home”…")
    _ = scan.wiFiConnectionFinished(ssid: "Home", failure: nil, at: at(1))
    #expect(scan.overlay.notice == "Joining “Home”: NetworkManager is connecting")
    _ = scan.wiFiConnectionFinished(ssid: "Home", failure: "Secrets were required.", at: at(2))
    #expect(scan.overlay.notice == "Could not join “Home”: Secrets were required.")
  }

  @Test func aCopiedPasswordLeavesTheClipboardAfterAMinuteOnce() {
    var scan = ScanController()
    let effects = scan.handle(.copySecret("pw"), at: start)
    #expect(effects.first == .copyToClipboard("pw"))
    #expect(scan.clipboardDue(at: at(59.9)).isEmpty)
    #expect(scan.clipboardDue(at: at(60)) == [.clearClipboard(ifHolding: "pw")])
    #expect(scan.clipboardDue(at: at(120)).isEmpty)
  }

  @Test func aPlainCopyIsNeverCleared() {
    var scan = ScanController()
    _ = scan.handle(.copy("https://example.org"), at: start)
    #expect(scan.clipboardDue(at: at(600)).isEmpty)
  }

  @Test func aSecondPasswordRestartsTheMinute() {
    var scan = ScanController()
    _ = scan.handle(.copySecret("first"), at: start)
    _ = scan.handle(.copySecret("second"), at: at(30))
    #expect(scan.clipboardDue(at: at(60)).isEmpty)
    #expect(scan.clipboardDue(at: at(90)) == [.clearClipboard(ifHolding: "second")])
  }
}
