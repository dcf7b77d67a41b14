// SPDX-License-Identifier: MIT
import AppCore
import Glibc
import Testing

@Suite struct InstanceMessageTests {
  @Test func requestRoundTripsWithAndWithoutAMode() {
    for mode in [nil] + StartMode.allCases.map(Optional.some) {
      let message = InstanceMessage(startMode: mode)
      #expect(InstanceMessage(parsing: message.encoded) == message)
    }
    #expect(
      String(decoding: InstanceMessage(startMode: .video).encoded, as: UTF8.self)
        == "pinhole 1 activate mode=video\n")
  }

  @Test func unknownFieldsAreSkippedForLaterVersions() {
    let parsed = InstanceMessage(parsing: Array("pinhole 1 activate size=big mode=scan\n".utf8))
    #expect(parsed == InstanceMessage(startMode: .scan))
  }

  @Test func refusesAnythingButOneWholeLineOfThisProtocol() {
    let refused = [
      "", "\n", "pinhole 1 activate", "pinhole 2 activate\n", "other 1 activate\n",
      "pinhole 1 quit\n", "pinhole 1 activate mode=movie\n", "pinhole 1 activate mode\n",
      "pinhole 1 activate =video\n", "pinhole 1 activate mode=photo mode=video\n",
      "pinhole 1 activate\npinhole 1 activate\n", "pinhole  1 activate\n",
      "pinhole 1 activate a=1 b=2 c=3 d=4 e=5 f=6\n", "pinhole 1 activate\tmode=video\n",
      "pinhole 1 activate mode=vidéo\n",
    ]
    for line in refused {
      #expect(InstanceMessage(parsing: Array(line.utf8)) == nil, "\(line.debugDescription)")
    }
    let long = "pinhole 1 activate x=" + String(repeating: "y", count: 200) + "\n"
    #expect(InstanceMessage(parsing: Array(long.utf8)) == nil)
  }

  @Test func socketIsPerDisplayUnderTheRuntimeFolder() {
    let path = InstanceSocket.path(
      environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "DISPLAY": ":0"], userID: 1000,
      longestPath: 107)
    #expect(path == "/run/user/1000/pinhole/display-x11-:0")
    let wayland = InstanceSocket.path(
      environment: [
        "XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0",
      ], userID: 1000,
      longestPath: 107)
    #expect(wayland == "/run/user/1000/pinhole/display-wayland-wayland-0")
  }

  @Test func socketFallsBackToTmpAndNeedsADisplay() {
    #expect(
      InstanceSocket.path(environment: ["DISPLAY": "host/x:1"], userID: 7, longestPath: 107)
        == "/tmp/pinhole-7/display-x11-host_x:1")
    #expect(InstanceSocket.path(environment: [:], userID: 7, longestPath: 107) == nil)
    let deep = "/" + String(repeating: "d", count: 120)
    #expect(
      InstanceSocket.path(
        environment: ["XDG_RUNTIME_DIR": deep, "DISPLAY": ":3"], userID: 7, longestPath: 107)
        == "/tmp/pinhole-7/display-x11-:3")
    #expect(
      InstanceSocket.path(
        environment: ["XDG_RUNTIME_DIR": "relative", "DISPLAY": ":3"], userID: 7,
        longestPath: 107) == "/tmp/pinhole-7/display-x11-:3")
  }

  @Test func connectFailuresDecideBetweenListeningReplacingAndRunningAlone() {
    #expect(InstanceSocket.decision(afterConnectFailure: ENOENT) == .listen)
    #expect(InstanceSocket.decision(afterConnectFailure: ECONNREFUSED) == .replaceStale)
    #expect(InstanceSocket.decision(afterConnectFailure: EACCES) == .runAlone)
    #expect(InstanceSocket.decision(afterConnectFailure: ENAMETOOLONG) == .runAlone)
  }
}
