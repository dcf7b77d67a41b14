// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Watches a directory for `videoN` names appearing and disappearing: the fallback when netlink
/// sockets are not permitted. devtmpfs creates and removes /dev nodes itself, so this sees
/// hotplug even without udevd, just without the kernel's device details.
final class InotifySource: HotplugEventSource {
  let fileDescriptor: Int32
  private let directory: String
  /// Nodes seen so far, with the device number read when each appeared, because a removed node
  /// can no longer be asked.
  private var known: [String: DeviceNumber?] = [:]

  /// Starts watching `directory`. Throws the failed call and errno.
  init(directory: String) throws(HotplugError.SourceFailure) {
    let source = HotplugSource.inotify(directory: directory)
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw HotplugError.SourceFailure(source: source, call: "inotify_init1", errno: errno)
    }
    let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
    guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
      let code = errno
      close(descriptor)
      throw HotplugError.SourceFailure(source: source, call: "inotify_add_watch", errno: code)
    }
    self.fileDescriptor = descriptor
    self.directory = directory
    for name in Self.videoNames(in: directory) {
      known[name] = deviceNumber(of: name)
    }
  }

  deinit { close(fileDescriptor) }

  func receive() -> [HotplugEvent] {
    var events: [HotplugEvent] = []
    // 4 KiB holds at least 15 records even with the longest (255-byte) names.
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      // EAGAIN (nothing left to read) and any other failure end the batch.
      let count =
        (try? SystemCall.retryingEINTR("read") {
          buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        }) ?? -1
      guard count > 0 else { break }
      for record in InotifyRecord.parse(buffer[..<count]) {
        events += handle(record)
      }
    }
    return events
  }

  private func handle(_ record: InotifyRecord) -> [HotplugEvent] {
    if record.mask & UInt32(IN_Q_OVERFLOW) != 0 { return rescan() }
    guard VideoNode.isVideoName(record.name) else { return [] }
    if record.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
      let number = deviceNumber(of: record.name)
      known[record.name] = number
      return [.added(node(record.name, number))]
    }
    if record.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
      let number = known.removeValue(forKey: record.name) ?? nil
      return [.removed(node(record.name, number))]
    }
    return []
  }

  /// After the kernel dropped events, compares the directory with what was known.
  private func rescan() -> [HotplugEvent] {
    let present = Set(Self.videoNames(in: directory))
    var events: [HotplugEvent] = []
    for (name, number) in known where !present.contains(name) {
      known[name] = nil
      events.append(.removed(node(name, number)))
    }
    for name in present.sorted() where known[name] == nil {
      let number = deviceNumber(of: name)
      known[name] = number
      events.append(.added(node(name, number)))
    }
    return events
  }

  private func node(_ name: String, _ number: DeviceNumber?) -> VideoNode {
    VideoNode(path: path(of: name), sysname: name, deviceNumber: number)
  }

  private func path(of name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  private func deviceNumber(of name: String) -> DeviceNumber? {
    DeviceNumber.ofCharacterDevice(at: path(of: name))
  }

  private static func videoNames(in directory: String) -> [String] {
    DirectoryEntries.names(in: directory).filter(VideoNode.isVideoName)
  }
}
