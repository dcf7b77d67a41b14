// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// The settings panel's "Files" section: where photos and recordings are saved, with a list
/// of folders and, when the desktop has one, its folder chooser.
@Suite("Save folder settings")
struct SaveFolderSettingsTests {
  private let folders = SaveFolders(
    photos: "/home/ada/Pictures/Pinhole", videos: "/mnt/clips",
    candidates: ["/home/ada/Pictures/Pinhole", "/home/ada/Videos/Pinhole", "/home/ada"],
    canAskDesktop: true, home: "/home/ada")

  private var baseLayout: OverlayLayout {
    OverlayLayout(input: OverlayInput(windowSize: CameraScene.windowSize), theme: OverlayTheme())
  }

  private func state(_ folders: SaveFolders?) -> OverlayState {
    var state = CameraScene.state()
    state.camera.controls = []
    state.camera.modes = []
    state.camera.isSettingsOpen = true
    state.camera.settingsOffset = 10_000
    state.photo.saveFolders = folders
    return state
  }

  private func frame(_ input: OverlayInput, _ state: OverlayState) -> OverlayFrame {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
  }

  @Test func pathsUnderHomeAreWrittenWithATilde() {
    #expect(folders.shown("/home/ada/Pictures/Pinhole") == "~/Pictures/Pinhole")
    #expect(folders.shown("/home/ada") == "~")
    #expect(folders.shown("/home/adam/x") == "/home/adam/x")
    #expect(folders.shown("/mnt/clips") == "/mnt/clips")
  }

  @Test func theFolderInUseIsListedFirstWhenItIsNoCandidate() {
    #expect(folders.choices(for: .photos) == folders.candidates)
    #expect(folders.choices(for: .videos) == ["/mnt/clips"] + folders.candidates)
  }

  @Test func theSectionAppearsOnceTheAppSaysWhereFilesGo() {
    #expect(
      !SettingsLayout(state: state(nil), layout: baseLayout).rows.contains {
        if case .saveFolder = $0.content { true } else { false }
      })
    let rows = SettingsLayout(state: state(folders), layout: baseLayout).rows.map(\.content)
    let index = try? #require(rows.firstIndex(of: .heading("Files")))
    #expect(
      index.map { Array(rows[($0 + 1)...].prefix(2)) } == [
        .saveFolder(.photos), .saveFolder(.videos),
      ])
  }

  @Test func clickingALineOpensItsListAndAnEntryChoosesTheFolder() throws {
    let shown = state(folders)
    let row = try #require(
      SettingsLayout(state: shown, layout: baseLayout).rows.first {
        $0.content == .saveFolder(.videos)
      })
    let tap = OverlayInput(
      windowSize: CameraScene.windowSize, pointer: row.frame.center,
      clicks: [Click(position: row.frame.center)])
    let opened = SettingsPicker(target: .saveFolder(.videos))
    #expect(frame(tap, shown).actions == [.camera(.setPicker(opened))])
    var listed = shown
    listed.camera.picker = opened
    let entries = SettingsPickerList.entries(for: .saveFolder(.videos), state: listed)
    #expect(
      entries.items.map(\.title) == [
        "/mnt/clips", "~/Pictures/Pinhole", "~/Videos/Pinhole", "~", "Other folder…",
      ])
    #expect(entries.current == 0)
    #expect(entries.items[2].action == .photo(.setSaveFolder(.videos, "/home/ada/Videos/Pinhole")))
    #expect(entries.items[4].action == .photo(.chooseSaveFolder(.videos)))
  }

  @Test func withoutADesktopChooserOnlyTheListIsOffered() {
    var local = folders
    local.canAskDesktop = false
    let entries = SettingsPickerList.entries(for: .saveFolder(.photos), state: state(local))
    #expect(entries.items.map(\.title) == ["~/Pictures/Pinhole", "~/Videos/Pinhole", "~"])
    #expect(entries.current == 0)
  }
}
