// SPDX-License-Identifier: MIT
import Foundation
import Testing

@testable import Lighting

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Reading media graphs")
struct MediaTopologyTests {
  @Test func onlyInterfaceLinksLeadToTheFlash() {
    let graph = FlashFixtures.graph(flash: (81, 5))
    let found = graph.interfaces(reachingFunction: MediaTopology.flashFunction)
    #expect(found.map(\.minor) == [5])
    #expect(
      FlashFixtures.graph(flash: nil).interfaces(reachingFunction: MediaTopology.flashFunction)
        .isEmpty)
  }

  @Test func anInterfaceLinkedTwiceIsListedOnce() {
    var graph = FlashFixtures.graph(flash: (81, 5))
    graph.links.append(
      .init(id: 30, sourceID: 12, sinkID: 5, flags: MediaTopology.interfaceLinkType))
    #expect(graph.interfaces(reachingFunction: MediaTopology.flashFunction).count == 1)
  }

  @Test func theKernelReaderReportsAMissingNode() {
    let path = "/nonexistent/media0"
    #expect(throws: FlashError.mediaController(call: "open", device: path, errno: ENOENT)) {
      try MediaControllerReader().topology(ofMediaDevice: path)
    }
  }

  @Test func theKernelReaderReportsANodeThatIsNoMediaDevice() {
    #expect(
      throws: FlashError.mediaController(
        call: "MEDIA_IOC_G_TOPOLOGY", device: "/dev/null", errno: ENOTTY)
    ) {
      try MediaControllerReader().topology(ofMediaDevice: "/dev/null")
    }
  }

  /// Runs where the machine has a media device (the vivid VM, a laptop webcam): every
  /// interface link must join an interface and an entity the graph lists.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/media0")))
  func theKernelGraphIsConsistent() throws {
    let graph = try MediaControllerReader().topology(ofMediaDevice: "/dev/media0")
    #expect(!graph.entities.isEmpty)
    for link in graph.links where link.isInterfaceLink {
      #expect(graph.interfaces.contains { $0.id == link.sourceID })
      #expect(graph.entities.contains { $0.id == link.sinkID })
    }
  }

  /// Runs where a camera has a media device: the graph read from the media device found
  /// beside /dev/video0 in sysfs has an interface with video0's own device number.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/media0")))
  func theCamerasMediaGraphHasItsVideoNode() throws {
    let discovery = FlashDiscovery()
    let media = try #require(discovery.mediaDevices(ofVideoNode: "/dev/video0").first)
    let number = try String(
      contentsOfFile: "/sys/class/video4linux/video0/dev", encoding: .utf8
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let graph = try MediaControllerReader().topology(ofMediaDevice: media)
    #expect(graph.interfaces.contains { "\($0.major):\($0.minor)" == number })
  }
}
