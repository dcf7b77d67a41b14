// SPDX-License-Identifier: MIT
import DesktopBus
import Testing

@Suite struct PortalRequestTests {
  @Test func theRequestPathIsPredictedAsTheSpecSays() {
    #expect(
      PortalRequest.requestPath(sender: ":1.42", token: "pinhole_ab12")
        == "/org/freedesktop/portal/desktop/request/1_42/pinhole_ab12")
    let token = PortalRequest.makeToken()
    #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
  }
}
