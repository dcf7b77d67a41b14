// SPDX-License-Identifier: MIT
import MediaStore
import Testing

@Suite struct SaveFolderCandidatesTests {
  /// A made-up disk: folders and whether they can be written; `/media/ada` lists its drives.
  private func candidates(_ folders: [String: Bool]) -> [String] {
    let pictures = PicturesFolder(environment: ["HOME": "/home/ada"], readFile: { _ in nil })
    return SaveFolderCandidates(pictures: pictures) { path in
      guard let isWritable = folders[path] else { return .missing }
      let children = folders.keys.filter {
        $0.hasPrefix(path + "/") && !$0.dropFirst(path.count + 1).contains("/")
      }.map { String($0.dropFirst(path.count + 1)) }
      return .folder(isWritable: isWritable, children: children)
    }.list()
  }

  @Test func theUsersFoldersComeFirstAndOnlyWritableOnesAreOffered() {
    let list = candidates([
      "/home/ada": true, "/home/ada/Pictures": true, "/home/ada/Videos": true,
      "/home/ada/Documents": false, "/home/ada/Desktop": true,
    ])
    // Pinhole's own folders are offered before they exist: the first capture makes them.
    #expect(
      list == [
        "/home/ada/Pictures/Pinhole", "/home/ada/Videos/Pinhole", "/home/ada/Pictures",
        "/home/ada/Videos", "/home/ada/Desktop", "/home/ada",
      ])
  }

  @Test func mountedDrivesAreOfferedWhenWritable() {
    let list = candidates([
      "/home/ada": true, "/media/ada": false, "/media/ada/CARD": true, "/media/ada/DVD": false,
      "/media/ada/.hidden": true, "/run/media/ada": false, "/run/media/ada/USB": true,
    ])
    #expect(list.contains("/media/ada/CARD"))
    #expect(list.contains("/run/media/ada/USB"))
    #expect(!list.contains("/media/ada/DVD"))
    #expect(!list.contains("/media/ada/.hidden"))
  }

  @Test func aMissingPinholeFolderUnderAFolderThatCannotBeWrittenIsNotOffered() {
    let list = candidates(["/home/ada": true, "/home/ada/Pictures": false])
    #expect(!list.contains("/home/ada/Pictures/Pinhole"))
    #expect(list == ["/home/ada"])
  }
}
