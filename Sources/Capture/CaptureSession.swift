// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Workers

/// Runs a camera on a dedicated capture thread and hands its frames to the main thread.
///
/// The capture thread opens the device through the injected opener, picks a mode with
/// `ModePolicy`, streams, converts each frame into a free `FramePool` frame and posts it to
/// `mailbox` (newest wins). It never waits for the renderer: with no free frame, the incoming
/// frame is dropped and counted. When the camera fails, is busy or disconnects, the thread
/// reports `.failed`, closes it and calls the opener again every `retryDelay` until stopped.
///
/// The main thread takes frames from `mailbox`, gives them back with `recycle(_:)`, sends
/// `CaptureCommand`s and drains `CaptureEvent`s once per rendered frame. `wake` runs on the
/// capture thread after each new frame or event, so a render loop that sleeps until something
/// changed learns of it at once.
///
/// The capture thread is a bare `WorkerThread`, not a `Worker` or `WatchLoop`: it is started
/// by `start()` (again after a stop), may be asked to end without anyone waiting
/// (`requestStop()`, or a later session's `start(after:)` that waits on its own thread), and
/// is joined with a deadline, since a driver call may never return. It waits in the device's
/// `nextFrame(timeout:)`, whose poll the `CaptureDevice` keeps to itself, so no stop
/// descriptor can join that wait; the stop flag is checked at least once per poll timeout.
///
/// Any thread, unless a member says otherwise.
public final class CaptureSession: Sendable {
  /// Opens the camera; called on the capture thread, again after each failure, so it should
  /// find the same camera by identity rather than by a node path that may change.
  public typealias DeviceOpener = @Sendable () throws(CaptureError) -> any CaptureDevice
  /// Makes the frame converter; called once on the capture thread, which alone uses it.
  public typealias ConverterFactory = @Sendable () -> any FrameConverter

  /// The newest converted frame. Take it on the render thread; recycle it when done.
  public let mailbox = FrameMailbox<NV12Frame>()
  /// The frames shared by capture and display.
  public let pool: FramePool
  /// The session's tunables.
  public let configuration: Configuration

  let openDevice: DeviceOpener
  let makeConverter: ConverterFactory
  let events: Inbox<CaptureEvent>
  let wake: (@Sendable () -> Void)?
  /// Commands for the capture thread; generous, since the thread drains it between frames.
  private let commands = Inbox<CaptureCommand>(capacity: 1024)
  private let stopping = Atomic<Bool>(false)
  private let thread = Mutex<WorkerThread?>(nil)
  let frameTap = Mutex<FrameTap?>(nil)
  let frameSink = Mutex<FrameSink?>(nil)
  private let reduction = Atomic<Int>(1)
  /// The size whose compressed frames go out undecoded, packed as width << 32 | height; 0 for
  /// none.
  private let deferredDecodeSize = Atomic<UInt64>(0)

  /// Makes a session that is not yet running; `start()` begins capture.
  public init(
    configuration: Configuration = Configuration(),
    openDevice: @escaping DeviceOpener,
    makeConverter: @escaping ConverterFactory,
    wake: (@Sendable () -> Void)? = nil
  ) {
    self.configuration = configuration
    self.openDevice = openDevice
    self.makeConverter = makeConverter
    self.wake = wake
    pool = FramePool(
      capacity: configuration.poolCapacity, frameSize: configuration.initialFrameSize)
    events = .captureEvents(capacity: configuration.eventCapacity, wake: wake)
  }

  /// Starts the capture thread. Starting a running session is a bug. Any thread.
  public func start() { start(after: nil) }

  /// Starts the capture thread, as `start()`. With `previous` (a session asked to stop with `requestStop()`, perhaps on the same
  /// camera), the new capture thread first waits for that session's thread to end, so the
  /// camera is free when it opens it, and the caller's thread waits for nothing.
  public func start(after previous: CaptureSession?) {
    thread.withLock { thread in
      precondition(thread == nil, "the capture session is already running")
      stopping.store(false, ordering: .sequentiallyConsistent)
      thread = WorkerThread(name: "pinhole-capture") { [self] in
        previous?.stop()
        CaptureLoop(session: self).run()
      }
    }
  }

