import CV4L2
// SPDX-License-Identifier: MIT
import SystemCalls

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
  public func open(_ path: String, flags: Int32) throws(SystemCallError) -> Int32 {
    let fd = Glibc.open(path, flags | O_CLOEXEC)
    guard fd >= 0 else { throw SystemCallError(call: "open", errno: errno) }
    return fd
  }

  /// Plain `close`.
  public func close(_ fd: Int32) { _ = Glibc.close(fd) }

  /// Plain `mmap`, shared and read-write.
  public func mmap(fd: Int32, length: Int, offset: Int) throws(SystemCallError)
    -> UnsafeMutableRawPointer
  {
    let address = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset)
    guard let address, cv4l2_is_map_failed(address) == 0 else {
      throw SystemCallError(call: "mmap", errno: errno)
    }
    return address
  }

  /// Plain `munmap`.
  public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
    _ = Glibc.munmap(address, length)
  }
}
