// SPDX-License-Identifier: MIT
import CameraModel
import Overlay

/// A problem the photo side shows in its banner, with the screen it belongs to and how long it
/// lasts. Errors stay until closed or until their cause is gone (a photo saved, the folder
/// readable again, the viewer closed); information fades after `informationDuration`.
struct PhotoProblem {
  /// Where the problem was raised; it shows only there.
  enum Screen: Hashable {
    /// The camera screen (the folder, the writer).
    case camera
    /// The viewer (opening, trashing a photo); leaving the viewer forgets the problem.
    case viewer
  }

  /// What clears an error besides its close button.
  enum Cause: Hashable {
    /// The folder cannot be listed or written: cleared when it works again.
    case folder
    /// A photo failed to save: cleared by the next saved photo.
    case write
    /// Anything else: only the close button (or leaving its screen) clears it.
    case other
  }

  /// How long an informational banner stays, seconds, before it fades.
  static let informationDuration = 7.0
  /// Length of its fade-out, seconds.
  static let fadeDuration = 0.5

  /// The sentence shown.
  var message: String
  /// Where it shows.
  var screen: Screen
  /// Error (red, stays) or information (dark, fades).
  var isError: Bool
  /// What clears it.
  var cause: Cause
  /// True when "Choose folder…" helps with it.
  var wantsFolderChoice: Bool
  /// When an informational banner disappears; `nil` for errors.
  var expiry: MonotonicTime?

  /// The banner at `now`, with "Choose folder…" only when `canChooseFolder`; `nil` once an
  /// informational banner has expired.
  func banner(at now: MonotonicTime, canChooseFolder: Bool) -> PhotoBanner? {
    var opacity = 1.0
    if let expiry {
      let left = expiry.seconds(since: now)
      guard left > 0 else { return nil }
      opacity = min(1, left / Self.fadeDuration)
    }
    return PhotoBanner(
      message: message, isError: isError,
      action: wantsFolderChoice && canChooseFolder ? .chooseFolder : nil, opacity: opacity)
  }
}
