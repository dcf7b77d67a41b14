// SPDX-License-Identifier: MIT
import Glibc

/// Unix-domain stream sockets named by a path: the single-instance channel between two
/// launches. Only the calls; what is said over them is decided above.
///
/// Every descriptor is close-on-exec. Any thread; each descriptor belongs to its caller.
public enum LocalSocket {
  /// The longest path a socket address holds, without its terminating NUL (107 on Linux).
  public static let longestPath: Int = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// A non-blocking socket listening at `path`. Throws EADDRINUSE when the name exists (a
  /// socket someone listens on, or a stale one: the caller decides), ENAMETOOLONG when the
  /// path does not fit.
  public static func listen(at path: String, backlog: Int32 = 4) throws(SystemCallError) -> Int32 {
    let descriptor = try makeSocket(call: "socket", nonBlocking: true)
    do {
      try withAddress(path, call: "bind") { (address, length) throws(SystemCallError) in
        try SystemCall.retryingEINTR("bind") { bind(descriptor, address, length) }
      }
      try SystemCall.retryingEINTR("listen") { Glibc.listen(descriptor, backlog) }
    } catch {
      close(descriptor)
      throw error
    }
    return descriptor
  }

  /// A blocking socket connected to `path`. Throws ENOENT when nothing is there and
  /// ECONNREFUSED when a socket file is there but nobody listens (a process that died).
  public static func connect(to path: String) throws(SystemCallError) -> Int32 {
    let descriptor = try makeSocket(call: "socket", nonBlocking: false)
    do {
      try withAddress(path, call: "connect") { (address, length) throws(SystemCallError) in
        try SystemCall.retryingEINTR("connect") { Glibc.connect(descriptor, address, length) }
      }
    } catch {
      close(descriptor)
      throw error
    }
    return descriptor
  }

  /// The next waiting connection as a non-blocking, close-on-exec descriptor, or nil when none
  /// waits. (accept4 would set both flags at once, but Swift's Glibc module does not declare it
  /// and declaring it through CSystem clashes with the modules that include <sys/socket.h>.)
  public static func accept(from listener: Int32) throws(SystemCallError) -> Int32? {
    let descriptor: Int32
    do {
      descriptor = try SystemCall.retryingEINTR("accept") { Glibc.accept(listener, nil, nil) }
    } catch {
      if error.errno == EAGAIN || error.errno == EWOULDBLOCK || error.errno == ECONNABORTED {
        return nil
      }
      throw error
    }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return descriptor
  }

  /// Waits up to `timeout` (nil: for ever) for any of `descriptors` to become readable (or hung
  /// up); returns which did.
  public static func waitReadable(_ descriptors: [Int32], timeout: Duration?)
    throws(SystemCallError) -> [Bool]
  {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds = timeout.map {
      Int32(min(max(0, $0 / .milliseconds(1)), 60_000).rounded(.up))
    }
    let count = nfds_t(entries.count)
    try SystemCall.retryingEINTR("poll") { poll(&entries, count, milliseconds ?? -1) }
    return entries.map { $0.revents != 0 }
  }

  /// Reads until a newline, the end of the stream, `limit` bytes or `timeout`, whichever
  /// comes first; returns what arrived (possibly nothing).
  public static func readLine(from descriptor: Int32, limit: Int, timeout: Duration)
    throws(SystemCallError) -> [UInt8]
  {
    let deadline = ContinuousClock.now + timeout
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while received.count < limit, !received.contains(0x0A) {
      let left = deadline - ContinuousClock.now
      guard left > .zero, try waitReadable([descriptor], timeout: left).first == true else { break }
      let wanted = min(chunk.count, limit - received.count)
      let result = try SystemCall.retryingEINTR("read") { () -> Int in
        do {
          return chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
        }
      }
      if result == 0 { break }
      received += chunk.prefix(min(result, wanted))
    }
    return received
  }

  /// Writes all of `bytes`, never raising SIGPIPE when the other end has gone.
  public static func write(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
      let written = try SystemCall.retryingEINTR("send") { () -> Int in
        bytes.withUnsafeBytes { buffer in
          send(
            descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset,
            Int32(MSG_NOSIGNAL))
        }
      }
      guard written > 0 else { break }
      offset += min(written, bytes.count - offset)
    }
  }

  /// Removes the name `path`; a name already gone is not an error.
  public static func remove(_ path: String) throws(SystemCallError) {
    do {
      try SystemCall.retryingEINTR("unlink") { unlink(path) }
    } catch {
      if error.errno != ENOENT { throw error }
    }
  }

  /// The device and inode of `path` (not following a final symbolic link), to tell later
  /// whether the name still is the socket this process bound.
  public static func identity(of path: String) throws(SystemCallError) -> (
    device: UInt64, inode: UInt64
  ) {
    var status = stat()
    try SystemCall.retryingEINTR("lstat") { lstat(path, &status) }
    return (UInt64(status.st_dev), UInt64(status.st_ino))
  }

  /// Makes `path` a folder only this user can enter (mode 0700), or checks that the one there
  /// is: a real folder (not a link), owned by this user, closed to others. Throws EPERM when
  /// the folder there is not safe to put a socket in.
  public static func makePrivateFolder(_ path: String) throws(SystemCallError) {
    do {
      try SystemCall.retryingEINTR("mkdir") { mkdir(path, 0o700) }
      return
    } catch {
      if error.errno != EEXIST { throw error }
    }
    var status = stat()
    try SystemCall.retryingEINTR("lstat") { lstat(path, &status) }
    let isFolder = status.st_mode & S_IFMT == S_IFDIR
    guard isFolder, status.st_uid == getuid(), status.st_mode & 0o077 == 0 else {
      throw SystemCallError(call: "mkdir", errno: EPERM)
    }
  }

  /// The real user id, for the fallback folder's name.
  public static var userID: UInt32 { getuid() }

  private static func makeSocket(call: String, nonBlocking: Bool) throws(SystemCallError) -> Int32 {
    var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
    return try SystemCall.retryingEINTR(call) { socket(AF_UNIX, type, 0) }
  }

  private static func withAddress(
    _ path: String, call: String,
    _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemCallError) -> Void
  ) throws(SystemCallError) {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count <= longestPath, !bytes.contains(0) else {
      throw SystemCallError(call: call, errno: ENAMETOOLONG)
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    try withUnsafePointer(to: &address) { (pointer) throws(SystemCallError) in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        (address) throws(SystemCallError) in
        try body(address, length)
      }
    }
  }
}
