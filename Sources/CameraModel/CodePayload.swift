// SPDX-License-Identifier: MIT

/// What a code's text means to the person scanning it: a web address, a Wi-Fi network, or
/// plain text. Parsing is pure and total: any text gives an answer, never a trap.
public enum CodePayload: Hashable, Sendable {
  /// Text with no recognised structure.
  case text(String)
  /// An `http` or `https` address with a host, without spaces or control characters: the only
  /// kind Pinhole offers to open (after a confirmation).
  case url(String)
  /// A Wi-Fi network in the `WIFI:` form phones print on routers.
  case wifi(WiFiNetwork)

  /// Longest text examined for structure; longer texts are shown as plain text. QR codes hold
  /// at most 7,089 characters, so nothing real is cut.
  public static let maximumParsedLength = 8192

  /// Classifies `text`.
  public init(parsing text: String) {
    guard text.utf8.count <= Self.maximumParsedLength else {
      self = .text(text)
      return
    }
    if let network = WiFiNetwork(parsing: text) {
      self = .wifi(network)
    } else if Self.isOpenableURL(text) {
      self = .url(text)
    } else {
      self = .text(text)
    }
  }

  /// True for an absolute `http:` or `https:` address with a non-empty host, free of
  /// whitespace and control characters (which a confirmation could hide).
  public static func isOpenableURL(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    guard
      !scalars.contains(where: {
        $0.value <= 0x20 || $0.value == 0x7f || (0x80...0x9f).contains($0.value)
          || $0.properties.isWhitespace || $0.properties.generalCategory == .format
      })
    else { return false }
    let lower = text.lowercased()
    let rest: Substring
    if lower.hasPrefix("https://") {
      rest = text.dropFirst(8)
    } else if lower.hasPrefix("http://") {
      rest = text.dropFirst(7)
    } else {
      return false
    }
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    let hostName = host.hasPrefix("[") ? host : host.prefix { $0 != ":" }
    return !hostName.isEmpty
  }

  /// An openable address split where it matters to the reader: the host the browser will
  /// reach (after any "name@" part, with its port) and everything after it, or nil when `text`
  /// is not an openable address. "https://example.com@evil.net/a" reaches "evil.net", not
  /// "example.com".
  public static func addressParts(of text: String) -> (host: String, path: String)? {
    guard isOpenableURL(text) else { return nil }
    let rest = text.drop { $0 != ":" }.dropFirst(3)
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    return (String(host), String(rest.dropFirst(authority.count)))
  }

  /// A one-word name for the kind, as the card shows it.
  public var kindName: String {
    switch self {
    case .text: "Text"
    case .url: "Link"
    case .wifi: "Wi-Fi"
    }
  }
}

/// A Wi-Fi network from a `WIFI:S:<name>;T:<WPA|WEP|nopass>;P:<password>;H:<true|false>;;`
/// code. Fields come in any order; `\`, `;`, `,`, `:` and `"` inside values are escaped with a
/// backslash.
public struct WiFiNetwork: Hashable, Sendable {
  /// The network name (SSID).
  public var ssid: String
  /// The password, nil for an open network or when the code gives none.
  public var password: String?
  /// The security type as written ("WPA", "WEP", "SAE", "nopass"), empty when absent.
  public var security: String
  /// True when the network does not announce its name.
  public var isHidden: Bool

  /// The security type as the card shows it: "WPA", "WEP", "WPA3 (SAE)", "none" for an open
  /// network, "not given" when the code names none but has a password.
  public var securityName: String {
    switch security.uppercased() {
    case "NOPASS": "none"
    case "": password == nil ? "none" : "not given"
    case "SAE": "WPA3 (SAE)"
    default: security
    }
  }

  /// Makes a network.
  public init(ssid: String, password: String? = nil, security: String = "", isHidden: Bool = false)
  {
    self.ssid = ssid
    self.password = password
    self.security = security
    self.isHidden = isHidden
  }

  /// Parses a `WIFI:` text (the prefix in any case); nil when it is not one or has no name.
  public init?(parsing text: String) {
    guard text.count >= 5, text.prefix(5).uppercased() == "WIFI:" else { return nil }
    var fields: [String: String] = [:]
    for field in Self.fields(of: text.dropFirst(5)) {
      guard let colon = field.firstIndex(of: ":") else { continue }
      let key = field[..<colon].uppercased()
      // The first value of a key wins, so a repeated key cannot replace what was shown first.
      if fields[key] == nil { fields[key] = Self.unescaped(field[field.index(after: colon)...]) }
    }
    guard let ssid = fields["S"], !ssid.isEmpty else { return nil }
    self.ssid = ssid
    security = fields["T"] ?? ""
    let password = fields["P"] ?? ""
    self.password = password.isEmpty || security.lowercased() == "nopass" ? nil : password
    isHidden = fields["H"]?.lowercased() == "true"
  }

  /// The fields between unescaped semicolons, still escaped (a field's key ends at its first
  /// colon, which keys never escape).
  private static func fields(of body: Substring) -> [Substring] {
    var fields: [Substring] = []
    var start = body.startIndex
    var index = body.startIndex
    while index < body.endIndex {
      let character = body[index]
      if character == "\\" {
        index = body.index(after: index)
        if index < body.endIndex { index = body.index(after: index) }
        continue
      }
      if character == ";" {
        if start < index { fields.append(body[start..<index]) }
        start = body.index(after: index)
      }
      index = body.index(after: index)
    }
    if start < body.endIndex { fields.append(body[start...]) }
    return fields
  }

  /// `value` with each backslash escape replaced by the character it protects; a lone
  /// backslash at the end stays.
  private static func unescaped(_ value: Substring) -> String {
    var result = ""
    var isEscaped = false
    for character in value {
      if isEscaped {
        result.append(character)
        isEscaped = false
      } else if character == "\\" {
        isEscaped = true
      } else {
        result.append(character)
      }
    }
    if isEscaped { result.append("\\") }
    return result
  }
}
