// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// Which kind of capture a save folder is for.
public enum MediaFolderKind: Hashable, Sendable, CaseIterable {
  /// Photos.
  case photos
  /// Recordings.
  case videos
}

/// Where captures are saved, and where else they could go: what the settings panel's tr("Files")
/// section shows and lists.
public struct SaveFolders: Hashable, Sendable {
  /// The folder photos are saved in, a full path.
  public var photos: String
  /// The folder recordings are saved in, a full path.
  public var videos: String
  /// Folders offered in the list, full paths, in the order shown: the user's own folders and
  /// mounted drives that can be written.
  public var candidates: [String]
  /// True when a desktop folder chooser (the portal's, or zenity's or kdialog's) can be
  /// opened for any other folder.
  public var canAskDesktop: Bool
  /// The home folder, written "~" in the panel.
  public var home: String

  /// Makes the section's state.
  public init(
    photos: String, videos: String, candidates: [String] = [], canAskDesktop: Bool = false,
    home: String = ""
  ) {
    self.photos = photos
    self.videos = videos
    self.candidates = candidates
    self.canAskDesktop = canAskDesktop
    self.home = home
  }

  /// The folder for `kind`.
  public func folder(for kind: MediaFolderKind) -> String {
    kind == .photos ? photos : videos
  }

  /// `path` as the panel writes it: "~/Pictures/Pinhole" for a folder under home.
  public func shown(_ path: String) -> String {
    guard !home.isEmpty, home != "/" else { return path }
    if path == home { return "~" }
    return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
  }

  /// The list's folders for `kind`: the one in use first when it is none of the candidates,
  /// then the candidates.
  public func choices(for kind: MediaFolderKind) -> [String] {
    let current = folder(for: kind)
    return (candidates.contains(current) ? [] : [current]) + candidates
  }
}

extension SettingsLayout {
  /// The files section: where photos and recordings go, once the app has said.
  static func folderContents(of photo: PhotoOverlayState) -> [SettingsRow.Content] {
    guard photo.saveFolders != nil else { return [] }
    return [.heading(tr("Files")), .saveFolder(.photos), .saveFolder(.videos)]
  }
}

extension SettingsPanel {
  /// The line's label for `kind`.
  static func folderTitle(_ kind: MediaFolderKind) -> String {
    kind == .photos ? tr("Save photos in") : tr("Save videos in")
  }

  /// The list entry that opens the desktop's folder chooser.
  static let otherFolderTitle = tr("Other folder…")

  /// A click opens the list of folders.
  func folderActions(_ kind: MediaFolderKind, _ response: ControlResponse) -> [OverlayAction] {
    guard response.isClicked else { return [] }
    // Spelled out per kind: Swift 6.3.1's optimiser stops with an ownership error (in copy
    // propagation) on `openPicker(.saveFolder(kind))` here.
    let target: SettingsPicker.Target =
      kind == .photos ? .saveFolder(.photos) : .saveFolder(.videos)
    return openPicker(target)
  }

  /// The label and a selector with the folder in use.
  func drawFolderRow(
    _ kind: MediaFolderKind, _ row: SettingsRow, response: ControlResponse,
    into commands: inout [DrawCommand]
  ) {
    guard let folders = state.photo.saveFolders else { return }
    painter.appendText(
      Self.folderTitle(kind), into: &commands, leading: row.frame.minX,
      centerY: row.frame.center.y, size: painter.px(Self.labelSize),
      color: CameraPainter.textColor)
    drawSelector(
      fittingFolderTitle(folders.shown(folders.folder(for: kind)), in: row.frame), suffix: "",
      frame: row.frame, response: response, opacity: 1, into: &commands)
  }

  /// `path` as the selector shows it: whole when it fits, else its last folders after "…/",
  /// since the end of a path tells folders apart better than its start.
  func fittingFolderTitle(_ path: String, in frame: Rect) -> String {
    let size = painter.px(Self.labelSize)
    let room = selectorTextRoom(in: frame)
    let parts = path.split(separator: "/")
    let tails = (1..<max(parts.count, 1)).reversed().map {
      "…/" + parts.suffix($0).joined(separator: "/")
    }
    return ([path] + tails).first { painter.text.size(of: $0, pointSize: size).width <= room }
      ?? tails.last ?? path
  }
}

extension SettingsPickerList {
  /// The folders for `kind`, the one in use ticked, then tr("Other folder…") when a desktop
  /// chooser can be opened.
  static func folderEntries(_ kind: MediaFolderKind, state: OverlayState) -> Entries {
    guard let folders = state.photo.saveFolders else { return Entries(items: [], current: nil) }
    let choices = folders.choices(for: kind)
    var items = choices.map {
      Entry(title: folders.shown($0), action: .photo(.setSaveFolder(kind, $0)))
    }
    if folders.canAskDesktop {
      items.append(
        Entry(title: SettingsPanel.otherFolderTitle, action: .photo(.chooseSaveFolder(kind))))
    }
    return Entries(items: items, current: choices.firstIndex(of: folders.folder(for: kind)))
  }
}
