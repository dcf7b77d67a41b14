// SPDX-License-Identifier: MIT

/// A call to an XDG desktop portal that answers later, through a request object: the caller
/// subscribes to the request's `Response` signal on the path the portal will use, makes the
/// call with a `handle_token`, and waits for the answer (the user may take minutes). See
/// https://flatpak.github.io/xdg-desktop-portal/docs/doc-org.freedesktop.portal.Request.html
public enum PortalRequest {
  /// The portal service's bus name.
  public static let service = "org.freedesktop.portal.Desktop"
  /// The portal object.
  public static let objectPath = "/org/freedesktop/portal/desktop"

  /// How a request ended: the response code and its results.
  public struct Response: Sendable, Equatable {
    /// 0 granted or done, 1 cancelled by the user, 2 ended another way.
    public var code: UInt32
    /// The results, as the portal method documents them.
    public var results: [String: BusValue]

    /// Makes a response.
    public init(code: UInt32, results: [String: BusValue]) {
      self.code = code
      self.results = results
    }
  }

  /// The object path of the request a call with `token` makes, as the portal spec predicts it:
  /// `/org/freedesktop/portal/desktop/request/SENDER/TOKEN`, SENDER being the caller's unique
  /// name without its ':' and with '.' as '_'.
  public static func requestPath(sender: String, token: String) -> String {
    let name = String(sender.drop { $0 == ":" }.map { $0 == "." ? "_" : $0 })
    return "\(objectPath)/request/\(name)/\(token)"
  }

  /// A fresh request token: letters, digits and '_' only, as object path elements need.
  public static func makeToken() -> String {
    "pinhole_" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
  }

  /// Calls `member` of `interface` on the portal with `arguments(token)` (the arguments carry
  /// the token in their options as `handle_token`), then waits up to `timeout` for the answer.
  public static func call(
    on bus: BusConnection, interface: String, member: String, timeout: Duration,
    arguments: (_ token: String) -> [BusValue]
  ) throws(BusError) -> Response {
    let token = makeToken()
    // Subscribed before the call, on the path the portal will use, so a quick answer is not
    // missed.
    let predicted = requestPath(sender: bus.uniqueName, token: token)
    var responses = try bus.subscribe(to: responseMatch(on: predicted))
    let handle = try bus.call(
      BusMethodCall(
        destination: service, path: objectPath, interface: interface, member: member,
        arguments: arguments(token))
    ).checked("o").value(at: 0).objectPath()
    // A portal older than the spec's prediction rule answers on another path.
    if handle != predicted { responses = try bus.subscribe(to: responseMatch(on: handle)) }
    let answer = try responses.next(timeout: timeout).checked("ua{sv}")
    return Response(
      code: try answer.value(at: 0).uint32(), results: try answer.value(at: 1).options())
  }

  /// The `Response` signal on request `path`.
  private static func responseMatch(on path: String) -> BusSignalMatch {
    BusSignalMatch(path: path, interface: "org.freedesktop.portal.Request", member: "Response")
  }
}
