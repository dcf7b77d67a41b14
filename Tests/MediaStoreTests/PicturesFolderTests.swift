// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import MediaStore
import Testing

@Suite struct PicturesFolderTests {
  @Test func parsesQuotedHomeRelativeAndAbsoluteEntries() {
    let text = """
      # This file is written by xdg-user-dirs-update
      XDG_DESKTOP_DIR="$HOME/Desktop"
      XDG_PICTURES_DIR="$HOME/Bilder"
        XDG_VIDEOS_DIR = "/srv/media/videos"
      XDG_MUSIC_DIR="relative/is/ignored"
      XDG_DOCUMENTS_DIR="${HOME}/Docs"
      """
    let dirs = UserDirectories.parse(text, home: "/home/ann")
    #expect(dirs["XDG_PICTURES_DIR"] == "/home/ann/Bilder")
    #expect(dirs["XDG_VIDEOS_DIR"] == "/srv/media/videos")
    #expect(dirs["XDG_DOCUMENTS_DIR"] == "/home/ann/Docs")
    #expect(dirs["XDG_MUSIC_DIR"] == nil)
    #expect(dirs.count == 4)
  }

  @Test func readsUserDirsFileUnderTemporaryHome() throws {
    let home = try TemporaryFolder()
    try home.makeFile(".config/user-dirs.dirs", text: "XDG_PICTURES_DIR=\"$HOME/Fotos\"\n")
    let folder = PicturesFolder(environment: ["HOME": home.path]).resolve()
    #expect(folder.path == home.path + "/Fotos/Pinhole")
  }

  @Test func honoursXDGConfigHome() throws {
    let home = try TemporaryFolder()
    try home.makeFile("cfg/user-dirs.dirs", text: "XDG_PICTURES_DIR=\"$HOME/Elsewhere\"\n")
    let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/cfg"]
    #expect(
      PicturesFolder(environment: environment).resolve().path
        == home.path + "/Elsewhere/Pinhole")
  }

  @Test func environmentVariableOverridesFile() throws {
    let home = try TemporaryFolder()
    try home.makeFile(".config/user-dirs.dirs", text: "XDG_PICTURES_DIR=\"$HOME/Fotos\"\n")
    let environment = ["HOME": home.path, "XDG_PICTURES_DIR": "$HOME/FromEnv"]
    #expect(
      PicturesFolder(environment: environment).resolve().path
        == home.path + "/FromEnv/Pinhole")
  }

  @Test func fallsBackToPicturesInHomeWithoutFile() throws {
    let home = try TemporaryFolder()
    let resolver = PicturesFolder(environment: ["HOME": home.path])
    #expect(resolver.resolve().path == home.path + "/Pictures/Pinhole")
    #expect(resolver.resolve(.videos).path == home.path + "/Videos/Pinhole")
    #expect(resolver.isHomeFallback(.pictures) && resolver.isHomeFallback(.videos))
  }

  @Test func aFolderNamedBySettingsIsNoHomeFallback() throws {
    let home = try TemporaryFolder()
    try home.makeFile(".config/user-dirs.dirs", text: "XDG_PICTURES_DIR=\"/media/card\"\n")
    let resolver = PicturesFolder(environment: ["HOME": home.path])
    #expect(!resolver.isHomeFallback(.pictures))
    #expect(resolver.isHomeFallback(.videos))
  }

  @Test func resolvesVideosFromSameFile() throws {
    let home = try TemporaryFolder()
    try home.makeFile(
      ".config/user-dirs.dirs",
      text: "XDG_PICTURES_DIR=\"$HOME/P\"\nXDG_VIDEOS_DIR=\"$HOME/V\"\n")
    #expect(
      PicturesFolder(environment: ["HOME": home.path]).resolve(.videos).path
        == home.path + "/V/Pinhole")
  }

  @Test func explicitOutputDirectoryWinsAndIsUsedAsIs() {
    let resolver = PicturesFolder(environment: ["HOME": "/home/ann", "XDG_PICTURES_DIR": "/p"])
    let chosen = URL(fileURLWithPath: "/media/card/DCIM/./shots")
    #expect(resolver.resolve(override: chosen).path == "/media/card/DCIM/shots")
  }

  @Test func resolvingNeverCreatesTheFolder() throws {
    let home = try TemporaryFolder()
    _ = PicturesFolder(environment: ["HOME": home.path]).resolve()
    #expect(try home.names().isEmpty)
  }
}
