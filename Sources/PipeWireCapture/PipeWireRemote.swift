// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Synchronization

/// Where every PipeWire connection of the process goes: the daemon the environment names
/// (`PIPEWIRE_REMOTE`, or `pipewire-0` in `XDG_RUNTIME_DIR`), a socket someone else opened
/// for us (the camera portal's `OpenPipeWireRemote`: a sandboxed app may use only that), or
/// nowhere (the portal was asked and gave no remote: no camera may be reached directly).
public enum PipeWireRemote: Sendable {
  /// The daemon the environment names.
  case environment
  /// Each connection calls `open` for a fresh socket already connected to the daemon and
  /// hands it to libpipewire (`pw_context_connect_fd`), which owns it from then on. `open`
  /// throws when no socket can be had.
  case descriptor(open: @Sendable () throws(CaptureError) -> Int32)
  /// No connection is made: discovery finds nothing and opening a camera says it is not there.
  case none

  private static let chosen = Mutex<PipeWireRemote>(.environment)

  /// The remote in use; `.environment` until `use(_:)` says otherwise. Any thread.
  public static var current: PipeWireRemote { chosen.withLock { $0 } }

  /// Sends every later PipeWire connection of the process to `remote`. Call it at start-up,
  /// before any camera is looked for.
  public static func use(_ remote: PipeWireRemote) { chosen.withLock { $0 = remote } }
}
