// SPDX-License-Identifier: MIT

import SDLPlatform
import Testing

@Suite struct StartupNotificationTests {
  @Test func theRemoveMessageQuotesOnlyWhatNeedsIt() {
    #expect(
      StartupNotification.removeMessage(id: "gnome-shell-1234-host-pinhole-1_TIME5678")
        == "remove: ID=gnome-shell-1234-host-pinhole-1_TIME5678")
    #expect(
      StartupNotification.removeMessage(id: #"a b"c\d"#) == #"remove: ID="a b\"c\\d""#)
  }

  @Test func chunksAreTwentyBytesWithTheTerminatingNul() {
    let message = StartupNotification.removeMessage(id: "launcher-42_TIME7")
    let chunks = StartupNotification.chunks(of: message)
    #expect(chunks.allSatisfy { $0.count == 20 })
    let joined = chunks.flatMap { $0 }
    #expect(Array(joined.prefix(message.utf8.count)) == Array(message.utf8))
    #expect(joined[message.utf8.count] == 0)
    #expect(chunks.count == (message.utf8.count + 1 + 19) / 20)
    // A message of exactly 19 bytes and its NUL fill one chunk.
    #expect(StartupNotification.chunks(of: String(repeating: "x", count: 19)).count == 1)
  }
}
