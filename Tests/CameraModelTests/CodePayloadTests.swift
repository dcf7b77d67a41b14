// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Testing

@Suite struct CodePayloadTests {
  @Test func recognisesWebAddresses() {
    #expect(
      CodePayload(parsing: "https://example.org/a?b=c#d") == .url("https://example.org/a?b=c#d"))
    #expect(CodePayload(parsing: "HTTP://Example.org") == .url("HTTP://Example.org"))
    #expect(CodePayload(parsing: "http://user@host:8080/") == .url("http://user@host:8080/"))
    #expect(CodePayload(parsing: "http://[::1]:80/") == .url("http://[::1]:80/"))
  }

  @Test func refusesAddressesThatCouldHideWhatTheyOpen() {
    for text in [
      "https://", "http:///path", "https://exa mple.org", "https://example.org/\n",
      "javascript:alert(1)", "file:///etc/passwd", "ftp://example.org", "https://a\u{202E}b.org",
      "https://example.org\u{0}", "www.example.org", "http://:80/", "https://user@/x",
    ] {
      #expect(!CodePayload.isOpenableURL(text), "\(text.debugDescription)")
      #expect(CodePayload(parsing: text).kindName != "Link", "\(text.debugDescription)")
    }
  }

  @Test func readsWiFiCodesWithEscapesInAnyOrder() {
    let network = WiFiNetwork(parsing: #"WIFI:T:WPA;S:My\;Net\\work;P:pa\:ss\,word\";H:true;;"#)
    #expect(network?.ssid == #"My;Net\work"#)
    #expect(network?.password == #"pa:ss,word""#)
    #expect(network?.security == "WPA")
    #expect(network?.isHidden == true)
    #expect(
      CodePayload(parsing: "wifi:S:Cafe;T:nopass;;")
        == .wifi(WiFiNetwork(ssid: "Cafe", password: nil, security: "nopass")))
    #expect(WiFiNetwork(parsing: "WIFI:S:First;S:Second;P:x;;")?.ssid == "First")
    #expect(WiFiNetwork(parsing: "WIFI:P:nameless;;") == nil)
    #expect(WiFiNetwork(parsing: "WIFI:S:;;") == nil)
    #expect(WiFiNetwork(parsing: "WIFI:S:trailing\\")?.ssid == "trailing\\")
    #expect(CodePayload(parsing: "WIFI") == .text("WIFI"))
  }

  @Test func wiFiNamesAndPasswordsSurviveEscaping() {
    var random = SplitMix64(seed: 0x5CA7)
    let alphabet = Array(#"ab;:,\"\ é🙂Z09"#)
    func word() -> String {
      String(
        (0..<Int.random(in: 1...12, using: &random)).map { _ in
          alphabet.randomElement(using: &random)!
        })
    }
    func escaped(_ text: String) -> String {
      text.reduce(into: "") { result, character in
        if #"\;,:""#.contains(character) { result.append("\\") }
        result.append(character)
      }
    }
    for _ in 0..<300 {
      let ssid = word()
      let password = word()
      let text = "WIFI:S:\(escaped(ssid));T:WPA;P:\(escaped(password));;"
      let network = WiFiNetwork(parsing: text)
      #expect(network?.ssid == ssid, "seed 0x5CA7: \(text)")
      #expect(network?.password == password, "seed 0x5CA7: \(text)")
    }
  }

  @Test func anyTextParsesWithoutTrapping() {
    var random = SplitMix64(seed: 0xF022)
    let pieces = [
      "WIFI:", "S:", "P:", "T:", ";", "\\", ":", "http://", "https://", "a", "/", " ",
      "\u{0}", "é", "🙂", "[", "]", "@", "#", "?", "H:true",
    ]
    for _ in 0..<2000 {
      let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
      let payload = CodePayload(parsing: text)
      switch payload {
      case .url(let url): #expect(url == text && !url.contains(" "), "seed 0xF022: \(text)")
      case .wifi(let network): #expect(!network.ssid.isEmpty, "seed 0xF022: \(text)")
      case .text(let plain): #expect(plain == text)
      }
    }
    let huge = String(repeating: "WIFI:S:x;", count: 2000)
    #expect(CodePayload(parsing: huge) == .text(huge))
  }

  @Test func anAddressSplitsAtTheHostTheBrowserReaches() {
    let parts = { (text: String) in CodePayload.addressParts(of: text).map { [$0.host, $0.path] } }
    #expect(parts("https://example.org/a?b#c") == ["example.org", "/a?b#c"])
    #expect(parts("HTTP://Example.org") == ["Example.org", ""])
    #expect(parts("https://example.com@evil.net:8080/x") == ["evil.net:8080", "/x"])
    #expect(parts("https://[::1]/x") == ["[::1]", "/x"])
    #expect(parts("ftp://example.org/") == nil)
  }

  @Test func theWiFiSecurityIsNamedForTheCard() {
    #expect(WiFiNetwork(ssid: "a", password: "p", security: "WPA").securityName == "WPA")
    #expect(WiFiNetwork(ssid: "a", security: "nopass").securityName == "none")
    #expect(WiFiNetwork(ssid: "a").securityName == "none")
    #expect(WiFiNetwork(ssid: "a", password: "p").securityName == "not given")
    #expect(WiFiNetwork(ssid: "a", password: "p", security: "SAE").securityName == "WPA3 (SAE)")
  }
}
