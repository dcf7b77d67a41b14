// SPDX-License-Identifier: MIT

import Glibc
import SDLPlatform
import Testing

extension SDLPlatformTests {
  @Suite("Font lookup")
  struct FontLocatorTests {
    @Test func sansSerifLookupFindsAReadableOutlineFont() throws {
      let path = try #require(FontLocator.sansSerifPath())
      #expect(access(path, R_OK) == 0)
      #expect([".ttf", ".otf", ".ttc", ".otc"].contains { path.lowercased().hasSuffix($0) })
    }

    @Test func backgroundLookupFindsTheSameFontAndCanBeAskedTwice() {
      let lookup = FontLookup()
      #expect(lookup.path() == FontLocator.sansSerifPath())
      #expect(lookup.path() == lookup.path())
    }
  }
}
