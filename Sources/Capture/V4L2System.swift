// SPDX-License-Identifier: MIT
import CV4L2
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// The system calls a V4L2 camera needs, behind one seam so tests can play the kernel.
///
/// Every method reports failure by throwing the call and its errno (`SystemCallError`); nothing
/// retries or maps errors here — `DeviceCall` does that in one place. Thread affinity is the caller's: a device's
/// calls all come from its capture thread.
public protocol V4L2System: AnyObject {
  /// Opens the node at `path` and returns its descriptor.
  func open(_ path: String, flags: Int32) throws(SystemCallError) -> Int32

  /// Closes a descriptor. Errors are not reported: there is nothing to do about them.
  func close(_ fd: Int32)

  /// Performs one ioctl with a pointer to its argument struct; returns the call's result.
  func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    throws(SystemCallError) -> Int32

  /// Maps `length` bytes of the device's buffer memory at `offset`, shared and read-write.
  func mmap(fd: Int32, length: Int, offset: Int) throws(SystemCallError) -> UnsafeMutableRawPointer

  /// Unmaps a mapping made by `mmap`.
  func munmap(_ address: UnsafeMutableRawPointer, length: Int)

  /// Waits up to `timeoutMilliseconds` for `events` on `fd`; returns the revents (0 on timeout).
  func poll(_ fd: Int32, events: Int16, timeoutMilliseconds: Int32) throws(SystemCallError) -> Int16

  /// True when a node still exists at `path`; tells an unplug from an ordinary stream error.
  func nodeExists(_ path: String) -> Bool
}

/// The live system: libv4l2 for open, ioctl, mmap and close (so its format emulation and
/// quirk handling apply), plain `poll` and `stat`.
///
/// Stateless, so any thread may use it; each device still confines its descriptor to one thread.
public final class LibV4L2System: V4L2System, Sendable {
  /// Makes the live system. The first one sends libv4l2's own log lines to a stream that drops
  /// them: they repeat, in library words, failures Pinhole already reports as sentences. The
  /// stream makes no system call, because with a log set libv4l2 logs every ioctl as well.
  public init() { _ = Self.silenceLibraryLog }

  /// The character-device major number of every video4linux node (Linux's VIDEO_MAJOR).
  static let videoMajor: UInt = 81

  private static let silenceLibraryLog: Void = {
    // Once a log is set, libv4l2 logs every ioctl to it, a formatted line and an fflush each:
    // on /dev/null that was one write(2) per request (5476 for one --snapshot on vivid).
    if let sink = SystemCall.discardingStream() ?? fopen("/dev/null", "w") {
      cv4l2_set_log_file(sink)
    }
  }()

  /// Opens through `v4l2_open`. A node that is not a video4linux character device (major 81)
  /// fails with ENOTTY before libv4l2 sees it: libv4l2's plugins print their own complaints
  /// about such files ("Failed to query video capabilities") to stderr.
  public func open(_ path: String, flags: Int32) throws(SystemCallError) -> Int32 {
    var status = stat()
    if stat(path, &status) == 0 {
      let isCharacterDevice = status.st_mode & S_IFMT == S_IFCHR
      // The kernel's dev_t encoding (glibc's gnu_dev_major, a macro Swift does not import).
      let major = (status.st_rdev >> 8 & 0xFFF) | (status.st_rdev >> 32 & ~0xFFF)
      guard isCharacterDevice, major == Self.videoMajor else {
        throw SystemCallError(call: "open", errno: ENOTTY)
      }
    }
    let fd = cv4l2_open(path, flags)
    guard fd >= 0 else { throw SystemCallError(call: "open", errno: errno) }
    return fd
  }

  /// Closes through `v4l2_close`.
  public func close(_ fd: Int32) { _ = v4l2_close(fd) }

  /// Maps through `v4l2_mmap`, which knows about buffers libv4l2 converts into.
  public func mmap(fd: Int32, length: Int, offset: Int) throws(SystemCallError)
    -> UnsafeMutableRawPointer
  {
    let address = v4l2_mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, Int64(offset))
    guard let address, cv4l2_is_map_failed(address) == 0 else {
      throw SystemCallError(call: "mmap", errno: errno)
    }
    return address
  }

  /// Unmaps through `v4l2_munmap`.
  public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
    _ = v4l2_munmap(address, length)
  }
}

/// The calls that are the same with and without libv4l2: it keeps the kernel's descriptor, so
/// the kernel's readiness and the file system apply as they are, and it passes ioctls on
/// descriptors it did not open straight to the kernel.
extension V4L2System {
  /// Calls `v4l2_ioctl` through the shim's non-variadic wrapper.
  public func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    throws(SystemCallError) -> Int32
  {
    let result = cv4l2_ioctl(fd, request, argument)
    guard result >= 0 else { throw SystemCallError(call: "ioctl", errno: errno) }
    return result
  }

  /// Plain `poll` on one descriptor.
  public func poll(_ fd: Int32, events: Int16, timeoutMilliseconds: Int32) throws(SystemCallError)
    -> Int16
  {
    var entry = pollfd(fd: fd, events: events, revents: 0)
    let result = Glibc.poll(&entry, 1, timeoutMilliseconds)
    guard result >= 0 else { throw SystemCallError(call: "poll", errno: errno) }
    return result == 0 ? 0 : entry.revents
  }

  /// `stat` on the path.
  public func nodeExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}
