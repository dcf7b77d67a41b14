// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// Finds the processes that hold a device node open, to say "the camera is in use by obs".
///
/// Reads `/proc/PID/fd/*` links. A link names the path the file was opened by, so a node
/// opened through another mount of devtmpfs, or a copy made with `mknod`, is matched by its
/// device number instead. Processes that vanish during the scan, or whose descriptors we may
/// not read (other users' processes, unless running as root), are skipped without error: the
/// answer is "who we can see", never a failure. Any thread; blocking file I/O, so not on the
/// render loop.
public struct DeviceHolders: Sendable {
  /// The proc filesystem to scan; tests pass a fake tree.
  public var procRoot: String
  /// The process to leave out, normally Pinhole itself.
  public var excludedPID: Int32

  /// Scans `procRoot`, leaving out `excludedPID` (by default this process).
  public init(procRoot: String = "/proc", excludedPID: Int32 = getpid()) {
    self.procRoot = procRoot
    self.excludedPID = excludedPID
  }

  /// The processes holding `devicePath` open, by ascending pid.
  public func holders(of devicePath: String) -> [DeviceHolder] {
    let target = DeviceNumber.ofCharacterDevice(at: devicePath)
    return processIDs().compactMap { pid in
      guard pid != excludedPID, holds(pid, devicePath, target),
        let name = programName(of: pid)
      else { return nil }
      return DeviceHolder(pid: pid, programName: name)
    }
  }

  /// Numeric entries of the proc root; "self", "sys" and the rest are not processes.
  private func processIDs() -> [Int32] {
    DirectoryEntries.names(in: procRoot).compactMap { Int32($0) }.filter { $0 > 0 }.sorted()
  }

  private func holds(_ pid: Int32, _ devicePath: String, _ target: DeviceNumber?) -> Bool {
    let directory = "\(procRoot)/\(pid)/fd"
    return DirectoryEntries.names(in: directory).contains { descriptor in
      let link = "\(directory)/\(descriptor)"
      guard let opened = Self.readLink(link) else { return false }
      if opened == devicePath { return true }
      // Sockets, pipes and anon inodes read as "socket:[123]"; only paths can be devices.
      guard let target, opened.hasPrefix("/") else { return false }
      return DeviceNumber.ofCharacterDevice(at: link) == target
    }
  }

  /// `/proc/PID/comm` without its newline; nil when the process ended during the scan.
  private func programName(of pid: Int32) -> String? {
    guard let file = fopen("\(procRoot)/\(pid)/comm", "r") else { return nil }
    defer { fclose(file) }
    // comm holds at most 15 bytes (TASK_COMM_LEN 16 with the NUL) plus a newline.
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = fread(&buffer, 1, buffer.count, file)
    guard count > 0 else { return nil }
    return Self.programName(fromComm: buffer.prefix(count))
  }

  /// The name in one read of a `comm` file: up to its newline or NUL, at most 64 bytes, any
  /// bytes that are not UTF-8 shown as U+FFFD. Nil when nothing is left. Pure; public for the
  /// fuzz targets.
  public static func programName<Bytes: Collection<UInt8>>(fromComm bytes: Bytes) -> String? {
    let name = bytes.prefix(64).prefix { $0 != 0 && $0 != 10 }
    guard !name.isEmpty else { return nil }
    return String(decoding: name, as: UTF8.self)
  }

  private static func readLink(_ path: String) -> String? {
    // PATH_MAX; longer targets are not device nodes Pinhole opens.
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
