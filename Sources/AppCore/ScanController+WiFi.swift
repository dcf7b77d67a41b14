// SPDX-License-Identifier: MIT
import CameraModel
import Localization
import Overlay

/// Wi-Fi codes: joining the network through NetworkManager, and a copied password that leaves
/// the clipboard again after `secretSeconds`.
extension ScanController {
  /// How long a copied Wi-Fi password stays on the clipboard, in seconds.
  public static let secretSeconds = 60.0

  /// Copies `text` and remembers it, so `clipboardDue(at:)` takes it off the clipboard later.
  mutating func copySecret(_ text: String, at now: MonotonicTime) -> [Effect] {
    clipboardSecret = (text, now)
    return [
      .copyToClipboard(text),
      .log(
        "pinhole: scan copied \(text.utf8.count) bytes to the clipboard, to be cleared in "
          + "\(Int(Self.secretSeconds)) s"),
    ]
  }

  /// Asks for `network` to be joined, saying so on screen.
  mutating func connect(to network: WiFiNetwork, at now: MonotonicTime) -> [Effect] {
    showNotice(tr("Connecting to “%1$s”…", network.ssid), for: Self.failureTime, at: now)
    return [
      .connectWiFi(network),
      .log("pinhole: scan: joining Wi-Fi \"\(network.ssid)\" (\(network.securityName))"),
    ]
  }

  /// Once the copied password's time is up: the effect that takes it off the clipboard (if it
  /// is still there). Call once per iteration.
  public mutating func clipboardDue(at now: MonotonicTime) -> [Effect] {
    guard let secret = clipboardSecret, now.seconds(since: secret.copiedAt) >= Self.secretSeconds
    else { return [] }
    clipboardSecret = nil
    return [.clearClipboard(ifHolding: secret.text)]
  }

  /// NetworkManager took the network (`failure` nil) or refused it (`failure` says why).
  public mutating func wiFiConnectionFinished(
    ssid: String, failure: String?, at now: MonotonicTime
  ) -> [Effect] {
    if let failure {
      let text = tr("Could not join “%1$s”: %2$s", ssid, failure)
      showNotice(text, for: Self.failureTime, at: now)
      return [.log("pinhole: scan: \(text)")]
    }
    showNotice(
      tr("Joining “%1$s”: NetworkManager is connecting", ssid), for: Self.failureTime, at: now)
    return [.log("pinhole: scan: NetworkManager is joining Wi-Fi \"\(ssid)\"")]
  }
}
