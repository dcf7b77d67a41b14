// SPDX-License-Identifier: MIT
import CameraModel
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// What a V4L2 call came to when it did not throw.
enum IoctlOutcome: Equatable {
  /// The call succeeded.
  case done
  /// EAGAIN from DQBUF on a non-blocking descriptor: no frame is ready yet.
  case noFrameYet
  /// EINVAL (or ENOTTY) from an enumeration request: the list has ended.
  case endOfList
}

/// The single path every V4L2 call takes, and the one place errno becomes a `CaptureError`.
///
/// It retries EINTR through `SystemCall.retryingEINTR` (a signal interrupted the call; the
/// call itself did nothing), reports
/// EAGAIN as "no frame yet" and never retries ETIMEDOUT, which a driver returns when the
/// hardware really did not answer.
enum DeviceCall {
  /// Runs `request` on `fd` with `argument`. `device` names the node in errors;
  /// `isStreaming` lets errors of a vanished node read as an unplug.
  static func ioctl<Argument>(
    _ system: any V4L2System, fd: Int32, _ request: V4L2Request, _ argument: inout Argument,
    device: String, isStreaming: Bool = false
  ) throws(CaptureError) -> IoctlOutcome {
    let code: Int32? = withUnsafeMutableBytes(of: &argument) { raw in
      // Every argument struct is non-empty, so the base address exists.
      guard let base = raw.baseAddress else { return EFAULT }
      do throws(SystemCallError) {
        _ = try SystemCall.retryingEINTR { () throws(SystemCallError) in
          try system.ioctl(fd, request.code, base)
        }
        return nil
      } catch {
        return error.errno
      }
    }
    guard let code else { return .done }
    // Only DQBUF can be "not yet"; anywhere else EAGAIN is a failure the caller must see.
    if code == EAGAIN && request == .dequeueBuffer { return .noFrameYet }
    if request.isEnumeration && (code == EINVAL || code == ENOTTY) { return .endOfList }
    throw captureError(
      errno: code, call: request.name, device: device, isStreaming: isStreaming,
      nodeExists: { system.nodeExists(device) })
  }

  /// Runs `body` (a seam call other than ioctl), retrying EINTR and mapping any other errno.
  static func call<Result>(
    _ name: String, device: String, isStreaming: Bool = false, system: any V4L2System,
    _ body: () throws(SystemCallError) -> Result
  ) throws(CaptureError) -> Result {
    do throws(SystemCallError) {
      return try SystemCall.retryingEINTR(body)
    } catch {
      throw captureError(
        errno: error.errno, call: name, device: device, isStreaming: isStreaming,
        nodeExists: { system.nodeExists(device) })
    }
  }

  /// Maps `errno` from `call` on `device` into a case a person can act on.
  ///
  /// While streaming, any error on a node that has vanished is an unplug: uvcvideo answers
  /// DQBUF with EINVAL, not ENODEV, when the USB device goes away.
  static func captureError(
    errno code: Int32, call: String, device: String, isStreaming: Bool,
    nodeExists: () -> Bool
  ) -> CaptureError {
    // EFAULT and EBADF mean Pinhole passed a bad pointer or descriptor: a bug, not input.
    precondition(code != EFAULT && code != EBADF, "\(call) on \(device) failed with errno \(code)")
    switch code {
    case EACCES, EPERM: return .permissionDenied(device: device)
    case EBUSY: return .deviceBusy(device: device)
    case ENODEV: return .disconnected(device: device)
    // vivid's inject_fatal_streaming_error answers EIO with the node still present; an unplug
    // removes the node, whatever errno the driver gives on the way out.
    case EIO: return nodeExists() ? .driverFailed(device: device) : .disconnected(device: device)
    case ENOENT: return .notFound(device: device)
    case ENXIO: return .notACamera(device: device)
    default:
      if isStreaming && !nodeExists() { return .disconnected(device: device) }
      return .system(call: call, errno: code)
    }
  }
}
