// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// A program started with `posix_spawn`, its output sent to /dev/null, for tests that need a
/// second process (a holder of a device, `rmmod`, `modprobe`). Foundation's `Process` relies on
/// a run-loop wakeup socket that could not be created in the test VM, and its exit wait then
/// never returned; `waitpid` has no such dependency.
public struct ChildProcess: Sendable {
  /// The child's process id.
  public let pid: pid_t

  /// Starts `program` (an absolute path) with `arguments`. Throws the spawn error number.
  public init(_ program: String, _ arguments: [String] = []) throws(SpawnError) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
    }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard result == 0 else { throw SpawnError(program: program, errno: result) }
    self.pid = pid
  }

  /// Runs `program` to completion and returns its exit status (128 + signal if killed).
  public static func run(_ program: String, _ arguments: [String] = []) throws(SpawnError)
    -> Int32
  {
    try ChildProcess(program, arguments).waitForExit()
  }

  /// Waits for the child to end and reaps it; returns the exit status (128 + signal if killed).
  public func waitForExit() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return -1 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Sends SIGKILL and reaps the child.
  public func kill() {
    _ = Glibc.kill(pid, SIGKILL)
    _ = waitForExit()
  }

  /// `posix_spawn` failed.
  public struct SpawnError: Error, Hashable, Sendable {
    /// The program that could not start.
    public var program: String
    /// The error number posix_spawn returned.
    public var errno: Int32
  }
}
