// SPDX-License-Identifier: MIT

/// A descriptor that becomes readable when nodes come or go, and the reader that turns what it
/// carries into events. Not thread-safe: `CameraMonitor` keeps each source inside a mutex and
/// reads it from its thread only.
protocol HotplugEventSource: AnyObject {
  /// The descriptor to poll for input. Stays valid until the source is released.
  var fileDescriptor: Int32 { get }

  /// Reads everything pending without blocking and returns the camera events among it.
  func receive() -> [HotplugEvent]
}
