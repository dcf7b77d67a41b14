// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// One connection to the PipeWire daemon: a `pw_thread_loop` running PipeWire's callbacks on
/// its own thread, a context and the core proxy. Every PipeWire call from another thread holds
/// the loop's lock (`locked`); callbacks run on the loop thread with the lock held.
///
/// Any thread, through `locked`. The connection ends with the object.
final class PipeWireConnection: @unchecked Sendable {
  /// The loop whose thread runs PipeWire's callbacks.
  let loop: OpaquePointer
  /// The context on that loop.
  let context: OpaquePointer
  /// The connection's core proxy.
  let core: OpaquePointer
  /// Made readable whenever something the capture thread waits for happens: a frame, a state
  /// change, the daemon gone.
  let wakeup = EventCounter()
  /// The daemon reported a fatal error on the core (it went away): loop thread writes, readers
  /// hold the lock.
  var isBroken = false
  /// The seq of the last `done` the core answered: loop thread writes, readers hold the lock.
  var lastDone: Int32 = -1

  private let coreHook = UnsafeMutablePointer<spa_hook>.allocate(capacity: 1)
  private let coreEvents = UnsafeMutablePointer<pw_core_events>.allocate(capacity: 1)

  /// `pw_init` once per process.
  private static let initialized: Bool = {
    pw_init(nil, nil)
    return true
  }()

  /// True when a PipeWire daemon may answer: `PIPEWIRE_REMOTE` names one, or the default
  /// socket exists in `XDG_RUNTIME_DIR`. Checked before loading libpipewire's configuration, so
  /// a machine without PipeWire costs nothing and prints nothing.
  static var mayHaveDaemon: Bool {
    switch PipeWireRemote.current {
    case .descriptor: return true
    case .none: return false
    case .environment: break
    }
    if let remote = getenv("PIPEWIRE_REMOTE"), remote.pointee != 0 { return true }
    guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }),
      !runtime.isEmpty
    else { return false }
    var status = stat()
    return stat(runtime + "/pipewire-0", &status) == 0
  }

  /// Connects to the daemon `PipeWireRemote.current` names.
  ///
  /// - Throws: `.notFound(device:)` naming `what` when no daemon answers, or what the remote's
  ///   opener threw.
  init(for what: String) throws(CaptureError) {
    _ = Self.initialized
    let remote = PipeWireRemote.current
    if case .none = remote { throw .notFound(device: what) }
    // The portal's socket is fetched before anything else is made, so its failure leaks nothing.
    var descriptor: Int32?
    if case .descriptor(let open) = remote { descriptor = try open() }
    guard let loop = pw_thread_loop_new("pinhole-pipewire", nil) else {
      let code = errno
      if let descriptor { close(descriptor) }
      throw .system(call: "pw_thread_loop_new", errno: code)
    }
    guard let context = pw_context_new(pw_thread_loop_get_loop(loop), nil, 0) else {
      let code = errno
      pw_thread_loop_destroy(loop)
      if let descriptor { close(descriptor) }
      throw .system(call: "pw_context_new", errno: code)
    }
    guard pw_thread_loop_start(loop) >= 0 else {
      pw_context_destroy(context)
      pw_thread_loop_destroy(loop)
      if let descriptor { close(descriptor) }
      throw .system(call: "pw_thread_loop_start", errno: EAGAIN)
    }
    pw_thread_loop_lock(loop)
    // With a descriptor, libpipewire owns it from here, on success and on failure alike.
    let core =
      if let descriptor {
        pw_context_connect_fd(context, descriptor, nil, 0)
      } else {
        pw_context_connect(context, nil, 0)
      }
    pw_thread_loop_unlock(loop)
    guard let core else {
      pw_thread_loop_stop(loop)
      pw_context_destroy(context)
      pw_thread_loop_destroy(loop)
      throw .notFound(device: what)
    }
    self.loop = loop
    self.context = context
    self.core = core
    coreHook.initialize(to: spa_hook())
    coreEvents.initialize(to: pw_core_events())
    coreEvents.pointee.version = UInt32(PW_VERSION_CORE_EVENTS)
    coreEvents.pointee.done = { data, id, seq in
      guard let data, id == PW_ID_CORE else { return }
      let connection = Unmanaged<PipeWireConnection>.fromOpaque(data).takeUnretainedValue()
      connection.lastDone = seq
      pw_thread_loop_signal(connection.loop, false)
    }
    coreEvents.pointee.error = { data, id, _, _, _ in
      // An error on the core object itself ends the connection (EPIPE: the daemon is gone);
      // errors on other objects reach their own listeners.
      guard let data, id == PW_ID_CORE else { return }
      let connection = Unmanaged<PipeWireConnection>.fromOpaque(data).takeUnretainedValue()
      connection.isBroken = true
      connection.wakeup.signal()
      pw_thread_loop_signal(connection.loop, false)
    }
    locked {
      _ = pinhole_pw_core_add_listener(
        core, coreHook, coreEvents, Unmanaged.passUnretained(self).toOpaque())
    }
  }

  deinit {
    pw_thread_loop_lock(loop)
    spa_hook_remove(coreHook)
    pw_core_disconnect(core)
    pw_thread_loop_unlock(loop)
    pw_thread_loop_stop(loop)
    pw_context_destroy(context)
    pw_thread_loop_destroy(loop)
    coreHook.deallocate()
    coreEvents.deallocate()
  }

  /// Runs `body` holding the loop's lock.
  func locked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    pw_thread_loop_lock(loop)
    defer { pw_thread_loop_unlock(loop) }
    return try body()
  }

  /// Waits, holding the lock, until `condition` holds or `timeout` passes; the lock is given
  /// up while waiting so callbacks can run. Returns whether the condition held.
  func wait(timeout: Duration, until condition: () -> Bool) -> Bool {
    var deadline = timespec()
    pw_thread_loop_get_time(loop, &deadline, timeout.saturatingNanoseconds)
    while !condition() {
      if isBroken { return false }
      if pw_thread_loop_timed_wait_full(loop, &deadline) != 0 { return condition() }
    }
    return true
  }

  /// Sends a sync to the daemon and waits, holding the lock, until it answers: every event
  /// caused by earlier requests has then arrived. False when it did not answer in time.
  func roundTrip(timeout: Duration) -> Bool {
    let seq = pinhole_pw_core_sync(core, UInt32(PW_ID_CORE), 0)
    return wait(timeout: timeout) { lastDone == seq }
  }
}
