// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Synchronization

/// A pretend physical camera for capture tests. It outlives the `FakeCaptureDevice`s opened on
/// it, the way a webcam outlives its file descriptors: the script (busy opens, a disconnect
/// after N frames, sequence gaps, error-flagged frames, silence) spans reopenings, and it
/// records every open and configuration for the test to inspect.
///
/// Any thread. All state sits behind one mutex, held only to read or update it.
public final class FakeCamera: Sendable {
  /// What the camera offers and which failures it acts out. Frame numbers count every frame
  /// served by the camera since it was made, across reopenings, from 0.
  public struct Script: Sendable {
    /// Formats, sizes and intervals the camera claims.
    public var capabilities: DeviceCapabilities
    /// Errors thrown by the next opens, one per open, first first.
    public var openFailures: [CaptureError] = []
    /// Number of next `configure` calls that fail with `deviceBusy`, as V4L2 reports a camera
    /// another program streams from (opening succeeds; S_FMT fails with EBUSY).
    public var busyConfigures = 0
    /// The stream ends with `disconnected` once at least this many frames have been served; the
    /// device must then be reopened. Cleared when it fires.
    public var disconnectAfterFrames: Int?
    /// Frame number → how many sequence numbers the driver skips just before that frame.
    public var sequenceGaps: [Int: UInt32] = [:]
    /// Frame numbers served with the driver's error flag set.
    public var errorFlagFrames: Set<Int> = []
    /// Once at least this many frames have been served, the camera sends nothing for `silence`.
    /// Cleared when it fires.
    public var silenceAfterFrames: Int?
    /// How long the camera stays silent.
    public var silence: Duration = .zero
    /// Time between frames; `nil` paces frames at the configured mode's interval.
    public var frameDelay: Duration?

    /// Makes a script for `capabilities` with no failures.
    public init(capabilities: DeviceCapabilities = FakeCamera.nv12Capabilities) {
      self.capabilities = capabilities
    }
  }

  /// What happens at the next frame, decided under the lock.
  enum Plan {
    case frame(number: Int, gap: UInt32, hasErrorFlag: Bool)
    case disconnect
    case silent(until: MonotonicTime)
  }

  private struct State {
    var script: Script
    var opens = 0
    var openDevices = 0
    var configured: [CaptureMode] = []
    var framesServed = 0
    var silentUntil: MonotonicTime?
  }

  /// The device description every opened device reports.
  public let info: DeviceInfo
  private let state: Mutex<State>

  /// NV12 at 640x480 and 320x240, each at 30 and 15 fps.
  public static let nv12Capabilities = DeviceCapabilities(formats: [
    FormatChoice(
      format: .nv12, description: "Y/CbCr 4:2:0", isEmulated: false,
      sizes: [640, 320].map { width in
        SizeChoice(
          size: FrameSize(width: width, height: width * 3 / 4),
          intervals: .discrete([FrameInterval(framesPerSecond: 30), .init(framesPerSecond: 15)]))
      })
  ])

  /// Makes a camera that acts out `script`.
  public init(
    info: DeviceInfo = DeviceInfo(
      path: "/dev/video-fake", name: "Fake Camera", driver: "fake", busInfo: "fake:0"),
    script: Script = Script()
  ) {
    self.info = info
    state = Mutex(State(script: script))
  }

  /// Opens the camera, or throws the next scripted open failure. Use it as the session's
  /// opener. Any thread; the device it returns belongs to the calling thread.
  public func open() throws(CaptureError) -> FakeCaptureDevice {
    let failure: CaptureError? = state.withLock { state in
      state.opens += 1
      guard !state.script.openFailures.isEmpty else {
        state.openDevices += 1
        return nil
      }
      return state.script.openFailures.removeFirst()
    }
    if let failure { throw failure }
    return FakeCaptureDevice(camera: self)
  }

  /// Changes the script while the camera runs.
  public func update(_ change: (inout Script) -> Void) {
    state.withLock { change(&$0.script) }
  }

  /// Calls of `open()`, failed ones included.
  public var openCount: Int { state.withLock { $0.opens } }
  /// Devices opened and not yet closed.
  public var openDeviceCount: Int { state.withLock { $0.openDevices } }
  /// Every mode passed to `configure`, in order.
  public var configuredModes: [CaptureMode] { state.withLock { $0.configured } }
  /// Frames served so far, over all opens.
  public var framesServed: Int { state.withLock { $0.framesServed } }

  var capabilities: DeviceCapabilities { state.withLock { $0.script.capabilities } }
  var frameDelay: Duration? { state.withLock { $0.script.frameDelay } }

  /// Records a configure call; true when it should fail as busy.
  func recordConfigure(_ mode: CaptureMode) -> Bool {
    state.withLock { state in
      state.configured.append(mode)
      guard state.script.busyConfigures > 0 else { return false }
      state.script.busyConfigures -= 1
      return true
    }
  }

  func recordClose() { state.withLock { $0.openDevices -= 1 } }

  /// Decides what the next frame is, consuming one-shot script entries.
  func planFrame(now: MonotonicTime) -> Plan {
    state.withLock { state in
      if let until = state.silentUntil, now < until { return .silent(until: until) }
      state.silentUntil = nil
      let number = state.framesServed
      if let limit = state.script.disconnectAfterFrames, number >= limit {
        state.script.disconnectAfterFrames = nil
        return .disconnect
      }
      if let limit = state.script.silenceAfterFrames, number >= limit {
        state.script.silenceAfterFrames = nil
        let nanoseconds = UInt64(state.script.silence / .nanoseconds(1))
        let until = MonotonicTime(nanoseconds: now.nanoseconds + nanoseconds)
        state.silentUntil = until
        return .silent(until: until)
      }
      state.framesServed += 1
      return .frame(
        number: number, gap: state.script.sequenceGaps[number] ?? 0,
        hasErrorFlag: state.script.errorFlagFrames.contains(number))
    }
  }
}
