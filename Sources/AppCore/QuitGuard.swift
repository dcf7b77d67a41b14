// SPDX-License-Identifier: MIT
import Foundation
import Localization
import Overlay

/// Decides what quitting the window does while photos are held in memory (their folder could not
/// be written): ask first, and quit only once the answer allows it. A signal (SIGTERM, SIGINT)
/// never asks; the app rescues the photos into the unsaved folder instead. Main thread only.
public struct QuitGuard: Sendable {
  /// What the app does after a request or an answer.
  public enum Step: Equatable, Sendable {
    /// Nothing yet: the dialog is shown, or the app waits for the photos to be saved.
    case wait
    /// Open the folder chooser; the photos go to the chosen folder.
    case chooseFolder
    /// End the loop; `discardsUnsaved` says the person chose to let the unsaved photos go.
    case quit(discardsUnsaved: Bool)
  }

  /// The question on screen, if any.
  public private(set) var dialog: QuitDialogState?
  /// True after Save Elsewhere, until the photos are saved (then the app quits) or the person
  /// asks to quit again.
  public private(set) var quitsWhenSaved = false

  /// Makes a guard with nothing asked.
  public init() {}

  /// The person asked to quit (Escape, Ctrl+Q, the window's close button).
  /// `folder` is where the oldest unsaved photo was meant to go; `canChooseFolder` says whether
  /// a folder chooser can open (without one, Save Elsewhere is not offered).
  public mutating func requestQuit(
    unsavedCount: Int, folder: URL?, home: String?, canChooseFolder: Bool = true
  ) -> Step {
    quitsWhenSaved = false
    guard unsavedCount > 0 else { return .quit(discardsUnsaved: false) }
    dialog = QuitDialogState(
      unsavedCount: unsavedCount, folder: Self.shown(folder?.path ?? tr("The folder"), home: home),
      canChooseFolder: canChooseFolder)
    return .wait
  }

  /// The folder chooser closed without a folder (cancelled, or it could not start): the
  /// request to quit after saving is dropped, so the app never quits later on its own when
  /// the photos get written to their first folder.
  public mutating func chooserEndedWithoutFolder() {
    quitsWhenSaved = false
  }

  /// The person answered the dialog.
  public mutating func answer(_ action: QuitDialogAction) -> Step {
    guard let asked = dialog, asked.actions.contains(action) else { return .wait }
    dialog = nil
    switch action {
    case .saveElsewhere:
      quitsWhenSaved = true
      return .chooseFolder
    case .quitWithoutSaving: return .quit(discardsUnsaved: true)
    case .cancel: return .wait
    }
  }

  /// Called as the loop runs: after Save Elsewhere, quits once nothing is left unsaved.
  public mutating func photosChanged(unsavedCount: Int) -> Step {
    if dialog != nil, unsavedCount == 0 { dialog = nil }  // saved meanwhile: nothing to ask
    guard quitsWhenSaved, unsavedCount == 0 else { return .wait }
    quitsWhenSaved = false
    return .quit(discardsUnsaved: false)
  }

  /// `path` with the home folder as "~".
  static func shown(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty, home != "/", path == home || path.hasPrefix(home + "/") else {
      return path
    }
    return "~" + path.dropFirst(home.count)
  }
}