  /// Asks the capture thread to stop and returns at once: the thread stops streaming, closes
  /// the device and ends by itself, about one poll timeout later. For the render loop, which
  /// never waits on a driver; a session started with `start(after:)` on this one waits for the
  /// end on its own thread, and `stop()` still waits. Any thread.
  public func requestStop() {
    stopping.store(true, ordering: .sequentiallyConsistent)
  }

  /// Stops capture and waits for the thread to end, which takes about one poll timeout (plus
  /// one frame's conversion). The device is closed when it returns true. False means the
  /// thread was still inside a driver call after `stopTimeout`: it is left to close the device
  /// and end once the call returns, and takes no command and delivers no frame after that.
  /// Frames still in the mailbox or held by the caller stay valid. Safe to call twice. Not on
  /// the capture thread.
  @discardableResult
  public func stop() -> Bool {
    stopping.store(true, ordering: .sequentiallyConsistent)
    guard let running = thread.withLock({ $0.take() }) else { return true }
    return running.join(timeout: configuration.stopTimeout)
  }

  /// Queues `command` for the capture thread, which applies it before the next frame.
  /// Any thread.
  public func send(_ command: CaptureCommand) {
    if command == .stop { stopping.store(true, ordering: .sequentiallyConsistent) }
    commands.post(command)
  }

  /// Lets the preview decode MJPEG frames `denominator` (1, 2 or 4; anything else counts as 1)
  /// times smaller in each direction, as `PreviewReduction` picks from the size the window shows
  /// them at. Frames go out full size anyway while a frame tap (the recorder) is installed or a
  /// focus request measures them; photos take the camera's JPEG bytes and are always full
  /// size. Any thread.
  public func setPreviewReduction(_ denominator: Int) {
    let valid = PreviewReduction.denominators.contains(denominator) ? denominator : 1
    reduction.store(valid, ordering: .relaxed)
  }

  /// The reduction asked for with `setPreviewReduction(_:)`. Any thread.
  public var previewReduction: Int { reduction.load(ordering: .relaxed) }

  /// Has compressed (MJPEG) frames of `size` delivered undecoded, as with
  /// `Configuration.skipsDecoding`, until called again with another size or nil. For a Quality
  /// shot in the largest mode: the preview is frozen meanwhile, so nothing shows those frames,
  /// and decoding each at the largest size would hold the camera in that mode for longer. The
  /// shot decodes the camera's bytes afterwards. Frames of any other size are decoded as usual.
  /// Any thread.
  public func deferDecoding(ofFramesSized size: FrameSize?) {
    let packed = size.map {
      UInt64(UInt32(clamping: $0.width)) << 32 | UInt64(UInt32(clamping: $0.height))
    }
    deferredDecodeSize.store(packed ?? 0, ordering: .relaxed)
  }

  /// True when compressed frames of `size` go out undecoded (`deferDecoding(ofFramesSized:)`).
  /// Capture thread.
  func defersDecoding(of size: FrameSize) -> Bool {
    let packed = deferredDecodeSize.load(ordering: .relaxed)
    return packed != 0
      && packed == UInt64(UInt32(clamping: size.width)) << 32
        | UInt64(UInt32(clamping: size.height))
  }

  /// True while a frame tap or sink is installed: it wants frames at full size. Any thread.
  var hasFrameTap: Bool {
    frameTap.withLock { $0 != nil } || frameSink.withLock { $0 != nil }
  }

  /// Every event since the last call, oldest first. Main thread, once per rendered frame.
  public func drainEvents() -> [CaptureEvent] { events.drain() }

  /// Gives back a frame taken from `mailbox`. Any thread.
  public func recycle(_ frame: sending NV12Frame) { pool.recycle(frame) }

  /// Returns several frames to the pool at once (see `FramePool.recycle(contentsOf:)`). Any
  /// thread.
  public func recycle(contentsOf frames: sending [NV12Frame]) { pool.recycle(contentsOf: frames) }

  /// True once `stop()` or `.stop` was asked for. Any thread.
  var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

  /// Removes and returns the queued commands. Capture thread.
  func takeCommands() -> [CaptureCommand] { commands.drain() }
}
