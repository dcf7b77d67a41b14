// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture

/// What a test keeps of a frame it took: the metadata and the fake's stamp, read at once
/// because the frame's pixels change after it is recycled.
struct TakenFrame {
  var sequence: UInt32
  var size: FrameSize
  var stamp: UInt32
  var captureTime: MonotonicTime
  var readyTime: MonotonicTime

  init(_ frame: NV12Frame) {
    sequence = frame.metadata.sequence
    size = frame.size
    stamp = (0..<4).reduce(0) { $0 | UInt32(frame.luma(x: $1, y: 0)) << (8 * UInt32($1)) }
    captureTime = frame.metadata.captureTime
    readyTime = frame.metadata.readyTime
  }
}

/// Plays the render loop: takes frames from the session's mailbox, either recycling them at
/// once or holding a few the way a slow renderer does. Test thread only.
final class Consumer {
  private let session: CaptureSession
  private let holdLimit: Int
  private let spacing: Duration
  private let held = HeldFrames()
  private var lastTake: ContinuousClock.Instant?
  private var seen = Set<ObjectIdentifier>()

  /// Frames taken so far, oldest first.
  private(set) var frames: [TakenFrame] = []
  /// Times a frame was taken while the consumer still held it.
  private(set) var handedOutTwice = 0

  init(session: CaptureSession, holding holdLimit: Int = 0, every spacing: Duration = .zero) {
    self.session = session
    self.holdLimit = holdLimit
    self.spacing = spacing
  }

  /// Different frame objects seen so far.
  var distinctFrames: Int { seen.count }

  /// Takes the newest frame, if any, and recycles it at once.
  func takeAndRecycle() {
    guard let frame = session.mailbox.take() else { return }
    record(TakenFrame(frame), ObjectIdentifier(frame))
    session.recycle(frame)
  }

  /// Takes a frame no more often than `spacing`, keeping the last `holdLimit` frames.
  func takeAndHold() {
    let now = ContinuousClock.now
    if let lastTake, now - lastTake < spacing { return }
    guard let frame = session.mailbox.take() else { return }
    lastTake = now
    let identity = ObjectIdentifier(frame)
    if held.contains(identity) { handedOutTwice += 1 }
    record(TakenFrame(frame), identity)
    held.append(frame)
    if held.count > holdLimit, let oldest = held.removeFirst() { session.recycle(oldest) }
  }

  /// Gives back every held frame.
  func recycleAll() {
    session.recycle(contentsOf: held.removeAll())
  }

  private func record(_ taken: TakenFrame, _ identity: ObjectIdentifier) {
    seen.insert(identity)
    frames.append(taken)
  }
}

/// Rejects frames with odd sequence numbers, as a decoder rejects corrupt MJPEG.
/// Capture thread only.
final class OddFrameRejectingConverter: FrameConverter {
  private struct Corrupt: Error {}
  private let copier = CopyingConverter()

  func canConvert(_ format: PixelFormat) -> Bool { copier.canConvert(format) }

  func convert(_ raw: RawFrame, into frame: NV12Frame) throws {
    guard raw.sequence % 2 == 0 else { throw Corrupt() }
    try copier.convert(raw, into: frame)
  }
}
