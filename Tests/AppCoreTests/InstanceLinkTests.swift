// SPDX-License-Identifier: MIT
import AppCore
import CameraTestSupport
import Foundation
import Glibc
import SystemCalls
import Testing

/// The single-instance channel over real sockets in a scratch folder.
@Suite struct InstanceLinkTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    // The socket sits in a folder of its own, as in the runtime folder.
    path = folder.path + "/pinhole/display-x11-:9"
  }

  @Test func secondLaunchHandsItsModeToTheRunningWindow() {
    let first = InstanceLink(path: path, message: InstanceMessage(), handsOver: true)
    #expect(first.claim() == .listening)
    let second = InstanceLink(
      path: path, message: InstanceMessage(startMode: .video), handsOver: true)
    #expect(second.claim() == .handedOver)
    second.stop()
    #expect(first.requests.next(timeout: .seconds(5)) == InstanceMessage(startMode: .video))
    first.stop()
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func staleSocketOfAKilledWindowIsReplaced() throws {
    try LocalSocket.makePrivateFolder(folder.path + "/pinhole")
    // A socket that was bound and never removed: what a killed Pinhole leaves behind.
    close(try LocalSocket.listen(at: path))
    #expect(FileManager.default.fileExists(atPath: path))
    let link = InstanceLink(path: path, message: InstanceMessage(), handsOver: true)
    #expect(link.claim() == .listening)
    let next = InstanceLink(path: path, message: InstanceMessage(), handsOver: true)
    #expect(next.claim() == .handedOver)
    next.stop()
    link.stop()
  }

  @Test func newWindowRunsBesideTheRunningOneWithoutSendingIt() {
    let first = InstanceLink(path: path, message: InstanceMessage(), handsOver: true)
    #expect(first.claim() == .listening)
    let second = InstanceLink(path: path, message: InstanceMessage(), handsOver: false)
    guard case .alone = second.claim() else {
      Issue.record("a --new-window launch should run alone")
      return
    }
    second.stop()
    // Still listening for the next launch, and it took no request from the --new-window one.
    let third = InstanceLink(
      path: path, message: InstanceMessage(startMode: .scan), handsOver: true)
    #expect(third.claim() == .handedOver)
    third.stop()
    #expect(first.requests.next(timeout: .seconds(5)) == InstanceMessage(startMode: .scan))
    #expect(first.requests.count == 0)
    first.stop()
  }

  @Test func malformedLineIsAnsweredWithAnErrorAndIgnored() throws {
    let link = InstanceLink(path: path, message: InstanceMessage(), handsOver: true)
    #expect(link.claim() == .listening)
    let connection = try LocalSocket.connect(to: path)
    defer { close(connection) }
    try LocalSocket.write(Array("pinhole 1 format-disk\n".utf8), to: connection)
    let answer = try LocalSocket.readLine(from: connection, limit: 16, timeout: .seconds(5))
    #expect(answer == Array("error\n".utf8))
    #expect(link.requests.count == 0)
    link.stop()
  }

  @Test func folderOthersCanWriteIsRefused() throws {
    let shared = folder.path + "/pinhole"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    chmod(shared, 0o777)
    let link = InstanceLink(path: path, message: InstanceMessage(), handsOver: true)
    guard case .alone = link.claim() else {
      Issue.record("a world-writable folder must not hold the socket")
      return
    }
    link.stop()
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func noDisplayMeansNoChannel() {
    let link = InstanceLink(path: nil, message: InstanceMessage(), handsOver: true)
    guard case .alone = link.claim() else {
      Issue.record("no path should run alone")
      return
    }
    link.stop()
  }
}
