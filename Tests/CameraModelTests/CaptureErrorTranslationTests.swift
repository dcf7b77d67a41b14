// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Glibc
import Localization
import SystemCalls
import Testing

/// The camera's error sentences reach the window and the terminal in the user's language.
@Suite struct CaptureErrorTranslationTests {
  /// `po/de.po` compiled into a fresh folder, as `po/compile` lays it out.
  private static func germanCatalogFolder() throws -> URL {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-locale-\(UUID().uuidString)")
    let messages = folder.appendingPathComponent("de/LC_MESSAGES")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
    compile.arguments = [
      "-o", messages.appendingPathComponent("\(Localization.domain).mo").path,
      root.appendingPathComponent("po/de.po").path,
    ]
    try compile.run()
    compile.waitUntilExit()
    try #require(compile.terminationStatus == 0)
    return folder
  }

  /// `body`'s result with this thread's messages in German: the thread alone takes the
  /// C.UTF-8 locale (the process stays in "C", where glibc ignores `LANGUAGE`, so other
  /// threads keep English).
  private static func inGerman<T>(_ body: () -> T) throws -> T {
    let folder = try germanCatalogFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    MessageCatalog.bind(domain: Localization.domain, folder: folder.path)
    let locale = try #require(newlocale(Int32(1) << LC_MESSAGES, "C.UTF-8", nil))
    defer { freelocale(locale) }
    setenv("LANGUAGE", "de", 1)
    defer { unsetenv("LANGUAGE") }
    let previous = uselocale(locale)
    defer { _ = uselocale(previous) }
    return body()
  }

  @Test func aBusyCameraIsReportedInGermanWithTheGermanCatalog() throws {
    let error = CaptureError.deviceBusy(device: "/dev/video0")
    #expect(error.userMessage == "/dev/video0 is in use by another application.")
    let german = try Self.inGerman { error.userMessage }
    #expect(german == "/dev/video0 wird von einer anderen Anwendung verwendet.")
    #expect(error.userMessage == "/dev/video0 is in use by another application.")
  }
}
