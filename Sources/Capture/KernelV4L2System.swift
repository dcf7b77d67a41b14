// SPDX-License-Identifier: MIT
import CV4L2

#if canImport(Glibc)
  import Glibc
#endif

/// The live system without libv4l2's emulation layer, for nodes libv4l2 will not open.
///
/// `v4l2_open` asks every node for VIDIOC_QUERYCAP and fails (printing to stderr) when it gets
/// no answer, which is what V4L2 sub-devices such as a flash controller's `/dev/v4l-subdevN`
/// do. This system opens with plain `open`; its ioctls still go through `cv4l2_ioctl`, because
/// libv4l2 hands a descriptor it did not open straight to the kernel's `ioctl` (and Swift
/// cannot call the variadic `ioctl` itself).
///
/// Stateless, so any thread may use it; each node still confines its descriptor to one thread.
public final class KernelV4L2System: V4L2System, Sendable {
  /// Makes the live system.
  public init() {}

  /// Plain `open`, close-on-exec so a launched helper does not inherit the node.
  public func open(_ path: String, flags: Int32) throws(SystemErrno) -> Int32 {
    let fd = Glibc.open(path, flags | O_CLOEXEC)
    guard fd >= 0 else { throw SystemErrno(errno) }
    return fd
  }

  /// Plain `close`.
  public func close(_ fd: Int32) { _ = Glibc.close(fd) }

  /// The kernel's `ioctl`, reached through libv4l2's pass-through for foreign descriptors.
  public func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    throws(SystemErrno) -> Int32
  {
    let result = cv4l2_ioctl(fd, request, argument)
    guard result >= 0 else { throw SystemErrno(errno) }
    return result
  }

  /// Plain `mmap`, shared and read-write.
  public func mmap(fd: Int32, length: Int, offset: Int) throws(SystemErrno)
    -> UnsafeMutableRawPointer
  {
    let address = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset)
    guard let address, cv4l2_is_map_failed(address) == 0 else { throw SystemErrno(errno) }
    return address
  }

  /// Plain `munmap`.
  public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
    _ = Glibc.munmap(address, length)
  }

  /// Plain `poll` on one descriptor.
  public func poll(_ fd: Int32, events: Int16, timeoutMilliseconds: Int32) throws(SystemErrno)
    -> Int16
  {
    var entry = pollfd(fd: fd, events: events, revents: 0)
    let result = Glibc.poll(&entry, 1, timeoutMilliseconds)
    guard result >= 0 else { throw SystemErrno(errno) }
    return result == 0 ? 0 : entry.revents
  }

  /// `stat` on the path.
  public func nodeExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}
