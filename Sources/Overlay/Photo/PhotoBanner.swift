// SPDX-License-Identifier: MIT
import Localization

/// A banner of the photo interface: a message in a pill with a close button, red for errors,
/// and an action button only when the action can work.
public struct PhotoBanner: Hashable, Sendable {
  /// The button a banner may offer beside its message.
  public enum Action: Hashable, Sendable {
    /// tr("Choose folder…"): pick another folder for the photos.
    case chooseFolder
  }

  /// The sentence shown, truncated to fit.
  public var message: String
  /// True for errors (red, stay until closed or their cause is gone); false for information
  /// (dark, fading after a few seconds).
  public var isError: Bool
  /// The action button, `nil` for none.
  public var action: Action?
  /// The banner's opacity, 0…1; the app lowers it while an informational banner fades.
  public var opacity: Double

  /// Makes a banner.
  public init(message: String, isError: Bool, action: Action? = nil, opacity: Double = 1) {
    self.message = message
    self.isError = isError
    self.action = action
    self.opacity = opacity
  }

  /// The label of `action`'s button.
  public static func label(of action: Action) -> String {
    switch action {
    case .chooseFolder: tr("Choose folder…")
    }
  }
}
