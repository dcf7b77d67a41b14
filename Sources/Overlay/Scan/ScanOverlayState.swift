// SPDX-License-Identifier: MIT

import CameraModel

/// What the viewfinder is for. A small enum on purpose: a Video mode joins Photo here.
public enum ViewfinderMode: Hashable, Sendable {
  /// Taking photos (the default).
  case photo
  /// Reading QR codes and bar codes inside the scan region.
  case scan
}

/// One code the scan interface shows: its outline on the picture and a card with its text and
/// what can be done with it.
public struct ScanCard: Hashable, Sendable {
  /// The decoded text.
  public var text: String
  /// The code's kind as shown ("QR", "EAN-13").
  public var typeName: String
  /// What the text means (a link, a Wi-Fi network, plain text).
  public var payload: CodePayload
  /// The code's corners in drawable pixels of the window, in outline order.
  public var outline: [Point]

  /// Makes a card.
  public init(text: String, typeName: String, payload: CodePayload, outline: [Point]) {
    self.text = text
    self.typeName = typeName
    self.payload = payload
    self.outline = outline
  }
}

/// The scan interface's part of the overlay state. Main thread only (part of `OverlayState`).
public struct ScanOverlayState: Hashable, Sendable {
  /// Photo or scan.
  public var mode = ViewfinderMode.photo
  /// The scan region as a part of the picture as displayed, normalised 0…1 in both axes.
  public var region = Rect(x: 0.2, y: 0.2, width: 0.6, height: 0.6)
  /// The codes found in the newest scan, at most `ScanOverlay.maximumCards` shown.
  public var cards: [ScanCard] = []
  /// The codes found in the photo the viewer shows. Their outlines are fractions (0…1) of
  /// the photo, which the overlay places over the photo as the viewer shows it, numbered as
  /// the cards are.
  public var photoCards: [ScanCard] = []
  /// An address waiting for the user to confirm opening it.
  public var pendingURL: String?
  /// A short confirmation ("Copied"), shown on its own background under the top bar.
  public var notice: String?
  /// True when the saved setting "Detect codes in photo mode" is on: in photo mode the newest
  /// code's card shows (no region, shade or outlines) and the settings switch reads On.
  public var detectsCodesInPhotoMode = false
  /// True when NetworkManager answers on the system bus: Wi-Fi cards then offer Connect.
  public var canConnectWiFi = false

  /// Makes the default: photo mode, the central region, no codes.
  public init() {}

  /// True in scan mode.
  public var isScanning: Bool { mode == .scan }
}

/// An intent of the scan interface.
public enum ScanAction: Hashable, Sendable {
  /// Q: switch between photo and scan mode.
  case toggleMode
  /// A corner of the region was dragged: the new region, normalised on the displayed picture.
  case setRegion(Rect)
  /// Put this text on the clipboard.
  case copy(String)
  /// Put this text (a Wi-Fi password, or a code holding one) on the clipboard, and take it off
  /// again after a while if it is still there.
  case copySecret(String)
  /// Ask NetworkManager to join this network.
  case connectWiFi(WiFiNetwork)
  /// Ask whether to open this address (shows the whole address; never opens by itself).
  case askToOpen(String)
  /// The user confirmed: open this address.
  case open(String)
  /// The user declined to open the pending address.
  case cancelOpen
}
